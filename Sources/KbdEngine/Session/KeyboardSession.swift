import KbdText

/// A keyboard attached to one text field: keys in, proxy edits and a suggestion bar out.
///
/// The session runs the key pipeline (modifiers → shift → BackSpace → navigation → word end →
/// characters), re-reading the text around the cursor from the proxy on every key, so it follows
/// the host when the cursor moves or the text changes under it. The bar is computed when asked
/// for and cached until the next change. Everything is synchronous.
///
/// A session belongs to one thread.
public final class KeyboardSession {
    /// The document this session edits.
    public let document: any TextDocumentProxy
    private var state: EditorState
    private let processors: [any KeyProcessor]
    private let contextReader = ContextReader()
    private let ranker = SuggestionRanker()
    /// Candidate sources, asked in order for every bar.
    public private(set) var sources: [any CandidateSource] = []
    /// Receives what the user committed, when learning is on (e.g. the shared store's writer).
    public var learningListener: ((CommitEvent) -> Void)?
    /// Called before every key and host change to bring outside changes in (the shared store's
    /// user words, shortcuts, blocked words); returns true when something changed. Must answer
    /// in microseconds and never wait on disk or a lock held by another process.
    public var refresh: (() -> Bool)?
    private var cachedBar: [Suggestion]?
    private var candidateBuffer: [Candidate] = []
    private var lastDocumentIdentifier: String

    /// A session editing `document` with `settings`.
    public init(document: any TextDocumentProxy, settings: SessionSettings = SessionSettings()) throws(TextError) {
        self.document = document
        let text = try TextServices(locale: settings.locale)
        self.state = EditorState(document: document, text: text, settings: settings)
        self.processors = [
            ModifierFilter(),
            ShiftProcessor(),
            BackspaceProcessor(),
            NavigationProcessor(),
            WordEndProcessor(),
            CharacterProcessor(),
        ]
        self.lastDocumentIdentifier = document.documentIdentifier
    }

    // MARK: Configuration

    public var settings: SessionSettings {
        get { state.settings }
        set {
            state.settings = newValue
            cachedBar = nil
        }
    }

    /// The field's traits (switch features on and off).
    public var traits: InputTraits {
        get { state.settings.traits }
        set { settings.traits = newValue }
    }

    /// Adds a candidate source; sources are asked in the order they were added.
    public func addSource(_ source: any CandidateSource) {
        sources.append(source)
        cachedBar = nil
    }

    /// Sets the autocorrection stage (nil: none).
    public func setCorrector(_ corrector: (any WordCorrector)?) {
        state.corrector = corrector
    }

    /// The shift state (for display).
    public var shift: ShiftState { state.shift }

    /// ICU services of this session's locale.
    public var textServices: TextServices { state.text }

    // MARK: Keys

    /// Handles one key tap: edits the document through its proxy. Returns `.accepted` when the
    /// keyboard took the key, `.rejected` when the host should handle it.
    @discardableResult
    public func handle(_ key: KeyEvent) -> KeyDisposition {
        noteDocumentIdentifier()
        _ = refresh?()
        var disposition = KeyDisposition.rejected
        for processor in processors {
            let result = processor.process(key, &state)
            if result != .pass {
                disposition = result
                break
            }
        }
        if !(key.key == .named(.shiftLeft) || key.key == .named(.shiftRight)) || disposition == .accepted {
            state.previousKey = key
        }
        cachedBar = nil
        deliverCommitEvents()
        return disposition
    }

    /// Types every key of a key script (`helo{space}`); returns the script's problems.
    @discardableResult
    public func type(_ script: String) -> [KeyScript.Problem] {
        let (keys, problems) = KeyScript.parse(script)
        for key in keys { handle(key) }
        return problems
    }

    // MARK: The bar

    /// The suggestion bar for the text at the cursor (empty in secure fields or when off).
    public var suggestions: [Suggestion] {
        if let cachedBar { return cachedBar }
        let bar = computeBar()
        cachedBar = bar
        return bar
    }

    /// The context the bar is computed from.
    public func currentContext() -> TextContext {
        contextReader.read(before: document.documentContextBeforeInput ?? "",
                           after: document.documentContextAfterInput ?? "", text: state.text)
    }

