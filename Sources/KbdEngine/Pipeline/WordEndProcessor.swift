import KbdText

/// Keys that end a word — space, Return, Tab and word-ending punctuation — and what happens to
/// the word they end: English `i` → `I`, autocorrection (undone by the next BackSpace), two
/// spaces after a word → `. `, punctuation taking the place of a space the keyboard added after
/// a suggestion. Then the key's own text is typed (punctuation through ``CharacterProcessor``'s
/// rules).
public struct WordEndProcessor: KeyProcessor {
    public init() {}

    public func process(_ key: KeyEvent, _ state: inout EditorState) -> KeyDisposition {
        let doc = state.document
        let typed: String
        switch key.key {
        case .named(.space): typed = " "
        case .named(.return), .named(.keypadEnter): typed = "\n"
        case .named(.tab): typed = "\t"
        case .character(let c) where CharacterClass.endsWord(c): typed = String(c)
        default: return .pass
        }
        let smartSpace = state.smartSpacePending
        state.smartSpacePending = false
        state.lastCorrection = nil

        if typed == " ", isDoubleSpace(state) {
            doc.deleteBackward(1)
            doc.insertText(". ")
            state.shift = state.shift == .locked ? .locked : .off
            return .accepted
        }
        if smartSpace, typed.count == 1, let c = typed.first, CharacterClass.attachesToPrevious(c),
           state.settings.traits.smartInsertDeleteEnabled, state.textBefore.hasSuffix(" ") {
            doc.deleteBackward(1)
            doc.insertText(typed)
            return .accepted
        }
        endWord(terminator: typed, &state)
        if case .character(let c) = key.key {
            doc.insertText(CharacterProcessor.text(for: c, &state))
        } else {
            doc.insertText(typed)
        }
        if state.shift == .oneShot { state.shift = .off }
        return .accepted
    }

    /// Two spaces after a word: the first space was this session's last key, and a word
    /// character or closing punctuation stands before it.
    private func isDoubleSpace(_ state: EditorState) -> Bool {
        guard state.settings.traits.doubleSpacePeriodEnabled,
              state.previousKey?.key == .named(.space) else { return false }
        let before = state.textBefore
        guard before.hasSuffix(" ") else { return false }
        let head = before.dropLast()
        guard let last = head.last else { return false }
        return CharacterClass.isWordCharacter(last) || last == ")" || last == "\"" || last == "”" || last == "'" || last == "’"
    }

    /// Fixes the word before the cursor as it ends, and records it for learning.
    func endWord(terminator: String, _ state: inout EditorState) {
        let context = ContextReader().read(before: state.textBefore, after: "", text: state.text, sentenceStart: false)
        let word = context.wordPrefix
        guard !word.isEmpty else { return }
        var replacement: String?
        if state.settings.capitalizesPronounI {
            replacement = Self.capitalizedPronoun(word)
        }
        let leftAlone = state.leftAloneWord == word
        state.leftAloneWord = nil
        if replacement == nil, !leftAlone, state.settings.autocorrectionEnabled,
           let corrector = state.corrector,
           let corrected = corrector.correction(for: word, previousWords: context.previousWords), corrected != word {
            replacement = corrected
            state.lastCorrection = AppliedCorrection(typed: word, replacement: corrected, terminator: terminator)
        }
        if let replacement {
            state.document.deleteBackward(state.text.graphemeCount(word))
            state.document.insertText(replacement)
        }
        if state.settings.learningEnabled {
            state.commitEvents.append(.committed(word: replacement ?? word, previousWords: context.previousWords))
        }
    }

    /// `I` for `i`, `I'm` for `i'm` (and 'll, 've, 'd); nil for any other word.
    static func capitalizedPronoun(_ word: String) -> String? {
        if word == "i" { return "I" }
        guard word.hasPrefix("i'") || word.hasPrefix("i’") else { return nil }
        let rest = word.dropFirst(2)
        return ["m", "ll", "ve", "d"].contains(String(rest)) ? "I" + word.dropFirst() : nil
    }
}
