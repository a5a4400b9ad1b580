/// The layout of a compiled language model file (`.kbdlm`), format version 1.
///
/// All integers little-endian. A 64-byte header, a section table, then 8-byte-aligned sections:
///
/// ```
/// 0   magic "KBDLM\r\n\u{1A}"          8 bytes
/// 8   format version                 UInt32 (= ModelFormat.version)
/// 12  section count                  UInt32
/// 16  file size in bytes             UInt64
/// 24  checksum of the source TSVs    UInt64 (ModelFormat.checksum of words.tsv then bigrams.tsv)
/// 32  checksum of bytes 64..<size    UInt64
/// 40  word count                     UInt32
/// 44  bigram count                   UInt32
/// 48  reserved                       16 bytes
/// 64  section table: count × { tag UInt32, reserved UInt32, offset UInt64, length UInt64 }
/// ```
///
/// Words are numbered in the order of their search key (accent- and case-blind,
/// `Normalization.searchKey`) then their spelling, so the words sharing a typed prefix form
/// one contiguous id range.
public enum ModelFormat {
    public static let magic: [UInt8] = Array("KBDLM\r\n".utf8) + [0x1A]
    public static let version: UInt32 = 1
    public static let headerSize = 64
    public static let sectionEntrySize = 24

    /// Section tags (four ASCII letters read as a little-endian UInt32).
    public enum Tag {
        /// Search keys, UTF-8, concatenated in id order.
        public static let keyBytes = tag("WKEY")
        /// UInt32 × (words + 1): start of each key in `keyBytes`.
        public static let keyOffsets = tag("WKOF")
        /// Spellings (café, London), UTF-8, concatenated in id order.
        public static let textBytes = tag("WTXT")
        /// UInt32 × (words + 1): start of each spelling in `textBytes`.
        public static let textOffsets = tag("WTOF")
        /// Float32 × words: natural log of the unigram probability.
        public static let unigramLogProb = tag("WLP1")
        /// UInt8 × words: `WordFlags`.
        public static let flags = tag("WFLG")
        /// UInt32 × (words + 1): start of each word's successors in `bigramNext`.
        public static let bigramIndex = tag("BIDX")
        /// UInt32 × bigrams: successor ids, ascending within each predecessor.
        public static let bigramNext = tag("BNXT")
        /// Float32 × bigrams: natural log of P(successor | predecessor).
        public static let bigramLogProb = tag("BLP2")
        /// UInt32 × bigrams: per predecessor, positions in `bigramNext` (relative to its start)
        /// ordered by falling probability.
        public static let bigramRank = tag("BRNK")
    }

    static func tag(_ s: StaticString) -> UInt32 {
        let p = s.utf8Start
        return UInt32(p[0]) | UInt32(p[1]) << 8 | UInt32(p[2]) << 16 | UInt32(p[3]) << 24
    }

    /// A fast 64-bit checksum (not cryptographic): 8 bytes a step, ~0.2 ms a megabyte.
    public static func checksum(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> UInt64 {
        var h = seed ^ UInt64(bytes.count)
        var i = 0
        let n = bytes.count
        while i + 8 <= n {
            let w = bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            h = (h ^ w) &* 0x100_0000_01B3 &+ 0x2D35_8DCC_AA6C_78A5
            h ^= h >> 29
            i += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while i < n {
            tail |= UInt64(bytes[i]) << shift
            shift += 8
            i += 1
        }
        h = (h ^ tail) &* 0x100_0000_01B3
        h ^= h >> 32
        return h
    }

    public static func checksum(_ bytes: [UInt8], seed: UInt64 = 0x9E37_79B9_7F4A_7C15) -> UInt64 {
        bytes.withUnsafeBytes { checksum($0, seed: seed) }
    }
}

/// Per-word flags stored in the model.
public struct WordFlags: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// The spelling has capitals the engine must keep (London, I, iPhone, NASA).
    public static let properNoun = WordFlags(rawValue: 1)
    /// The spelling has accents its search key lacks (café).
    public static let accented = WordFlags(rawValue: 2)
}
