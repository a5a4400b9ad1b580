import Foundation
@testable import KbdLexicon
import Testing

@Suite struct ModelFileTests {
    func write(_ bytes: [UInt8]) -> String {
        let path = temporaryPath("model.kbdlm")
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    func error(loading path: String) -> LexiconError? {
        do { _ = try LanguageModel(path: path); return nil } catch { return error }
    }

    func tinyBytes() -> [UInt8] {
        ModelWriter.build(ModelSource(words: [("hello", 3), ("world", 2)], bigrams: [("hello", "world", 1)]))
    }

    @Test func missingFile() throws {
        let e = try #require(error(loading: "/nonexistent/dir/en.kbdlm"))
        #expect(e.kind == .unreadable)
        #expect(e.description.hasPrefix("language model /nonexistent/dir/en.kbdlm: cannot read"))
    }

    @Test func truncatedFile() throws {
        let bytes = tinyBytes()
        for cut in [10, 63, 64, 100, bytes.count - 1] {
            let path = write(Array(bytes[0..<cut]))
            defer { try? FileManager.default.removeItem(atPath: path) }
            let e = try #require(error(loading: path))
            #expect(e.kind == .truncated)
            #expect(e.description.contains(path) && e.description.contains("truncated"))
        }
    }

    @Test func wrongVersion() throws {
        var bytes = tinyBytes()
        bytes[8] = 99
        let path = write(bytes)
        let e = try #require(error(loading: path))
        #expect(e.kind == .wrongVersion)
        #expect(e.description.contains("version 99"))
    }

    @Test func garbage() throws {
        let path = write(Array("this is not a language model, just some text that is long enough\n".utf8))
        let e = try #require(error(loading: path))
        #expect(e.kind == .notAModel)
        #expect(e.description == "language model \(path): not a kbd language model (no KBDLM header)")
        let empty = write([])
        #expect(error(loading: empty)?.kind == .truncated)
    }

    /// A flipped byte is found by the full check (`kbd-model check`); loading, which checks the
    /// structure only, either refuses the file or gives a model that reads safely.
    @Test func corruptBody() throws {
        let intact = try LanguageModel(bytes: tinyBytes())
        try intact.verifyChecksum()
        for position in [70, tinyBytes().count / 2, tinyBytes().count - 3] {
            var bytes = tinyBytes()
            bytes[position] ^= 0xFF
            let path = write(bytes)
            if let e = error(loading: path) {
                #expect(e.kind == .corrupt)
            } else {
                let model = try LanguageModel(path: path)
                #expect(throws: LexiconError.self) { try model.verifyChecksum() }
                for id in 0..<model.wordCount { _ = model.text(Int32(id)); _ = model.key(Int32(id)) }
            }
        }
    }

    /// Offsets and ids that point outside the file are refused at load.
    @Test func corruptStructure() throws {
        let good = tinyBytes()
        var refused = 0
        for position in stride(from: 64, to: good.count, by: 1) {
            var bytes = good
            bytes[position] = 0xFF
            guard let model = try? LanguageModel(bytes: bytes) else { refused += 1; continue }
            // A file that loads must read safely: every word, its successors, completions.
            for id in 0..<model.wordCount {
                _ = model.text(Int32(id))
                for rank in 0..<model.successorRange(id).count { _ = model.successor(at: model.successorPosition(id, rank: rank)) }
            }
            _ = Predictor(model: model)
        }
        #expect(refused > 0)
    }

    @Test func errorsAreSendable() {
        let e: any Error & Sendable = LexiconError(.corrupt, path: "x", "y")
        #expect("\(e)" == "language model x: corrupt (y)")
    }

    @Test func writesAndLoadsThroughTheFileSystem() throws {
        let dir = temporaryPath("src")
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        try "the\t10\nLondon\t5\n# comment\n".write(toFile: dir + "/words.tsv", atomically: true, encoding: .utf8)
        try "the\tLondon\t3\n".write(toFile: dir + "/bigrams.tsv", atomically: true, encoding: .utf8)
        try ModelWriter.build(directory: dir, output: dir + "/en.kbdlm")
        let m = try LanguageModel(path: dir + "/en.kbdlm")
        #expect(m.wordCount == 2 && m.bigramCount == 1)
        #expect(m.sourceChecksum == (try ModelSource.checksum(directory: dir)))
        try "the\tten\n".write(toFile: dir + "/words.tsv", atomically: true, encoding: .utf8)
        #expect(throws: LexiconError.self) { try ModelSource.read(directory: dir) }
    }

    @Test func committedModelIsCurrent() throws {
        let dir = repositoryRoot + "/Data/en"
        let sum = try ModelSource.checksum(directory: dir)
        #expect(englishModel.sourceChecksum == sum, "Data/en/en.kbdlm is stale: run `swift run kbd-model build Data/en`")
        #expect(englishModel.wordCount > 50_000)
    }

    @Test func locatorPrefersTheEnvironment() throws {
        let path = try ModelLocator.defaultModelPath(environment: ["KBD_MODEL": "/x/y.kbdlm"], executablePath: "/nowhere/bin/kbd")
        #expect(path == "/x/y.kbdlm")
    }

    @Test func locatorFindsACheckoutAboveTheExecutable() throws {
        let path = try ModelLocator.defaultModelPath(
            environment: [:], executablePath: repositoryRoot + "/.build/debug/kbd-engine", currentDirectory: "/")
        #expect(path == repositoryRoot + "/Data/en/en.kbdlm")
    }

    @Test func locatorFindsAnInstalledModel() throws {
        let prefix = temporaryPath("prefix")
        try FileManager.default.createDirectory(atPath: prefix + "/share/kbd", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: prefix + "/share/kbd/en.kbdlm", contents: Data(tinyBytes()))
        let path = try ModelLocator.defaultModelPath(environment: [:], executablePath: prefix + "/bin/kbd-engine", currentDirectory: "/")
        #expect(path == prefix + "/share/kbd/en.kbdlm")
    }

    @Test func locatorFailsClearly() throws {
        #expect(throws: LexiconError.self) {
            try ModelLocator.defaultModelPath(environment: [:], executablePath: "/nowhere/bin/kbd", currentDirectory: "/")
        }
    }
}
