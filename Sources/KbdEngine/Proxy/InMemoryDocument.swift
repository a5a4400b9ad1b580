import KbdText

/// A text document held in memory: the proxy `kbd-engine` types into, and the tests' fake host.
///
/// Storage is a gap buffer of UTF-8 bytes: the text before the cursor in order, the text after
/// it reversed, so typing, deleting and moving the cursor cost O(1) amortised (plus the size of
/// the grapheme cluster involved), however long the document. Grapheme clusters are found by ICU
/// on a bounded window around the cursor. The selection (if any) starts at the cursor; marked
/// text is a byte range around the cursor.
///
/// Not thread-safe: one owner, one thread.
public final class InMemoryDocument: TextDocumentProxy {
    /// UTF-8 bytes before the cursor.
    private var before: [UInt8] = []
    /// UTF-8 bytes after the cursor, last byte of the document first.
    private var afterReversed: [UInt8] = []
    /// Bytes of selected text just after the cursor (at the end of `afterReversed`).
    private var selectionByteCount = 0
    /// Bytes of marked text just before the cursor, and just after it (the marked text includes
    /// the selection when there is one).
    private var markedBeforeCount = 0
    private var markedAfterCount = 0
    private var marked = false

    public private(set) var documentIdentifier: String
    /// How many bytes of context the `documentContext…` properties return at most (a window,
    /// as a real host gives). The window starts at a character boundary.
    public var contextWindowBytes: Int

    private let graphemes: TextServices

    /// A document holding `text` with the cursor at its end (or after the first
    /// `cursorGraphemeOffset` clusters), nothing selected.
    public init(text: String = "", cursorGraphemeOffset: Int? = nil, identifier: String = "document",
                contextWindowBytes: Int = 1024) {
        self.documentIdentifier = identifier
        self.contextWindowBytes = contextWindowBytes
        self.graphemes = try! TextServices(locale: "en") // grapheme rules are locale-independent
        replaceAll(before: text, after: "")
        if let offset = cursorGraphemeOffset {
            adjustTextPosition(byCharacterOffset: offset - graphemes.graphemeCount(text))
        }
    }

    // MARK: Whole-document access (hosts and tests)

    /// The whole text.
    public var text: String {
        var bytes = before
        bytes.append(contentsOf: afterReversed.reversed())
        return String(decoding: bytes, as: UTF8.self)
    }

    /// All text before the cursor (not a window).
    public var textBeforeCursor: String { String(decoding: before, as: UTF8.self) }
    /// All text after the cursor, including any selection (not a window).
    public var textAfterCursor: String { String(decoding: afterReversed.reversed(), as: UTF8.self) }
    /// The document's size in UTF-8 bytes.
    public var utf8Count: Int { before.count + afterReversed.count }
    /// The cursor as a grapheme-cluster offset from the start. O(n).
    public var cursorGraphemeOffset: Int { graphemes.graphemeCount(textBeforeCursor) }

    /// Replaces the whole document: `before` the cursor, `after` it; nothing selected or marked.
    /// A different `identifier` marks a different field.
    public func replaceAll(before: String, after: String, selected: String = "", identifier: String? = nil) {
        self.before = Array(before.utf8)
        self.afterReversed = Array((selected + after).utf8.reversed())
        selectionByteCount = selected.utf8.count
        marked = false
        markedBeforeCount = 0
        markedAfterCount = 0
        if let identifier { documentIdentifier = identifier }
    }

    /// Selects `count` grapheme clusters after the cursor (0 clears the selection).
    public func selectForward(graphemes count: Int) {
        selectionByteCount = count <= 0 ? 0 : leadingBytes(ofClusters: count, inReversed: afterReversed, from: afterReversed.count)
    }

    // MARK: TextDocumentProxy

    public var documentContextBeforeInput: String? {
        let start = before.count - markedBeforeCount
        guard start > 0 else { return nil }
        let lo = alignForward(max(0, start - contextWindowBytes), in: before)
        return String(decoding: before[lo..<start], as: UTF8.self)
    }

