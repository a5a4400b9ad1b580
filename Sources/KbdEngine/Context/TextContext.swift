import KbdText

/// The text around the cursor as the candidate sources see it: the word being typed, the words
/// before it, and whether a sentence starts there.
public struct TextContext: Sendable, Equatable {
    /// The part of the current word before the cursor ("hel" in "say hel|").
    public var wordPrefix: String
    /// The part of the current word after the cursor, when the cursor is inside a word.
    public var wordSuffix: String
    /// Up to two words before the current word in the same sentence, nearest last.
    public var previousWords: [String]
    /// Whether the next word starts a sentence. Computed only when no word is being typed (it
    /// decides the case of predictions); false otherwise.
    public var atSentenceStart: Bool

    public init(wordPrefix: String = "", wordSuffix: String = "", previousWords: [String] = [],
                atSentenceStart: Bool = false) {
        self.wordPrefix = wordPrefix
        self.wordSuffix = wordSuffix
        self.previousWords = previousWords
        self.atSentenceStart = atSentenceStart
    }

    /// Whether a word is being typed (the cursor touches a word).
    public var hasWord: Bool { !wordPrefix.isEmpty || !wordSuffix.isEmpty }
}

/// Reads a ``TextContext`` from the text around the cursor with ICU word and sentence breaks.
/// Looks at a bounded window (the last few hundred bytes), so its cost does not grow with the
/// document.
public struct ContextReader {
    /// How much of the text before the cursor is segmented, in UTF-8 bytes (about a sentence).
    public static let windowBytes = 384

    public init() {}

    /// The context for text `before` and `after` the cursor.
    public func read(before: String, after: String, text: TextServices) -> TextContext {
        read(before: before, after: after, text: text, sentenceStart: true)
    }

    /// The context; `sentenceStart: false` skips the sentence check (word-end processing).
    func read(before: String, after: String, text: TextServices, sentenceStart: Bool) -> TextContext {
        let window = String(Self.window(before))
        let windowIsCut = window.utf8.count < before.utf8.count
        // Most of the time the segments at the end of the window are enough (and ICU is not
        // needed for them); when they are not, the whole window is segmented.
        let (tail, whole) = text.trailingWordSegments(window)
        if !whole, let context = read(window: window, segments: tail, partial: true, windowIsCut: windowIsCut,
                                      after: after, text: text, sentenceStart: sentenceStart) {
            return context
        }
        return read(window: window, segments: whole ? tail : text.wordSegments(window), partial: false, windowIsCut: windowIsCut,
                    after: after, text: text, sentenceStart: sentenceStart)!
    }

    /// The context from the word segments at the end of `window`; nil when `partial` segments
    /// (the last ones only) do not reach back far enough.
    private func read(window: String, segments: [(range: Range<String.Index>, kind: WordKind)], partial: Bool, windowIsCut: Bool,
                      after: String, text: TextServices, sentenceStart: Bool) -> TextContext? {
        var context = TextContext()
        if partial && segments.count < 3 { return nil }
        var wordStart = window.endIndex
        var index = segments.count - 1
        // The current word: a word segment that ends at the cursor; "don'" counts as a word.
        if index >= 0, segments[index].range.upperBound == window.endIndex {
            let last = segments[index]
            if last.kind.isWord {
                wordStart = last.range.lowerBound
                index -= 1
            } else if window[last.range] == "'" || window[last.range] == "’", index >= 1, segments[index - 1].kind == .letter,
                      segments[index - 1].range.upperBound == last.range.lowerBound {
                wordStart = segments[index - 1].range.lowerBound
                index -= 2
            }
        }
        context.wordPrefix = String(window[wordStart...])
        if !context.wordPrefix.isEmpty || !after.isEmpty {
            context.wordSuffix = Self.wordSuffix(after, text: text)
        }
        // Previous words: back to a sentence end or a line break.
        var previous: [String] = []
        while index >= 0, previous.count < 2 {
            let segment = segments[index]
            let piece = window[segment.range]
            if segment.kind.isWord {
                previous.append(String(piece))
            } else if piece.contains(where: { CharacterClass.endsSentence($0) || $0.isNewline }) {
                break
            }
            index -= 1
        }
        if partial && index < 0 { return nil }
        // A word cut by the window's edge is not a word we know.
        if index < 0, previous.count > 0, windowIsCut,
           let first = segments.first, first.kind.isWord, String(window[first.range]) == previous.last {
            previous.removeLast()
        }
        context.previousWords = previous.reversed()
        if sentenceStart, context.wordPrefix.isEmpty {
            context.atSentenceStart = Self.isSentenceStart(window[..<wordStart], text: text)
        }
        return context
    }

    /// Whether a sentence starts after `text`, looking through opening quotes and brackets.
    static func isSentenceStart(_ text: Substring, text services: TextServices) -> Bool {
        var end = text.endIndex
        while end > text.startIndex, CharacterClass.opens(text[text.index(before: end)]) {
            end = text.index(before: end)
        }
        return services.isSentenceStart(after: text[..<end])
    }

    /// The last `windowBytes` bytes or so of `before`, starting at a scalar boundary.
    static func window(_ before: String) -> Substring {
        let utf8 = before.utf8
        guard utf8.count > windowBytes else { return before[...] }
        var i = utf8.index(utf8.endIndex, offsetBy: -windowBytes)
        while i < utf8.endIndex, utf8[i] & 0xC0 == 0x80 { i = utf8.index(after: i) }
        return Substring(before.unicodeScalars[i...])
    }

    /// The word characters right after the cursor when the cursor is inside a word.
    static func wordSuffix(_ after: String, text: TextServices) -> String {
        guard let first = after.first, CharacterClass.isWordCharacter(first) else { return "" }
        let head = String(after.prefix(64))
        guard let segment = text.wordSegments(head).first, segment.kind.isWord else { return "" }
        return String(head[segment.range])
    }
}
