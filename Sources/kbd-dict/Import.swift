import ArgumentParser
import Foundation
import KbdStore
import ZIPFoundation

extension DictionaryFormat: ExpressibleByArgument {}

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Import words and shortcuts from FILE (- for stdin), all of it or none.",
        discussion: """
        Formats, detected from the content unless --format names one: words (one a line, \
        '#' comments, optional BOM), tsv (word<TAB>weight[<TAB>locale]), gboard (Gboard's \
        exported zip or its dictionary.txt), plist (macOS text replacements).
        """)

    @OptionGroup var storeOptions: StoreOptions
    @OptionGroup var output: OutputOptions
    @Option(help: "The file format: \(DictionaryFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: DictionaryFormat?
    @Flag(help: "Show progress on stderr even when it is not a terminal (on a terminal, imports of 50k words or more show it).")
    var progress = false
    @Argument(help: "The file to import, or - for standard input.")
    var file: String

    func run() throws {
        let name = file == "-" ? "stdin" : file
        let contents = try DictionaryFile.parse(readImportData(file), format: format, name: name)
        let store = try storeOptions.open("kbd-dict import")
        let total = contents.words.count
        let showProgress = progress || (isatty(2) != 0 && total >= 50_000 && !output.json)
        let summary = try store.addWords(contents.words, shortcuts: contents.shortcuts) { done in
            if showProgress {
                FileHandle.standardError.write(Data("\rimporting \(name): \(done)/\(total) words".utf8))
            }
        }
        if showProgress { FileHandle.standardError.write(Data("\n".utf8)) }
        if output.json { return try Output.json(summary) }
        var line = "imported \(plural(summary.added + summary.updated, "word")) (\(summary.added) new, \(summary.updated) updated)"
        if !contents.shortcuts.isEmpty {
            line += ", \(plural(summary.shortcutsAdded + summary.shortcutsUnchanged, "shortcut")) (\(summary.shortcutsAdded) new)"
        }
        print(line)
    }
}

/// The bytes to parse: the file, or `dictionary.txt` from a (Gboard) zip archive.
func readImportData(_ file: String) throws -> Data {
    let name = file == "-" ? "stdin" : file
    let data: Data
    if file == "-" {
        data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
            throw StoreError(.badFile, "\(name): no such file")
        }
        if isDirectory.boolValue { throw StoreError(.badFile, "\(name): is a directory") }
        guard let contents = FileManager.default.contents(atPath: file) else {
            throw StoreError(.badFile, "\(name): cannot be read (permission denied?)")
        }
        data = contents
    }
    guard DictionaryFile.isZip(data) else { return data }
    do {
        let archive = try Archive(data: data, accessMode: .read)
        guard let entry = archive.first(where: { ($0.path as NSString).lastPathComponent == "dictionary.txt" }) else {
            throw StoreError(.badFile, "\(name): a zip archive without dictionary.txt (not a Gboard export)")
        }
        var text = Data()
        _ = try archive.extract(entry) { text.append($0) }
        return text
    } catch let error as StoreError {
        throw error
    } catch {
        throw StoreError(.badFile, "\(name): a damaged zip archive (\(error))")
    }
}
