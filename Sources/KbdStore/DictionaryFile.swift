import Foundation

/// A file format `kbd-dict import` reads and `export` writes.
public enum DictionaryFormat: String, Sendable, CaseIterable, Codable {
    /// One word a line; lines that are `#` or start with `# ` are comments; optional BOM.
    case words
    /// `word<TAB>weight[<TAB>locale]` a line, comments as for `words`.
    case tsv
    /// Gboard's personal dictionary: `dictionary.txt` (in a zip when exported by Gboard), first
    /// line `# Gboard Dictionary version:1`, then `shortcut<TAB>word<TAB>language` rows.
    /// Rows with a shortcut become shortcuts (shortcut → word); rows without, user words.
    case gboard
    /// The property list macOS writes when text replacements are dragged out of its keyboard
    /// settings: an array of dictionaries with `phrase` and `shortcut` (XML or binary).
    case plist
}

/// What a dictionary file holds: user words and shortcuts.
public struct DictionaryContents: Sendable, Equatable {
    public var words: [UserWord]
    public var shortcuts: [Shortcut]

    public init(words: [UserWord] = [], shortcuts: [Shortcut] = []) {
        self.words = words
        self.shortcuts = shortcuts
    }
}

/// Reading and writing the import/export formats. Pure functions of bytes; thread-safe.
/// (Zip archives are opened by the caller: KbdStore does not link a zip library.)
public enum DictionaryFile {
    /// The Gboard header line.
    public static let gboardHeader = "# Gboard Dictionary version:1"

    /// Whether `bytes` start like a zip archive (`PK\3\4`).
    public static func isZip(_ bytes: some Collection<UInt8>) -> Bool {
        bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
    }

    /// The format `bytes` are in, judged from the content, or nil when unknown (binary data).
    /// A zip archive is reported as `.gboard`.
    public static func detect(_ bytes: [UInt8]) -> DictionaryFormat? {
        if isZip(bytes) { return .gboard }
        if bytes.starts(with: Array("bplist00".utf8)) { return .plist }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        let head = String(decoding: body.prefix(512), as: UTF8.self).trimmingWhitespace()
        if head.hasPrefix("<?xml") || head.hasPrefix("<!DOCTYPE plist") || head.hasPrefix("<plist") { return .plist }
        if head.hasPrefix("# Gboard Dictionary") { return .gboard }
        // Binary data: NUL bytes, or more than 1% control bytes other than tab, CR and LF.
        let sample = body.prefix(65_536)
        if sample.contains(0) { return nil }
        let controls = sample.lazy.filter { ($0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D) || $0 == 0x7F }.count
        if controls * 100 > sample.count { return nil }
        // A tab on any data line means TSV.
        var lineStart = true, inComment = false
        for byte in body {
            if byte == 0x0A { lineStart = true; inComment = false; continue }
            if lineStart { inComment = byte == 0x23; lineStart = false }
            if byte == 0x09 && !inComment { return .tsv }
        }
        return .words
    }

    /// Parses `data` in `format` (detected when nil). `name` is used in messages.
    ///
    /// Every entry is validated (``Validation``); the first problem throws a one-line
    /// ``StoreError`` naming the file and line. Nothing is written anywhere.
    public static func parse(_ data: Data, format: DictionaryFormat? = nil, name: String) throws -> DictionaryContents {
        let bytes = [UInt8](data)
        guard let format = format ?? detect(bytes) else {
            throw StoreError(.badFile, "\(name): unknown format (not a word list, TSV, Gboard dictionary or macOS text-replacement property list)")
        }
        if isZip(bytes) {
            throw StoreError(.badFile, "\(name): a zip archive; its dictionary.txt must be extracted first")
        }
        switch format {
        case .plist: return try parsePlist(data, name: name)
        case .words, .tsv, .gboard: return try parseLines(bytes, format: format, name: name)
        }
    }

    // MARK: - Line formats

