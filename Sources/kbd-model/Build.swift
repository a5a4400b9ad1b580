import ArgumentParser
import Foundation
import KbdLexicon

struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Compile words.tsv and bigrams.tsv of a directory into a model file.")

    @Argument(help: "Directory holding words.tsv and bigrams.tsv (e.g. Data/en).")
    var directory: String

    @Option(name: .shortAndLong, help: "The model file to write (default: DIRECTORY/en.kbdlm).")
    var output: String?

    func run() throws {
        let out = output ?? (directory + "/en.kbdlm")
        let start = Date()
        orFail { () throws(LexiconError) in try ModelWriter.build(directory: directory, output: out) }
        let model = orFail { () throws(LexiconError) in try LanguageModel(path: out) }
        print("\(out): \(model.wordCount) words, \(model.bigramCount) pairs, \(model.fileSize) bytes (\(String(format: "%.1f", Date().timeIntervalSince(start))) s)")
    }
}

struct Info: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Describe a model file.")

    @Argument(help: "The model file.")
    var file: String

    func run() throws {
        let t0 = DispatchTime.now().uptimeNanoseconds
        let model = orFail { () throws(LexiconError) in try LanguageModel(path: file) }
        do {
            let ms = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
            print("file: \(file)")
            print("format version: \(ModelFormat.version)")
            print("size: \(model.fileSize) bytes")
            print("words: \(model.wordCount)")
            print("pairs: \(model.bigramCount)")
            print("source checksum: \(String(model.sourceChecksum, radix: 16))")
            print(String(format: "load: %.2f ms", ms))
        }
    }
}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Check that a model file is intact (its checksum) and current with its source directory.")

    @Argument(help: "Directory holding words.tsv and bigrams.tsv.")
    var directory: String

    @Option(name: .shortAndLong, help: "The model file (default: DIRECTORY/en.kbdlm).")
    var model: String?

    func run() throws {
        let path = model ?? (directory + "/en.kbdlm")
        let m = orFail { () throws(LexiconError) in try LanguageModel(path: path) }
        orFail { () throws(LexiconError) in try m.verifyChecksum() }
        let sum = orFail { () throws(LexiconError) in try ModelSource.checksum(directory: directory) }
        guard sum == m.sourceChecksum else {
            fail("\(path) is stale: rebuild it with `kbd-model build \(directory)`")
        }
        print("\(path): current")
    }
}

struct Locate: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Print the model file the engine would load.")

    func run() throws {
        print(orFail { () throws(LexiconError) in try ModelLocator.defaultModelPath() })
    }
}
