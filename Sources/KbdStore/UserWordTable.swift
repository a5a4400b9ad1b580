/// The user's words in a compact, sorted, read-only table: one UTF-8 buffer, end offsets,
/// weights and locale indices, about 9 bytes a word plus the text (a 1M-word dictionary of
/// 9-byte words takes ~18 MB, against ~40 MB as an array of `UserWord`).
///
/// Sorted by the UTF-8 bytes of the NFC word (code-point order), so prefix and exact lookups
/// are binary searches: O(log n) comparisons. A value type: share it across threads freely.
public struct UserWordTable: Sendable, RandomAccessCollection {
    var utf8: [UInt8] = []
    var ends: [UInt32] = []
    var weights: [Int32] = []
    var localeIndices: [UInt16] = []
    /// The distinct locales, `""` (any) first; ``locale(at:)`` indexes it.
    public private(set) var locales: [String] = [""]

    public init() {}

    /// Builds a table from words in any order (sorted and de-duplicated here, last wins).
    public init(_ words: some Sequence<UserWord>) {
        var byWord: [String: UserWord] = [:]
        for word in words { byWord[word.word] = word }
        for word in byWord.values.sorted(by: { $0.word.utf8.lexicographicallyPrecedes($1.word.utf8) }) {
            appendSorted(word.word.utf8, weight: word.weight, locale: word.locale)
        }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { ends.count }

    /// The entry at `index`.
    public subscript(index: Int) -> UserWord {
        UserWord(word: word(at: index), weight: Int64(weights[index]), locale: locale(at: index))
    }

    /// The word at `index`.
    public func word(at index: Int) -> String {
        let range = byteRange(index)
        return utf8.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
    }

    /// The weight at `index`.
    public func weight(at index: Int) -> Int64 { Int64(weights[index]) }

    /// The locale at `index` (`""`: any).
    public func locale(at index: Int) -> String { locales[Int(localeIndices[index])] }

    /// The index of `word` (NFC), or nil. O(log n).
    public func firstIndex(of word: String) -> Int? {
        let key = Array(word.utf8)
        let index = lowerBound(key)
        guard index < count, compare(index, key) == 0 else { return nil }
        return index
    }

    /// Whether the table holds `word` (NFC). O(log n).
    public func contains(_ word: String) -> Bool { firstIndex(of: word) != nil }

    /// The indices of the words that start with `prefix` (NFC, byte-wise: case- and
    /// accent-sensitive). O(log n).
    public func indices(withPrefix prefix: String) -> Range<Int> {
        let key = Array(prefix.utf8)
        let low = lowerBound(key)
        var high = low, step = 1
        // Gallop then bisect to the first word past the prefix.
        while high + step <= count && hasPrefix(high + step - 1, key) { high += step; step *= 2 }
        var lo = high, hi = Swift.min(count, high + step)
        while lo < hi {
            let mid = (lo + hi) / 2
            if hasPrefix(mid, key) { lo = mid + 1 } else { hi = mid }
        }
        return low..<lo
    }

    // MARK: - Building

    mutating func appendSorted(_ word: some Collection<UInt8>, weight: Int64, locale: String) {
        utf8.append(contentsOf: word)
        ends.append(UInt32(utf8.count))
        weights.append(Int32(clamping: weight))
        localeIndices.append(localeIndex(locale))
    }

    mutating func appendSorted(bytes: UnsafeBufferPointer<UInt8>, weight: Int64, locale: String) {
        utf8.append(contentsOf: bytes)
        ends.append(UInt32(utf8.count))
        weights.append(Int32(clamping: weight))
        localeIndices.append(localeIndex(locale))
    }

    mutating func reserve(words: Int, bytes: Int) {
        utf8.reserveCapacity(bytes)
        ends.reserveCapacity(words)
        weights.reserveCapacity(words)
        localeIndices.reserveCapacity(words)
    }

    private mutating func localeIndex(_ locale: String) -> UInt16 {
        if locale.isEmpty { return 0 }
        if let last = localeIndices.last, locales[Int(last)] == locale { return last }
        if let index = locales.firstIndex(of: locale) { return UInt16(index) }
        guard locales.count < Int(UInt16.max) else { return 0 }
        locales.append(locale)
        return UInt16(locales.count - 1)
    }

    // MARK: - Searching

    private func byteRange(_ index: Int) -> Range<Int> {
        (index == 0 ? 0 : Int(ends[index - 1]))..<Int(ends[index])
    }

    private func compare(_ index: Int, _ key: [UInt8]) -> Int {
        let range = byteRange(index)
        return utf8.withUnsafeBufferPointer { buffer in
            key.withUnsafeBufferPointer { k in
                let n = Swift.min(range.count, k.count)
                for i in 0..<n {
                    let a = buffer[range.lowerBound + i], b = k[i]
                    if a != b { return a < b ? -1 : 1 }
                }
                return range.count == k.count ? 0 : (range.count < k.count ? -1 : 1)
            }
        }
    }

    private func hasPrefix(_ index: Int, _ key: [UInt8]) -> Bool {
        let range = byteRange(index)
        guard range.count >= key.count else { return false }
        return utf8.withUnsafeBufferPointer { buffer in
            key.withUnsafeBufferPointer { k in
                for i in 0..<k.count where buffer[range.lowerBound + i] != k[i] { return false }
                return true
            }
        }
    }

    private func lowerBound(_ key: [UInt8]) -> Int {
        var lo = 0, hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            if compare(mid, key) < 0 { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }
}
