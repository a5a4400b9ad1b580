/// One entry of the suggestion bar.
public struct Suggestion: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Where a suggestion comes from; the protocol's `kind` strings.
    public enum Kind: String, Sendable, CaseIterable {
        /// Completes the word being typed.
        case completion
        /// The next word, before any letter of it is typed.
        case prediction
        /// A correction of the word being typed.
        case correction
        /// The word exactly as typed.
        case verbatim
        /// A text replacement (shortcut → phrase).
        case shortcut
    }

    public var text: String
    public var kind: Kind
    /// This entry is the correction autocorrection will put in place of the typed word when it
    /// ends (protocol: `"autocorrect":true`). At most one entry of a bar has it.
    public var isAutocorrection: Bool

    public init(_ text: String, kind: Kind, isAutocorrection: Bool = false) {
        self.text = text
        self.kind = kind
        self.isAutocorrection = isAutocorrection
    }

    public var description: String { "\(kind.rawValue):\(text)" + (isAutocorrection ? "*" : "") }
}

/// A suggestion with the score it was ranked by, as candidate sources produce them.
public struct Candidate: Sendable, Equatable {
    public var text: String
    public var kind: Suggestion.Kind
    /// Natural log of the candidate's probability in context (higher is better); sources that
    /// have no probability use a fixed rank instead (see ``SuggestionRanker``).
    public var score: Double
    /// The spelling must not be re-cased to match the typed prefix (proper nouns, `iPhone`).
    public var keepsCase: Bool

    public init(_ text: String, kind: Suggestion.Kind, score: Double, keepsCase: Bool = false) {
        self.text = text
        self.kind = kind
        self.score = score
        self.keepsCase = keepsCase
    }
}

/// A stage that proposes candidates for the word at the cursor (librime's translators).
///
/// Sources are owned by one session and called on its thread, on the key path: they answer
/// from memory, in microseconds, and never throw (a failing source proposes nothing).
public protocol CandidateSource: AnyObject {
    /// Appends up to `limit` candidates for `context` to `candidates`.
    func candidates(for context: TextContext, limit: Int, into candidates: inout [Candidate])
    /// Learns from what the user committed (in memory; persisting is the store's business).
    func learn(_ event: CommitEvent)
    /// Whether `word` is a word this source knows (not a typo).
    func isKnownWord(_ word: String) -> Bool
}

extension CandidateSource {
    public func learn(_ event: CommitEvent) {}
    public func isKnownWord(_ word: String) -> Bool { false }
}
