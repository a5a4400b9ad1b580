#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KbdText

/// A compiled English (or other) word model, memory-mapped from a `.kbdlm` file.
///
/// Immutable once loaded; safe to share between sessions and threads. Lookups are binary
/// searches over the mapped key table (O(log n) comparisons, no allocation); words are
/// identified by their index in search-key order (`WordID`).
///
/// `@unchecked Sendable`: it holds raw pointers into a read-only private mapping that lives
/// as long as the object and is never written.
public final class LanguageModel: @unchecked Sendable {
    public typealias WordID = Int32

    /// The file it was loaded from, as given.
    public let path: String
    /// Number of words.
    public let wordCount: Int
    /// Number of word pairs.
    public let bigramCount: Int
    /// Checksum of the source TSVs the model was built from (see `ModelSource.checksum`).
    public let sourceChecksum: UInt64
    /// Size of the file in bytes.
    public let fileSize: Int
    /// The checksum of bytes 64..<size the header records (see `verifyChecksum()`).
    private let storedChecksum: UInt64

    private let base: UnsafeRawPointer
    private let mappedLength: Int
    private let ownedBytes: UnsafeMutableRawBufferPointer?
    private let keyBytes: UnsafePointer<UInt8>
    private let keyOffsets: UnsafePointer<UInt32>
    private let textBytes: UnsafePointer<UInt8>
    private let textOffsets: UnsafePointer<UInt32>
    private let unigram: UnsafePointer<Float>
    private let flagBytes: UnsafePointer<UInt8>
    private let bigramIndex: UnsafePointer<UInt32>
    private let bigramNext: UnsafePointer<UInt32>
    private let bigramLogProb: UnsafePointer<Float>
    private let bigramRank: UnsafePointer<UInt32>
    let tree: MaxTree
    /// The stored correction index (`CDEL` section), if the file has one.
    let storedDeleteIndex: DeleteIndex?