    public var documentContextAfterInput: String? {
        let available = afterReversed.count - selectionByteCount
        guard available > 0 else { return nil }
        let take = min(available, contextWindowBytes)
        var bytes = [UInt8](afterReversed[(available - take)..<available].reversed())
        if take < available { trimIncompleteTail(&bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    public var selectedText: String? {
        guard selectionByteCount > 0 else { return nil }
        let n = afterReversed.count
        return String(decoding: afterReversed[(n - selectionByteCount)..<n].reversed(), as: UTF8.self)
    }

    public var markedText: String? {
        guard marked else { return nil }
        let n = afterReversed.count
        var bytes = Array(before[(before.count - markedBeforeCount)...])
        bytes.append(contentsOf: afterReversed[(n - markedAfterCount)..<n].reversed())
        return String(decoding: bytes, as: UTF8.self)
    }

    public var hasText: Bool { !before.isEmpty || !afterReversed.isEmpty }

    public func insertText(_ text: String) {
        if marked {
            removeMarked()
        } else {
            removeSelection()
        }
        before.append(contentsOf: text.utf8)
    }

    public func deleteBackward(_ count: Int) {
        if marked { unmarkText() }
        if selectionByteCount > 0 {
            removeSelection()
            return
        }
        guard count > 0, !before.isEmpty else { return }
        let n = trailingBytes(ofClusters: count, in: before)
        before.removeLast(n)
    }

    public func adjustTextPosition(byCharacterOffset offset: Int) {
        if marked { unmarkText() }
        selectionByteCount = 0
        if offset < 0 {
            let n = trailingBytes(ofClusters: -offset, in: before)
            afterReversed.append(contentsOf: before[(before.count - n)...].reversed())
            before.removeLast(n)
        } else if offset > 0 {
            let n = leadingBytes(ofClusters: offset, inReversed: afterReversed, from: afterReversed.count)
            before.append(contentsOf: afterReversed[(afterReversed.count - n)...].reversed())
            afterReversed.removeLast(n)
        }
    }

    public func setMarkedText(_ text: String, selectedRange: Range<Int>) {
        if marked {
            removeMarked()
        } else {
            removeSelection()
        }
        let clusters = graphemes.clusters(text)
        let lower = min(max(0, selectedRange.lowerBound), clusters.count)
        let upper = min(max(lower, selectedRange.upperBound), clusters.count)
        let head = clusters[..<lower].reduce(0) { $0 + $1.utf8.count }
        let selected = clusters[lower..<upper].reduce(0) { $0 + $1.utf8.count }
        let bytes = Array(text.utf8)
        before.append(contentsOf: bytes[..<head])
        afterReversed.append(contentsOf: bytes[head...].reversed())
        selectionByteCount = selected
        marked = true
        markedBeforeCount = head
        markedAfterCount = bytes.count - head
    }

    public func unmarkText() {
        marked = false
        markedBeforeCount = 0
        markedAfterCount = 0
    }

    // MARK: Internals

    private func removeSelection() {
        guard selectionByteCount > 0 else { return }
        afterReversed.removeLast(selectionByteCount)
        selectionByteCount = 0
    }

    private func removeMarked() {
        before.removeLast(markedBeforeCount)
        afterReversed.removeLast(markedAfterCount)
        selectionByteCount = 0
        unmarkText()
    }

    private func isContinuation(_ byte: UInt8) -> Bool { byte & 0xC0 == 0x80 }

    /// Drops a character cut short at the end of `bytes` (a window's edge).
    private func trimIncompleteTail(_ bytes: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        var i = bytes.count - 1
        while i > 0, isContinuation(bytes[i]) { i -= 1 }
        let lead = bytes[i]
        let need = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        if bytes.count - i < need { bytes.removeLast(bytes.count - i) }
    }

    /// The first character boundary at or after `index` in `bytes`.
    private func alignForward(_ index: Int, in bytes: [UInt8]) -> Int {
        var i = index
        while i < bytes.count, isContinuation(bytes[i]) { i += 1 }
        return i
    }

    /// How many bytes the last `count` grapheme clusters of `bytes` take (all of them if fewer).
    /// ICU looks at a window that doubles until it is wide enough.
    private func trailingBytes(ofClusters count: Int, in bytes: [UInt8]) -> Int {
        var window = max(64, count * 32)
        while true {
            var lo = alignForward(max(0, bytes.count - window), in: bytes)
            lo = extendOverRegionalIndicators(lo, in: bytes)
            let slice = String(decoding: bytes[lo...], as: UTF8.self)
            let index = graphemes.indexBefore(clusters: count, endOf: slice)
            let taken = slice.utf8.distance(from: index, to: slice.endIndex)
            let reachedWindowStart = index == slice.startIndex
            if !reachedWindowStart || lo == 0 { return min(taken, bytes.count) }
            window *= 4
        }
    }

    /// How many bytes the first `count` grapheme clusters of the reversed byte store take,
    /// reading from index `end` downwards.
    private func leadingBytes(ofClusters count: Int, inReversed reversed: [UInt8], from end: Int) -> Int {
        var window = max(64, count * 32)
        while true {
            let take = min(end, window)
            var bytes = [UInt8](reversed[(end - take)..<end].reversed())
            let truncated = take < end
            if truncated { trimIncompleteTail(&bytes) }
            let slice = String(decoding: bytes, as: UTF8.self)
            let index = graphemes.indexAfter(clusters: count, startOf: slice)
            let taken = slice.utf8.distance(from: slice.startIndex, to: index)
            if index != slice.endIndex || !truncated { return taken }
            window *= 4
        }
    }

    /// Moves a window start back over regional indicators so flags pair as in the whole text.
    private func extendOverRegionalIndicators(_ lo: Int, in bytes: [UInt8]) -> Int {
        var lo = lo
        // A regional indicator is F0 9F 87 A6...BF.
        while lo >= 4, bytes[lo - 4] == 0xF0, bytes[lo - 3] == 0x9F, bytes[lo - 2] == 0x87,
              (0xA6...0xBF).contains(bytes[lo - 1]) {
            lo -= 4
        }
        return lo
    }
}
