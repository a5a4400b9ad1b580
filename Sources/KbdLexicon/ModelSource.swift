import KbdText

/// The plain-text sources of a model: `words.tsv` (`word<TAB>count`) and `bigrams.tsv`
/// (`word<TAB>word<TAB>count`), UTF-8, as `tools/build-lexicon-data.py` writes them.
public struct ModelSource: Sendable {
    public var words: [(text: String, count: Double)]
    public var bigrams: [(first: String, second: String, count: Double)]
    /// `ModelFormat.checksum` of the two files' bytes, stored in the model to detect staleness.
    public var checksum: UInt64

    public init(words: [(text: String, count: Double)], bigrams: [(first: String, second: String, count: Double)], checksum: UInt64 = 0) {
        self.words = words
        self.bigrams = bigrams
        self.checksum = checksum
    }

    /// The file names inside a source directory.
    public static let wordsFile = "words.tsv"
    public static let bigramsFile = "bigrams.tsv"

    /// The checksum of the sources in `directory` without parsing them.
    public static func checksum(directory: String) throws(LexiconError) -> UInt64 {
        let w = try FileIO.read(directory + "/" + wordsFile)
        let b = FileIO.exists(directory + "/" + bigramsFile) ? try FileIO.read(directory + "/" + bigramsFile) : []
        return ModelFormat.checksum(b, seed: ModelFormat.checksum(w))
    }

    /// Reads and parses `words.tsv` and (if present) `bigrams.tsv` in `directory`.
    public static func read(directory: String) throws(LexiconError) -> ModelSource {
        let wordsPath = directory + "/" + wordsFile
        let bigramsPath = directory + "/" + bigramsFile
        let w = try FileIO.read(wordsPath)
        let b = FileIO.exists(bigramsPath) ? try FileIO.read(bigramsPath) : []
        var source = ModelSource(words: [], bigrams: [])
        source.checksum = ModelFormat.checksum(b, seed: ModelFormat.checksum(w))
        try parse(w, path: wordsPath, columns: 2) { f, count in
            source.words.append((f[0], count))
        }
        try parse(b, path: bigramsPath, columns: 3) { f, count in
            source.bigrams.append((f[0], f[1], count))
        }
        return source
    }

    private static func parse(_ bytes: [UInt8], path: String, columns: Int, _ row: ([String], Double) -> Void) throws(LexiconError) {
        var line = 0
        var start = 0
        var fields: [String] = []
        while start < bytes.count {
            var end = start
            while end < bytes.count && bytes[end] != 0x0A { end += 1 }
            line += 1
            var lineEnd = end
            if lineEnd > start && bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            if lineEnd > start && bytes[start] != 0x23 /* # comment */ {
                fields.removeAll(keepingCapacity: true)
                var f = start
                var i = start
                while i <= lineEnd {
                    if i == lineEnd || bytes[i] == 0x09 {
                        fields.append(String(decoding: bytes[f..<i], as: UTF8.self))
                        f = i + 1
                    }
                    i += 1
                }
                guard fields.count == columns, let count = Double(fields[columns - 1]), count >= 0,
                      fields.dropLast().allSatisfy({ !$0.isEmpty }) else {
                    throw LexiconError(.badSource, path: path, "line \(line): expected \(columns) tab-separated fields ending in a count")
                }
                row(fields, count)
            }
            start = end + 1
        }
    }
}
