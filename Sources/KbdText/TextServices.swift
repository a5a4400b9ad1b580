/// ICU grapheme, word and sentence segmentation for one locale, ready for the key path.
///
/// Holds one break iterator of each kind, opened once; every call sets the text it is given
/// (a copy, O(n)), so callers pass bounded windows around the cursor, not whole documents.
/// Offsets returned are `String.Index` values of the string passed in.
/// Not thread-safe: one owner (a session), one thread at a time.
public final class TextServices {
    public let locale: String
    private let graphemes: TextSegmenter
    private let words: TextSegmenter
    private let sentences: TextSegmenter
    /// Scratch for the ASCII word-break fast path.
    private var asciiSegments: [(range: Range<Int>, kind: WordKind)] = []

    /// Opens the iterators for `locale` (an ICU/BCP 47 locale such as `en_US` or `th`).
    /// Sentences use ICU's abbreviation suppressions (`Mr.` does not end a sentence).
    public init(locale: String = "en") throws(TextError) {
        self.locale = locale
        graphemes = try TextSegmenter(.graphemeCluster, locale: locale)
        words = try TextSegmenter(.word, locale: locale)
        let base = locale.split(separator: "@").first.map(String.init) ?? locale
        sentences = try TextSegmenter(.sentence, locale: base + "@ss=standard")
    }

    // MARK: Grapheme clusters

    /// The number of grapheme clusters in `text`.
    public func graphemeCount<S: StringProtocol>(_ text: S) -> Int {
        // ASCII: every byte is a cluster but LF after CR (GB3).
        if let count = text.utf8.withContiguousStorageIfAvailable(Self.asciiClusterCount) ?? nil { return count }
        graphemes.setText(text)
        return max(0, graphemes.boundaries().count - 1)
    }

    /// The start of the last `count` grapheme clusters of `text` (its start if it has fewer).
    public func indexBefore(clusters count: Int, endOf text: String) -> String.Index {
        guard count > 0, !text.isEmpty else { return text.endIndex }
        if let offset = text.utf8.withContiguousStorageIfAvailable({ Self.asciiOffset(clusters: count, before: $0) }) ?? nil {
            return text.utf8.index(text.startIndex, offsetBy: offset)
        }
        graphemes.setText(text)
        var offset = text.utf8.count
        for _ in 0..<count {
            guard let previous = graphemes.preceding(offset) else { return text.startIndex }
            offset = previous
        }
        return text.utf8.index(text.startIndex, offsetBy: offset)
    }

    /// The end of the first `count` grapheme clusters of `text` (its end if it has fewer).
    public func indexAfter(clusters count: Int, startOf text: String) -> String.Index {
        guard count > 0, !text.isEmpty else { return text.startIndex }
        if let offset = text.utf8.withContiguousStorageIfAvailable({ Self.asciiOffset(clusters: count, after: $0) }) ?? nil {
            return text.utf8.index(text.startIndex, offsetBy: offset)
        }
        graphemes.setText(text)
        var offset = 0
        for _ in 0..<count {
            guard let next = graphemes.following(offset) else { return text.endIndex }
            offset = next
        }
        return text.utf8.index(text.startIndex, offsetBy: offset)
    }

    /// The grapheme clusters of `text`, in order.
    public func clusters(_ text: String) -> [Substring] {
        graphemes.setText(text)
        let b = graphemes.boundaries()
        guard b.count > 1 else { return [] }
        return (1..<b.count).map { i in
            let lo = text.utf8.index(text.startIndex, offsetBy: b[i - 1])
            let hi = text.utf8.index(text.startIndex, offsetBy: b[i])
            return text[lo..<hi]
        }
    }

    // MARK: ASCII fast paths (the same answers as ICU; see ASCIIWordBreaks)

