#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KbdText

/// Compiles a `ModelSource` into the bytes of a `.kbdlm` file (see `ModelFormat`).
public enum ModelWriter {
    /// The model file's bytes. Words are NFC-normalised; duplicate spellings are merged;
    /// bigrams naming a word not in the word list are dropped.
    public static func build(_ source: ModelSource) -> [UInt8] {
        // Merge duplicate spellings, compute keys, order by (key, spelling).
        var countByText: [String: Double] = [:]
        for (text, count) in source.words {
            let t = Normalization.nfc(text)
            countByText[t, default: 0] += count
        }
        var entries: [(key: [UInt8], text: [UInt8], textString: String, count: Double)] = []
        entries.reserveCapacity(countByText.count)
        for (text, count) in countByText {
            entries.append((Array(Normalization.searchKey(text).utf8), Array(text.utf8), text, count))
        }
        entries.sort { a, b in
            a.key.lexicographicallyPrecedes(b.key) || (a.key == b.key && a.text.lexicographicallyPrecedes(b.text))
        }
        let n = entries.count
        var idByText: [String: UInt32] = [:]
        idByText.reserveCapacity(n)
        for (i, e) in entries.enumerated() { idByText[e.textString] = UInt32(i) }
        let total = max(1, entries.reduce(0) { $0 + $1.count })

        var keyBytes: [UInt8] = [], keyOffsets: [UInt32] = [0]
        var textBytes: [UInt8] = [], textOffsets: [UInt32] = [0]
        var logProb: [Float] = [], flags: [UInt8] = []
        for e in entries {
            keyBytes += e.key; keyOffsets.append(UInt32(keyBytes.count))
            textBytes += e.text; textOffsets.append(UInt32(textBytes.count))
            logProb.append(Float(log(max(e.count, 0.5) / total)))
            var f = WordFlags()
            if CaseMapping.lowercased(e.textString) != e.textString { f.insert(.properNoun) }
            if Normalization.searchKey(e.textString) != CaseMapping.lowercased(e.textString) { f.insert(.accented) }
            flags.append(f.rawValue)
        }

        // Bigrams grouped by predecessor, successors ascending by id.
        var successors = [[(id: UInt32, count: Double)]](repeating: [], count: n)
        for (a, b, count) in source.bigrams {
            guard let i = idByText[Normalization.nfc(a)], let j = idByText[Normalization.nfc(b)], count > 0 else { continue }
            successors[Int(i)].append((j, count))
        }
        var bigramIndex: [UInt32] = [0], bigramNext: [UInt32] = [], bigramLogProb: [Float] = [], bigramRank: [UInt32] = []
        for var list in successors {
            list.sort { $0.id < $1.id }
            var merged: [(id: UInt32, count: Double)] = []
            for s in list {
                if let last = merged.last, last.id == s.id { merged[merged.count - 1].count += s.count } else { merged.append(s) }
            }
            let sum = merged.reduce(0) { $0 + $1.count }
            for s in merged {
                bigramNext.append(s.id)
                bigramLogProb.append(Float(log(s.count / sum)))
            }
            let order = merged.indices.sorted { merged[$0].count > merged[$1].count || (merged[$0].count == merged[$1].count && $0 < $1) }
            bigramRank += order.map { UInt32($0) }
            bigramIndex.append(UInt32(bigramNext.count))
        }

        var sections: [(UInt32, [UInt8])] = []
        sections.append((ModelFormat.Tag.keyBytes, keyBytes))
        sections.append((ModelFormat.Tag.keyOffsets, le(keyOffsets)))
        sections.append((ModelFormat.Tag.textBytes, textBytes))
        sections.append((ModelFormat.Tag.textOffsets, le(textOffsets)))
        sections.append((ModelFormat.Tag.unigramLogProb, le(logProb.map(\.bitPattern))))
        sections.append((ModelFormat.Tag.flags, flags))
        sections.append((ModelFormat.Tag.bigramIndex, le(bigramIndex)))
        sections.append((ModelFormat.Tag.bigramNext, le(bigramNext)))
        sections.append((ModelFormat.Tag.bigramLogProb, le(bigramLogProb.map(\.bitPattern))))
        sections.append((ModelFormat.Tag.bigramRank, le(bigramRank)))

        var out = [UInt8](repeating: 0, count: ModelFormat.headerSize + sections.count * ModelFormat.sectionEntrySize)
        var table: [UInt8] = []
        for (tag, body) in sections {
            while out.count % 8 != 0 { out.append(0) }
            table += le(tag) + le(UInt32(0)) + le(UInt64(out.count)) + le(UInt64(body.count))
            out += body
        }
        while out.count % 8 != 0 { out.append(0) }
        out.replaceSubrange(ModelFormat.headerSize..<(ModelFormat.headerSize + table.count), with: table)
        var header = ModelFormat.magic
        header += le(ModelFormat.version) + le(UInt32(sections.count)) + le(UInt64(out.count)) + le(source.checksum)
        header += le(UInt64(0)) + le(UInt32(n)) + le(UInt32(bigramNext.count))
        out.replaceSubrange(0..<header.count, with: header)
        let sum = out.withUnsafeBytes { ModelFormat.checksum(UnsafeRawBufferPointer(rebasing: $0[ModelFormat.headerSize...])) }
        out.replaceSubrange(32..<40, with: le(sum))
        return out
    }

    /// Reads the sources in `directory` and writes the compiled model to `path`.
    public static func build(directory: String, output path: String) throws(LexiconError) {
        let source = try ModelSource.read(directory: directory)
        try FileIO.write(build(source), to: path)
    }

    static func le<T: FixedWidthInteger>(_ v: T) -> [UInt8] {
        withUnsafeBytes(of: v.littleEndian) { Array($0) }
    }

    static func le<T: FixedWidthInteger>(_ vs: [T]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(vs.count * MemoryLayout<T>.size)
        for v in vs { withUnsafeBytes(of: v.littleEndian) { out += $0 } }
        return out
    }
}
