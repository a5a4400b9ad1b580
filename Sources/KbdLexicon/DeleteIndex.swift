/// A symmetric-delete index (SymSpell's idea) over the model's search keys: every key, and every
/// key with one byte deleted, hashed to the word's id. A typed word finds the words within a
/// couple of edits by looking up itself and its own one- and two-byte deletions: a substitution
/// or transposition meets the word at one deletion each side, an omitted letter at one deletion
/// of the word, one or two extra letters at deletions of the typed word.
///
/// Stored as the model's optional `CDEL` section (see `ModelFormat`), written by `kbd-model
/// build` and memory-mapped with the model, so opening it costs nothing; a model without it gets
/// one built in memory (~0.1 s for 85k words; small test models take microseconds).
///
/// Section layout, little-endian: `UInt32 bucketBits`, `UInt32 entryCount`,
/// `UInt32 × (2^bucketBits + 1)` bucket starts, padding to 8 bytes, then `UInt64 × entryCount`
/// entries `hash << 32 | wordID` sorted ascending; a hash's bucket is its top `bucketBits` bits.
///
/// `@unchecked Sendable`: read-only pointers into the model's mapping (kept alive by `owner`) or
/// into an owned buffer that is never written after construction.
struct DeleteIndex: @unchecked Sendable {
    private let bucketBits: Int
    private let buckets: UnsafePointer<UInt32>
    private let entries: UnsafePointer<UInt64>
    let entryCount: Int
    private let owner: AnyObject?

    /// Keys longer than this (bytes) get no deletions in the index (they are looked up whole).
    static let maxKeyLength = 40

    /// Reads a `CDEL` section; nil when it is malformed.
    init?(section: UnsafeRawBufferPointer, owner: AnyObject?) {
        guard section.count >= 8 else { return nil }
        let bits = Int(UInt32(littleEndian: section.loadUnaligned(fromByteOffset: 0, as: UInt32.self)))
        let count = Int(UInt32(littleEndian: section.loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
        guard bits > 0, bits <= 24 else { return nil }
        let bucketBytes = ((1 << bits) + 1) * 4
        let entriesAt = (8 + bucketBytes + 7) & ~7
        guard section.count == entriesAt + count * 8 else { return nil }
        bucketBits = bits
        buckets = (section.baseAddress! + 8).assumingMemoryBound(to: UInt32.self)
        entries = (section.baseAddress! + entriesAt).assumingMemoryBound(to: UInt64.self)
        entryCount = count
        self.owner = owner
        guard Int(buckets[1 << bits]) == count else { return nil }
    }

    /// Builds the index of `model`'s keys in memory.
    init(model: LanguageModel) {
        let bytes = Self.build(wordCount: model.wordCount) { model.keyBytes($0) }
        let box = Box(bytes)
        self.init(section: box.buffer, owner: box)!
    }

    private final class Box {
        let storage: UnsafeMutableRawBufferPointer
        var buffer: UnsafeRawBufferPointer { UnsafeRawBufferPointer(storage) }
        init(_ bytes: [UInt8]) {
            storage = .allocate(byteCount: max(bytes.count, 8), alignment: 16)
            bytes.withUnsafeBytes { storage.copyMemory(from: $0) }
        }
        deinit { storage.deallocate() }
    }

    /// The section's bytes for `wordCount` keys.
    static func build(wordCount: Int, key: (Int) -> UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var all: [UInt64] = []
        all.reserveCapacity(wordCount * 9)
        var seen: [UInt32] = []
        for id in 0..<wordCount {
            let k = key(id)
            seen.removeAll(keepingCapacity: true)
            let whole = hash(k, skipping: -1, -1)
            seen.append(whole)
            if k.count <= maxKeyLength && k.count > 1 {
                for i in 0..<k.count {
                    if i > 0 && k[i] == k[i - 1] { continue }  // same deletion as the previous byte's
                    let h = hash(k, skipping: i, -1)
                    if !seen.contains(h) { seen.append(h) }
                }
            }
            for h in seen { all.append(UInt64(h) << 32 | UInt64(id)) }
        }
        all.sort()
        let bits = max(4, min(20, Int.bitWidth - (max(all.count, 1) - 1).leadingZeroBitCount - 2))
        var starts = [UInt32](repeating: 0, count: (1 << bits) + 1)
        for e in all { starts[Int(e >> 32) >> (32 - bits) + 1] += 1 }
        for b in 0..<(1 << bits) { starts[b + 1] += starts[b] }
        var out = ModelWriter.le(UInt32(bits)) + ModelWriter.le(UInt32(all.count)) + ModelWriter.le(starts)
        while out.count % 8 != 0 { out.append(0) }
        out += ModelWriter.le(all)
        return out
    }

    /// FNV-1a over `bytes` leaving out the bytes at `skip1` and `skip2` (-1: none), then mixed.
    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, skipping skip1: Int, _ skip2: Int) -> UInt32 {
        var h: UInt32 = 0x811C_9DC5
        var n: UInt32 = 0
        for i in 0..<bytes.count where i != skip1 && i != skip2 {
            h = (h ^ UInt32(bytes[i])) &* 0x0100_0193
            n += 1
        }
        h ^= n &* 0x9E37_79B1
        h ^= h >> 16
        h = h &* 0x85EB_CA6B
        h ^= h >> 13
        h = h &* 0xC2B2_AE35
        h ^= h >> 16
        return h
    }

    /// Calls `body` with the id of every word one of whose index strings hashes to `hash`
    /// (a hash collision may add a stray word: callers check the words they get). O(bucket).
    @inline(__always)
    func forEachWord(hash: UInt32, _ body: (Int32) -> Void) {
        let b = Int(hash) >> (32 - bucketBits)
        var i = Int(buckets[b])
        let end = Int(buckets[b + 1])
        let h64 = UInt64(hash) << 32
        // entries in a bucket ascend: skip to the hash, stop after it
        while i < end && entries[i] < h64 { i += 1 }
        while i < end && entries[i] & 0xFFFF_FFFF_0000_0000 == h64 {
            body(Int32(truncatingIfNeeded: entries[i] & 0xFFFF_FFFF))
            i += 1
        }
    }
}