    /// The number of grapheme clusters of ASCII `bytes`, or nil when they are not all ASCII.
    static func asciiClusterCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var count = 0
        var previous: UInt8 = 0
        for b in bytes {
            if b >= 0x80 { return nil }
            if !(b == 0x0A && previous == 0x0D) { count += 1 }
            previous = b
        }
        return count
    }

    /// The byte offset of the start of the last `count` clusters of ASCII `bytes`, or nil.
    static func asciiOffset(clusters count: Int, before bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard Self.isASCII(bytes) else { return nil }
        var offset = bytes.count
        for _ in 0..<count {
            guard offset > 0 else { return 0 }
            offset -= (offset >= 2 && bytes[offset - 1] == 0x0A && bytes[offset - 2] == 0x0D) ? 2 : 1
        }
        return offset
    }

    /// The byte offset of the end of the first `count` clusters of ASCII `bytes`, or nil.
    static func asciiOffset(clusters count: Int, after bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard Self.isASCII(bytes) else { return nil }
        var offset = 0
        for _ in 0..<count {
            guard offset < bytes.count else { return bytes.count }
            offset += (offset + 1 < bytes.count && bytes[offset] == 0x0D && bytes[offset + 1] == 0x0A) ? 2 : 1
        }
        return offset
    }

    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for b in bytes where b >= 0x80 { return false }
        return true
    }

    // MARK: Words

    /// Word segments of `text` with their kinds (spaces and punctuation are `.none` segments).
    public func wordSegments(_ text: String) -> [(range: Range<String.Index>, kind: WordKind)] {
        var segments = asciiSegments
        asciiSegments = []
        defer { asciiSegments = segments }
        let ascii = text.utf8.withContiguousStorageIfAvailable { ASCIIWordBreaks.segments($0, into: &segments) } ?? false
        if !ascii {
            words.setText(text)
            segments = words.segments()
        }
        return segments.map { segment in
            let lo = text.utf8.index(text.startIndex, offsetBy: segment.range.lowerBound)
            let hi = text.utf8.index(text.startIndex, offsetBy: segment.range.upperBound)
            return (lo..<hi, segment.kind)
        }
    }

    /// The word segments at the end of `text`, as ``wordSegments(_:)`` gives them, found
    /// without ICU when possible: those after the last non-ASCII character (or `_`), from the
    /// first space that follows an ASCII character there (a boundary ICU always has).
    /// `whole` tells whether they cover all of `text`; when not, the earlier ones are unknown.
    public func trailingWordSegments(_ text: String) -> (segments: [(range: Range<String.Index>, kind: WordKind)], whole: Bool) {
        var start = -1
        _ = text.utf8.withContiguousStorageIfAvailable { bytes in
            var last = -1
            for i in stride(from: bytes.count - 1, through: 0, by: -1) where bytes[i] >= 0x80 || bytes[i] == 0x5F {
                last = i
                break
            }
            guard last >= 0 else { return }
            var i = last + 2
            while i < bytes.count {
                if bytes[i] == 0x20 && bytes[i - 1] != 0x20 && bytes[i - 1] < 0x80 && bytes[i - 1] != 0x5F { start = i; return }
                i += 1
            }
        }
        guard start > 0 else { return (wordSegments(text), true) }
        var segments = asciiSegments
        asciiSegments = []
        defer { asciiSegments = segments }
        let answered = text.utf8.withContiguousStorageIfAvailable {
            ASCIIWordBreaks.segments(UnsafeBufferPointer(rebasing: $0[start...]), into: &segments)
        } ?? false
        guard answered else { return (wordSegments(text), true) }
        return (segments.map { segment in
            let lo = text.utf8.index(text.startIndex, offsetBy: start + segment.range.lowerBound)
            let hi = text.utf8.index(text.startIndex, offsetBy: start + segment.range.upperBound)
            return (lo..<hi, segment.kind)
        }, false)
    }

    /// The words of `text` (segments of a word kind), in order.
    public func words(_ text: String) -> [Substring] {
        wordSegments(text).filter { $0.kind.isWord }.map { text[$0.range] }
    }

    // MARK: Sentences

    /// The sentences of `text`, each with its trailing spaces, in order.
    public func sentences(_ text: String) -> [Substring] {
        sentences.setText(text)
        let b = sentences.boundaries()
        guard b.count > 1 else { return [] }
        return (1..<b.count).map { i in
            let lo = text.utf8.index(text.startIndex, offsetBy: b[i - 1])
            let hi = text.utf8.index(text.startIndex, offsetBy: b[i])
            return text[lo..<hi]
        }
    }

    /// Whether a sentence would start at the end of `context` (the text before the cursor):
    /// true for empty context, after a paragraph break, and after sentence-ending punctuation
    /// and spaces (`Hello. `), but not after an abbreviation such as `Mr. `.
    ///
    /// ICU always reports a boundary at the end of text, so this asks it about a probe: an
    /// upper-case letter appended to the context starts a new sentence exactly when the
    /// context ended one.
    public func isSentenceStart(after context: Substring) -> Bool {
        // Only the last sentence or so matters; bound the work.
        var window = context.suffix(256)
        if window.allSatisfy({ $0 == " " || $0 == "\u{A0}" || $0 == "\t" }) {
            if window.count == context.count { return true }
            window = context.suffix(1024)
        }
        var probe = String(window)
        let probeOffset = probe.utf8.count
        probe.append("A")
        sentences.setText(probe)
        return sentences.isBoundary(probeOffset)
    }
}