    private func computeBar() -> [Suggestion] {
        guard state.settings.suggestionsEnabled else { return [] }
        let context = currentContext()
        candidateBuffer.removeAll(keepingCapacity: true)
        let limit = state.settings.suggestionCount + 2
        var known = false
        for source in sources {
            source.candidates(for: context, limit: limit, into: &candidateBuffer)
            if !known, context.hasWord { known = source.isKnownWord(context.wordPrefix + context.wordSuffix) }
        }
        if sources.isEmpty { known = true }
        return ranker.rank(&candidateBuffer, context: context, knownWord: known,
                           count: state.settings.suggestionCount, locale: state.settings.locale,
                           autocorrection: pendingAutocorrection(context))
    }

    /// What autocorrection would put in place of the word at the cursor if it ended now.
    private func pendingAutocorrection(_ context: TextContext) -> String? {
        guard state.settings.autocorrectionEnabled, let corrector = state.corrector, !context.wordPrefix.isEmpty,
              context.wordSuffix.isEmpty, state.leftAloneWord != context.wordPrefix,
              AutocorrectionGuard.allows(word: context.wordPrefix, before: document.documentContextBeforeInput ?? "") else { return nil }
        if state.settings.capitalizesPronounI, WordEndProcessor.capitalizedPronoun(context.wordPrefix) != nil { return nil }
        return corrector.correction(for: context.wordPrefix, previousWords: context.previousWords, level: state.settings.autocorrection)
    }

    /// Puts suggestion `index` of the current bar in place of the word at the cursor, followed by
    /// a space (punctuation typed next takes that space's place). Returns false when there is no
    /// such suggestion.
    @discardableResult
    public func selectSuggestion(at index: Int) -> Bool {
        let bar = suggestions
        guard bar.indices.contains(index) else { return false }
        insertSuggestion(bar[index])
        return true
    }

    /// Puts `suggestion` in place of the word at the cursor, followed by a space, as if chosen
    /// from the bar (hosts that show an earlier bar pass the entry they showed).
    public func insertSuggestion(_ suggestion: Suggestion) {
        noteDocumentIdentifier()
        let context = currentContext()
        let doc = document
        if !context.wordSuffix.isEmpty {
            doc.adjustTextPosition(byCharacterOffset: state.text.graphemeCount(context.wordSuffix))
        }
        let replaced = state.text.graphemeCount(context.wordPrefix + context.wordSuffix)
        if replaced > 0 { doc.deleteBackward(replaced) }
        let after = doc.documentContextAfterInput ?? ""
        if after.first == " " {
            doc.insertText(suggestion.text)
            doc.adjustTextPosition(byCharacterOffset: 1)
        } else {
            doc.insertText(suggestion.text + " ")
        }
        state.smartSpacePending = state.settings.traits.smartInsertDeleteEnabled
        state.lastCorrection = nil
        state.leftAloneWord = nil
        state.previousKey = .named(.space)
        if state.shift == .oneShot { state.shift = .off }
        if state.settings.learningEnabled, suggestion.kind != .shortcut {
            let words = suggestion.text.split(separator: " ")
            if words.count == 1 {
                state.commitEvents.append(.committed(word: suggestion.text, previousWords: context.previousWords))
            }
        }
        cachedBar = nil
        deliverCommitEvents()
    }

    // MARK: Host changes

    /// The host changed the text or moved the cursor: re-read everything on the next call; a new
    /// document identifier (another field) resets composition state.
    public func textDidChange() {
        noteDocumentIdentifier()
        _ = refresh?()
        state.smartSpacePending = false
        state.lastCorrection = nil
        state.previousKey = nil
        cachedBar = nil
    }

    /// Drops composition state (shift, pending corrections, smart space) and commits marked text.
    public func reset() {
        if document.markedText != nil { document.unmarkText() }
        state.resetComposition()
        cachedBar = nil
    }

    private func noteDocumentIdentifier() {
        let identifier = document.documentIdentifier
        if identifier != lastDocumentIdentifier {
            lastDocumentIdentifier = identifier
            state.resetComposition()
            cachedBar = nil
        }
    }

    private func deliverCommitEvents() {
        guard !state.commitEvents.isEmpty else { return }
        let events = state.commitEvents
        state.commitEvents.removeAll(keepingCapacity: true)
        guard state.settings.learningEnabled else { return }
        for event in events {
            for source in sources { source.learn(event) }
            learningListener?(event)
        }
    }
}

@available(*, unavailable, message: "a session belongs to one thread")
extension KeyboardSession: Sendable {}
