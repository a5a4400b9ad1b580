import KbdText

/// Keys that type a character: shift and caps lock, auto-capitalisation (none, words,
/// sentences by ICU sentence breaks, all characters), smart quotes and dashes when the field
/// asks for them.
public struct CharacterProcessor: KeyProcessor {
    public init() {}

    public func process(_ key: KeyEvent, _ state: inout EditorState) -> KeyDisposition {
        guard case .character(let c) = key.key else { return .pass }
        state.smartSpacePending = false
        state.lastCorrection = nil
        let text = Self.text(for: c, &state)
        if text == "—", state.textBefore.hasSuffix("-") {
            state.document.deleteBackward(1)
        }
        state.document.insertText(text)
        if state.shift == .oneShot { state.shift = .off }
        return .accepted
    }

    /// The text a character key types in the current state: the character in the right case,
    /// or its smart form.
    static func text(for c: Character, _ state: inout EditorState) -> String {
        if c.isLowercase, shouldCapitalize(state) {
            return CaseMapping.uppercased(String(c), locale: state.settings.locale)
        }
        if state.settings.traits.smartQuotesEnabled, c == "\"" || c == "'" {
            return smartQuote(c, after: state.textBefore.last)
        }
        if state.settings.traits.smartDashesEnabled, c == "-", state.textBefore.hasSuffix("-") {
            return "—"
        }
        return String(c)
    }

    /// Whether the next letter is upper case: shift, caps lock, or the field's
    /// auto-capitalisation at this place.
    static func shouldCapitalize(_ state: EditorState) -> Bool {
        if state.shift != .off { return true }
        switch state.settings.autocapitalizationType {
        case .none:
            return false
        case .allCharacters:
            return true
        case .words:
            return isWordStart(state.textBefore)
        case .sentences:
            let before = state.textBefore
            guard isWordStart(before) else { return false }
            return ContextReader.isSentenceStart(ContextReader.window(before), text: state.text)
        }
    }

    /// Whether a letter typed after `before` starts a word: nothing before it, a space, or
    /// opening punctuation (after a space or at the start).
    static func isWordStart(_ before: String) -> Bool {
        var sawOpening = false
        for c in before.reversed() {
            if CharacterClass.opens(c) {
                sawOpening = true
                continue
            }
            return c.isWhitespace || (sawOpening && !CharacterClass.isWordCharacter(c))
        }
        return true
    }

    static func smartQuote(_ c: Character, after previous: Character?) -> String {
        let opening = previous == nil || previous!.isWhitespace || CharacterClass.opens(previous!) || previous == "—"
        if c == "\"" { return opening ? "“" : "”" }
        return opening ? "‘" : "’"
    }
}
