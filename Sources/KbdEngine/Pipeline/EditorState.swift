import KbdText

/// Shift as a phone keyboard has it.
public enum ShiftState: Sendable, Equatable {
    case off
    /// The next character is upper case, then shift goes off.
    case oneShot
    /// Caps lock: every letter upper case until turned off.
    case locked
}

/// What the last autocorrection changed, so that the BackSpace right after it can undo it.
public struct AppliedCorrection: Sendable, Equatable {
    /// The word as typed.
    public var typed: String
    /// The word that replaced it.
    public var replacement: String
    /// What was typed after the word (the space or punctuation that ended it).
    public var terminator: String
}

/// Something the user committed that the keyboard may learn from.
public enum CommitEvent: Sendable, Equatable {
    /// `word` was committed after `previousWords` (nearest last; at most two).
    case committed(word: String, previousWords: [String])
    /// An autocorrection from `typed` to `replacement` was undone: `typed` was meant.
    case correctionRejected(typed: String, replacement: String)
}

/// The state the key processors share and change: the document (through its proxy), shift,
/// and the little memory a keyboard keeps between keys. Owned by one session, one thread.
public struct EditorState {
    /// The document being edited.
    public let document: any TextDocumentProxy
    /// ICU services for the session's locale.
    public let text: TextServices
    /// What is switched on.
    public var settings: SessionSettings

    public var shift: ShiftState = .off
    /// The key before the one being processed.
    public var previousKey: KeyEvent?
    /// True when the keyboard itself put a space after an inserted suggestion (smart
    /// insert/delete: punctuation typed next takes the space's place).
    public var smartSpacePending = false
    /// The last autocorrection, while BackSpace can still undo it.
    public var lastCorrection: AppliedCorrection?
    /// A word whose autocorrection the user undid: it is not corrected again where it stands.
    public var leftAloneWord: String?
    /// Words committed by this key, for learning (drained by the session).
    public var commitEvents: [CommitEvent] = []
    /// Corrects a word as it ends; nil when autocorrection is not available.
    public var corrector: (any WordCorrector)?

    public init(document: any TextDocumentProxy, text: TextServices, settings: SessionSettings) {
        self.document = document
        self.text = text
        self.settings = settings
    }

    /// Drops composition state: shift, pending smart space, the undoable correction.
    public mutating func resetComposition() {
        shift = .off
        previousKey = nil
        smartSpacePending = false
        lastCorrection = nil
        leftAloneWord = nil
    }

    /// The text before the cursor (a window), or "".
    public var textBefore: String { document.documentContextBeforeInput ?? "" }
    /// The text after the cursor (a window), or "".
    public var textAfter: String { document.documentContextAfterInput ?? "" }
}

/// Proposes a replacement for a word that has just been ended by a space or punctuation.
/// The autocorrection stage implements it; the pipeline asks it only when autocorrection is on.
public protocol WordCorrector {
    /// The word to put in place of `word` (typed after `previousWords`, nearest last), in the
    /// typed case, or nil to leave it. `level` is the user's setting (never `.off` here). The
    /// caller has already ruled out what must never be corrected (``AutocorrectionGuard``).
    func correction(for word: String, previousWords: [String], level: AutocorrectionLevel) -> String?
}
