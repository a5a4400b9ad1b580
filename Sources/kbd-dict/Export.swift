import ArgumentParser
import Foundation
import KbdStore
import ZIPFoundation

struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Export the user's words (and shortcuts) to FILE, or stdout.",
        discussion: """
        --format: tsv (default; word<TAB>weight[<TAB>locale]), words, gboard (a zip holding \
        dictionary.txt when FILE ends in .zip, else the text), plist (shortcuts, as macOS writes \
        them). Without --format, FILE's extension chooses: .txt words, .zip gboard, .plist plist.
        """)

    @OptionGroup var storeOptions: StoreOptions
    @Option(help: "The file format: \(DictionaryFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: DictionaryFormat?
    @Argument(help: "The file to write (default: standard output).")
    var file: String?

    func run() throws {
        let store = try storeOptions.open("kbd-dict export")
        let contents = DictionaryContents(words: try store.userWords(), shortcuts: try store.shortcuts())
        let ext = ((file ?? "") as NSString).pathExtension.lowercased()
        let format = self.format ?? ["txt": .words, "zip": .gboard, "plist": .plist][ext] ?? .tsv
        let data = try DictionaryFile.render(contents, format: format)
        guard let file, file != "-" else {
            FileHandle.standardOutput.write(data)
            return
        }
        do {
            let url = URL(fileURLWithPath: file)
            if format == .gboard && ext == "zip" {
                let temporary = URL(fileURLWithPath: file + ".partial")
                try? FileManager.default.removeItem(at: temporary)
                let archive = try Archive(url: temporary, accessMode: .create)
                try archive.addEntry(with: "dictionary.txt", type: .file, uncompressedSize: Int64(data.count),
                                     compressionMethod: .deflate) { position, size in
                    data.subdata(in: Int(position)..<Int(position) + size)
                }
                guard rename(temporary.path, url.path) == 0 else {
                    throw StoreError(.io, "export \(file): cannot write it (\(String(cString: strerror(errno))))")
                }
            } else {
                try data.write(to: url, options: .atomic)
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(.io, "export \(file): cannot write it (\(error.localizedDescription))")
        }
    }
}