    /// Maps the model at `path`. Throws `LexiconError` naming the file when it is missing,
    /// truncated, of another version, or corrupt (its structure: `verifyChecksum()` checks
    /// every byte). Takes ~1 ms for the English model.
    public convenience init(path: String) throws(LexiconError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw LexiconError(.unreadable, path: path, FileIO.errnoText()) }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw LexiconError(.unreadable, path: path, FileIO.errnoText()) }
        let size = Int(st.st_size)
        guard size >= ModelFormat.headerSize else {
            if size >= 8 && !Self.hasMagic(fd: fd) { throw LexiconError(.notAModel, path: path, "no KBDLM header") }
            throw LexiconError(.truncated, path: path, "\(size) bytes, shorter than the \(ModelFormat.headerSize)-byte header")
        }
        guard let map = mmap(nil, size, PROT_READ, MAP_PRIVATE, fd, 0), map != MAP_FAILED else {
            throw LexiconError(.unreadable, path: path, "mmap: " + FileIO.errnoText())
        }
        do {
            try self.init(path: path, base: UnsafeRawPointer(map), length: size, owned: nil)
        } catch {
            munmap(map, size)
            throw error
        }
        // Checking the structure read many pages; give them back. They come back from the page
        // cache on demand, so resident memory holds only the parts typing touches.
        _ = madvise(map, size, Int32(MADV_DONTNEED))
    }

    /// A model from bytes in memory (tests, tools). The bytes are copied.
    public convenience init(bytes: [UInt8], name: String = "<memory>") throws(LexiconError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 16)
        bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
        do {
            try self.init(path: name, base: UnsafeRawPointer(buffer.baseAddress!), length: bytes.count, owned: buffer)
        } catch {
            buffer.deallocate()
            throw error
        }
    }

    private static func hasMagic(fd: Int32) -> Bool {
        var head = [UInt8](repeating: 0, count: 8)
        let n = head.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 8, 0) }
        return n == 8 && head == ModelFormat.magic
    }

    private init(path: String, base: UnsafeRawPointer, length: Int, owned: UnsafeMutableRawBufferPointer?) throws(LexiconError) {
        self.path = path
        self.base = base
        self.mappedLength = length
        self.ownedBytes = owned
        let bytes = UnsafeRawBufferPointer(start: base, count: length)
        func u32(_ at: Int) -> UInt32 { UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt32.self)) }
        func u64(_ at: Int) -> UInt64 { UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: at, as: UInt64.self)) }

        guard length >= ModelFormat.headerSize else {
            throw LexiconError(.truncated, path: path, "\(length) bytes, shorter than the \(ModelFormat.headerSize)-byte header")
        }
        guard Array(bytes[0..<8]) == ModelFormat.magic else {
            throw LexiconError(.notAModel, path: path, "no KBDLM header")
        }
        let version = u32(8)
        guard version == ModelFormat.version else {
            throw LexiconError(.wrongVersion, path: path, "format version \(version), this build reads version \(ModelFormat.version); rebuild it with kbd-model build")
        }
        let declared = Int(truncatingIfNeeded: u64(16))
        guard declared <= length else {
            throw LexiconError(.truncated, path: path, "\(length) of \(declared) bytes")
        }
        guard declared == length else {
            throw LexiconError(.corrupt, path: path, "\(length) bytes, header says \(declared)")
        }
        // The whole-file checksum is not computed here: it would read every page of the file at
        // every start. `verifyChecksum()` does (kbd-model check, the tests); loading checks the
        // structure instead, every offset and id a lookup follows, so that no file can make a
        // read leave the mapping.
        storedChecksum = u64(32)
        sourceChecksum = u64(24)
        fileSize = length
        let n = Int(u32(40))
        let m = Int(u32(44))
        wordCount = n
        bigramCount = m

        let sectionCount = Int(u32(12))
        guard ModelFormat.headerSize + sectionCount * ModelFormat.sectionEntrySize <= length else {
            throw LexiconError(.corrupt, path: path, "section table beyond the end of the file")
        }
        var sections: [UInt32: (offset: Int, length: Int)] = [:]
        for s in 0..<sectionCount {
            let e = ModelFormat.headerSize + s * ModelFormat.sectionEntrySize
            let off = Int(truncatingIfNeeded: u64(e + 8)), len = Int(truncatingIfNeeded: u64(e + 16))
            guard off >= 0, len >= 0, off % 4 == 0, off <= length, len <= length - off else {
                throw LexiconError(.corrupt, path: path, "section \(s) out of bounds")
            }
            sections[u32(e)] = (off, len)
        }
        func section(_ tag: UInt32, _ name: String, count: Int, stride: Int) throws(LexiconError) -> UnsafeRawPointer {
            guard let s = sections[tag] else { throw LexiconError(.corrupt, path: path, "missing section \(name)") }
            guard count < 0 || s.length == count * stride else {
                throw LexiconError(.corrupt, path: path, "section \(name) is \(s.length) bytes, expected \(count * stride)")
            }
            return base + s.offset
        }
        keyOffsets = try section(ModelFormat.Tag.keyOffsets, "WKOF", count: n + 1, stride: 4).assumingMemoryBound(to: UInt32.self)
        textOffsets = try section(ModelFormat.Tag.textOffsets, "WTOF", count: n + 1, stride: 4).assumingMemoryBound(to: UInt32.self)
        keyBytes = try section(ModelFormat.Tag.keyBytes, "WKEY", count: Int(UInt32(littleEndian: keyOffsets[n])), stride: 1).assumingMemoryBound(to: UInt8.self)
        textBytes = try section(ModelFormat.Tag.textBytes, "WTXT", count: Int(UInt32(littleEndian: textOffsets[n])), stride: 1).assumingMemoryBound(to: UInt8.self)
        unigram = try section(ModelFormat.Tag.unigramLogProb, "WLP1", count: n, stride: 4).assumingMemoryBound(to: Float.self)
        flagBytes = try section(ModelFormat.Tag.flags, "WFLG", count: n, stride: 1).assumingMemoryBound(to: UInt8.self)
        bigramIndex = try section(ModelFormat.Tag.bigramIndex, "BIDX", count: n + 1, stride: 4).assumingMemoryBound(to: UInt32.self)
        bigramNext = try section(ModelFormat.Tag.bigramNext, "BNXT", count: m, stride: 4).assumingMemoryBound(to: UInt32.self)
        bigramLogProb = try section(ModelFormat.Tag.bigramLogProb, "BLP2", count: m, stride: 4).assumingMemoryBound(to: Float.self)
        bigramRank = try section(ModelFormat.Tag.bigramRank, "BRNK", count: m, stride: 4).assumingMemoryBound(to: UInt32.self)
        // Monotone offsets and in-range ids, so later reads cannot leave the mapping.
        for i in 0..<n {
            guard keyOffsets[i] <= keyOffsets[i + 1], textOffsets[i] <= textOffsets[i + 1], bigramIndex[i] <= bigramIndex[i + 1] else {
                throw LexiconError(.corrupt, path: path, "offsets of word \(i) out of order")
            }
        }
        guard keyOffsets[0] == 0, textOffsets[0] == 0, bigramIndex[0] == 0, Int(bigramIndex[n]) == m else {
            throw LexiconError(.corrupt, path: path, "bigram index does not cover the bigrams")
        }
        for j in 0..<m where Int(bigramNext[j]) >= n {
            throw LexiconError(.corrupt, path: path, "bigram \(j) names word \(bigramNext[j]) of \(n)")
        }
        for i in 0..<n {
            let first = Int(bigramIndex[i]), count = Int(bigramIndex[i + 1]) - first
            for j in first..<(first + count) where Int(bigramRank[j]) >= count {
                throw LexiconError(.corrupt, path: path, "successor rank \(j) out of range")
            }
        }
        tree = MaxTree(UnsafeBufferPointer(start: unigram, count: n))
        if let s = sections[ModelFormat.Tag.deleteIndex] {
            let raw = UnsafeRawBufferPointer(start: base + s.offset, count: s.length)
            guard Self.deleteIndexIsSound(raw, wordCount: n), let index = DeleteIndex(section: raw, owner: nil) else {
                throw LexiconError(.corrupt, path: path, "section CDEL is malformed")
            }
            storedDeleteIndex = index
        } else {
            storedDeleteIndex = nil
        }
    }

    /// Checks the whole-file checksum (reads every page; loading does not). Throws `.corrupt`
    /// when the bytes after the header are not the ones the model was written with.
    public func verifyChecksum() throws(LexiconError) {
        let body = UnsafeRawBufferPointer(start: base + ModelFormat.headerSize, count: mappedLength - ModelFormat.headerSize)
        guard ModelFormat.checksum(body) == storedChecksum else {
            throw LexiconError(.corrupt, path: path, "checksum mismatch")
        }
    }

    /// Whether a `CDEL` section's bucket starts ascend within its entries and every entry names
    /// one of `wordCount` words (the layout is `DeleteIndex`'s).
    private static func deleteIndexIsSound(_ section: UnsafeRawBufferPointer, wordCount: Int) -> Bool {
        guard section.count >= 8 else { return false }
        let bits = Int(UInt32(littleEndian: section.loadUnaligned(fromByteOffset: 0, as: UInt32.self)))
        let count = Int(UInt32(littleEndian: section.loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
        guard bits > 0, bits <= 24 else { return false }
        let bucketCount = (1 << bits) + 1
        let entriesAt = (8 + bucketCount * 4 + 7) & ~7
        guard section.count == entriesAt + count * 8 else { return false }
        var previous: UInt32 = 0
        for b in 0..<bucketCount {
            let start = UInt32(littleEndian: section.loadUnaligned(fromByteOffset: 8 + 4 * b, as: UInt32.self))
            guard start >= previous, Int(start) <= count else { return false }
            previous = start
        }
        for e in 0..<count {
            let entry = UInt64(littleEndian: section.loadUnaligned(fromByteOffset: entriesAt + 8 * e, as: UInt64.self))
            guard Int(entry & 0xFFFF_FFFF) < wordCount else { return false }
        }
        return true
    }

    /// Whether the file carries the correction index (else correction builds one in memory).
    public var hasDeleteIndex: Bool { storedDeleteIndex != nil }

    deinit {
        if let ownedBytes { ownedBytes.deallocate() } else { munmap(UnsafeMutableRawPointer(mutating: base), mappedLength) }
    }

    // MARK: Words

    /// The search key of word `id` (UTF-8, accent- and case-folded).
    @inline(__always)
    func keyBytes(_ id: Int) -> UnsafeBufferPointer<UInt8> {
        let s = Int(keyOffsets[id]), e = Int(keyOffsets[id + 1])
        return UnsafeBufferPointer(start: keyBytes + s, count: e - s)
    }

    @inline(__always)
    func textBytes(_ id: Int) -> UnsafeBufferPointer<UInt8> {
        let s = Int(textOffsets[id]), e = Int(textOffsets[id + 1])
        return UnsafeBufferPointer(start: textBytes + s, count: e - s)
    }

    /// The spelling of word `id` (café, London).
    public func text(_ id: WordID) -> String { String(decoding: textBytes(Int(id)), as: UTF8.self) }

    /// The search key of word `id`.
    public func key(_ id: WordID) -> String { String(decoding: keyBytes(Int(id)), as: UTF8.self) }

    /// Natural log of the unigram probability of word `id`.
    public func logProbability(_ id: WordID) -> Float { unigram[Int(id)] }

    public func flags(_ id: WordID) -> WordFlags { WordFlags(rawValue: flagBytes[Int(id)]) }

    /// The ids whose search key starts with `prefixKey` (UTF-8 of a search key), O(log n).
    public func range(prefixKey: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        // lower bound: first key >= prefix
        var lo = 0, hi = wordCount
        while lo < hi {
            let mid = (lo + hi) >> 1
            if compare(keyBytes(mid), prefixKey, prefixOnly: false) < 0 { lo = mid + 1 } else { hi = mid }
        }
        let start = lo
        hi = wordCount
        // upper bound: first key that is greater and does not start with the prefix
        while lo < hi {
            let mid = (lo + hi) >> 1
            if compare(keyBytes(mid), prefixKey, prefixOnly: true) <= 0 { lo = mid + 1 } else { hi = mid }
        }
        return start..<lo
    }

    public func range(prefixKey: String) -> Range<Int> {
        var key = prefixKey
        return key.withUTF8 { range(prefixKey: $0) }
    }

    /// The ids whose search key equals `key` exactly.
    func range(exactKey key: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        let r = range(prefixKey: key)
        var end = r.lowerBound
        while end < r.upperBound && keyBytes(end).count == key.count { end += 1 }
        return r.lowerBound..<end
    }

    /// Compares `key` with `prefix`: with `prefixOnly`, a key that starts with the prefix is equal.
    @inline(__always)
    private func compare(_ key: UnsafeBufferPointer<UInt8>, _ prefix: UnsafeBufferPointer<UInt8>, prefixOnly: Bool) -> Int {
        let n = min(key.count, prefix.count)
        if n > 0 {
            let c = memcmp(key.baseAddress!, prefix.baseAddress!, n)
            if c != 0 { return Int(c) }
        }
        if prefixOnly && key.count >= prefix.count { return 0 }
        return key.count - prefix.count
    }

    /// The word `word` is, ignoring case and accents when there is no exact match:
    /// `the` → the, `The` → the, `london` → London, `cafe` → cafe if known, else café.
    /// `nil` for a word the model does not know.
    public func lookup(_ word: some StringProtocol, searchKey: String) -> WordID? {
        var key = searchKey
        return key.withUTF8 { k -> WordID? in
            let r = range(exactKey: k)
            if r.isEmpty { return nil }
            if r.count == 1 { return WordID(r.lowerBound) }
            var w = String(word)
            return w.withUTF8 { t -> WordID? in
                for i in r where textBytes(i).elementsEqual(t) { return WordID(i) }
                // same letters, other case (The → the): prefer the one whose bytes differ only in ASCII case
                for i in r where textBytes(i).count == t.count && zip(textBytes(i), t).allSatisfy({ $0 | 0x20 == $1 | 0x20 }) {
                    return WordID(i)
                }
                // the most frequent spelling
                return WordID(r.max { unigram[$0] < unigram[$1] }!)
            }
        }
    }

    /// Convenience: `lookup` computing the search key.
    public func lookup(_ word: some StringProtocol) -> WordID? {
        lookup(word, searchKey: Normalization.searchKey(String(word)))
    }

    /// Exactly this spelling (case and accents included), or nil.
    public func exactID(_ word: some StringProtocol) -> WordID? {
        guard let id = lookup(word) else { return nil }
        var w = String(word)
        return w.withUTF8 { textBytes(Int(id)).elementsEqual($0) } ? id : nil
    }

    // MARK: Bigrams

    /// Positions in the bigram arrays of the successors of `id`.
    @inline(__always)
    func successorRange(_ id: Int) -> Range<Int> { Int(bigramIndex[id])..<Int(bigramIndex[id + 1]) }

    @inline(__always)
    func successor(at position: Int) -> Int { Int(bigramNext[position]) }

    @inline(__always)
    func successorLogProb(at position: Int) -> Float { bigramLogProb[position] }

    /// The position of the `rank`-th most probable successor of `id` (rank from 0).
    @inline(__always)
    func successorPosition(_ id: Int, rank: Int) -> Int { Int(bigramIndex[id]) + Int(bigramRank[Int(bigramIndex[id]) + rank]) }

    /// Positions of the successors of `id` whose ids fall in `ids` (binary search; successors ascend).
    func successorRange(_ id: Int, within ids: Range<Int>) -> Range<Int> {
        let all = successorRange(id)
        var lo = all.lowerBound, hi = all.upperBound
        while lo < hi { let mid = (lo + hi) >> 1; if Int(bigramNext[mid]) < ids.lowerBound { lo = mid + 1 } else { hi = mid } }
        let start = lo
        hi = all.upperBound
        while lo < hi { let mid = (lo + hi) >> 1; if Int(bigramNext[mid]) < ids.upperBound { lo = mid + 1 } else { hi = mid } }
        return start..<lo
    }

    /// Natural log of P(`next` | `previous`) from the pair list, or nil when the pair is not listed.
    public func bigramLogProbability(_ previous: WordID, _ next: WordID) -> Float? {
        let r = successorRange(Int(previous), within: Int(next)..<(Int(next) + 1))
        return r.isEmpty ? nil : bigramLogProb[r.lowerBound]
    }
}