    static func parseLines(_ bytes: [UInt8], format: DictionaryFormat, name: String) throws -> DictionaryContents {
        var contents = DictionaryContents()
        var lineNumber = 0
        var sawHeader = false
        try bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
            let end = buffer.count
            while start < end {
                lineNumber += 1
                var stop = start
                while stop < end && buffer[stop] != 0x0A { stop += 1 }
                var lineEnd = stop
                if lineEnd > start && buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                let slice = UnsafeBufferPointer(rebasing: buffer[start..<lineEnd])
                start = stop + 1
                guard let line = String(validating: slice, as: UTF8.self) else {
                    throw StoreError(.badFile, "\(name):\(lineNumber): invalid UTF-8")
                }
                if line.isEmpty { continue }
                if line == "#" || line.hasPrefix("# ") || line.hasPrefix("#\t") {
                    if lineNumber == 1 && line.hasPrefix("# Gboard Dictionary") { sawHeader = true }
                    continue
                }
                if line.allSatisfy(\.isWhitespace) { continue }
                do {
                    try parseLine(line, format: format, into: &contents)
                } catch let error as StoreError {
                    throw StoreError(error.kind == .invalidInput ? .badFile : error.kind, "\(name):\(lineNumber): \(error.message)")
                }
            }
        }
        if format == .gboard && !sawHeader && !bytes.isEmpty {
            throw StoreError(.badFile, "\(name): not a Gboard dictionary (the first line is not \"\(gboardHeader)\")")
        }
        return contents
    }

    static func parseLine(_ line: String, format: DictionaryFormat, into contents: inout DictionaryContents) throws {
        switch format {
        case .words:
            contents.words.append(UserWord(word: try Validation.word(line)))
        case .tsv:
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard (1...3).contains(fields.count) else {
                throw StoreError(.badFile, "expected word<TAB>weight[<TAB>locale], found \(fields.count) fields")
            }
            let word = try Validation.word(String(fields[0]))
            var weight = Validation.defaultWeight
            if fields.count > 1 {
                let text = fields[1].trimmingCharacters(in: .whitespaces)
                if !text.isEmpty {
                    guard let value = Int64(text) else {
                        throw StoreError(.badFile, "weight \(String(fields[1]).debugDescription) is not a whole number")
                    }
                    weight = try Validation.weight(value)
                }
            }
            let locale = fields.count > 2 ? try Validation.locale(String(fields[2])) : ""
            contents.words.append(UserWord(word: word, weight: weight, locale: locale))
        case .gboard:
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard (2...3).contains(fields.count) else {
                throw StoreError(.badFile, "expected shortcut<TAB>word<TAB>language, found \(fields.count) fields")
            }
            let shortcut = fields[0].trimmingCharacters(in: .whitespaces)
            if shortcut.isEmpty {
                let locale = fields.count > 2 ? try Validation.locale(String(fields[2])) : ""
                contents.words.append(UserWord(word: try Validation.word(String(fields[1])), locale: locale))
            } else {
                contents.shortcuts.append(Shortcut(shortcut: try Validation.shortcut(shortcut),
                                                   phrase: try Validation.phrase(String(fields[1]))))
            }
        case .plist:
            break
        }
    }

    // MARK: - Property list

    static func parsePlist(_ data: Data, name: String) throws -> DictionaryContents {
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw StoreError(.badFile, "\(name): not a readable property list")
        }
        guard let items = object as? [Any] else {
            throw StoreError(.badFile, "\(name): a property list, but not an array of text replacements (phrase, shortcut)")
        }
        var contents = DictionaryContents()
        for (index, item) in items.enumerated() {
            guard let entry = item as? [String: Any],
                  let phrase = entry["phrase"] as? String, let shortcut = entry["shortcut"] as? String else {
                throw StoreError(.badFile, "\(name): item \(index + 1): not a dictionary with phrase and shortcut strings")
            }
            do {
                contents.shortcuts.append(Shortcut(shortcut: try Validation.shortcut(shortcut), phrase: try Validation.phrase(phrase)))
            } catch let error as StoreError {
                throw StoreError(.badFile, "\(name): item \(index + 1): \(error.message)")
            }
        }
        return contents
    }

    // MARK: - Writing

    /// Renders `contents` in `format`. `words` and `tsv` hold only words, `plist` only
    /// shortcuts, `gboard` both (as the text of `dictionary.txt`; the caller may zip it).
    public static func render(_ contents: DictionaryContents, format: DictionaryFormat) throws -> Data {
        var out = ""
        switch format {
        case .words:
            for entry in contents.words { out += entry.word + "\n" }
        case .tsv:
            for entry in contents.words {
                out += entry.word + "\t" + String(entry.weight)
                if !entry.locale.isEmpty { out += "\t" + entry.locale }
                out += "\n"
            }
        case .gboard:
            out = gboardHeader + "\n"
            for entry in contents.words { out += "\t" + entry.word + "\t" + entry.locale + "\n" }
            for entry in contents.shortcuts { out += entry.shortcut + "\t" + entry.phrase + "\t\n" }
        case .plist:
            let items: [[String: String]] = contents.shortcuts.map { ["phrase": $0.phrase, "shortcut": $0.shortcut] }
            do {
                return try PropertyListSerialization.data(fromPropertyList: items, format: .xml, options: 0)
            } catch {
                throw StoreError(.io, "export: cannot write the property list (\(error))")
            }
        }
        return Data(out.utf8)
    }
}
