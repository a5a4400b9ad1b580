import Foundation
import Testing

/// The autocorrection evaluators in `tools/`, run against the built `kbd-engine` on tiny inputs.
@Suite struct EvaluatorTests {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { url.deleteLastPathComponent() }
        return url
    }()

    func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.root.appendingPathComponent("tools/" + tool).path,
                             "--engine", ProgramRunner.url("kbd-engine").path] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func temporaryFile(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("kbd-eval-\(UUID().uuidString)").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func typosTopOneTopThreeAndSpeed() throws {
        let tsv = try temporaryFile("teh\tthe\nrecieve\treceive\nqzxv\tquiz\n")
        defer { try? FileManager.default.removeItem(atPath: tsv) }
        let r = try run("eval-typos", ["--json", tsv])
        #expect(r.status == 0)
        let figures = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(figures?["typos"] as? Int == 3)
        #expect(figures?["top1"] as? Double == 0.6667)
        #expect((figures?["top3"] as? Double ?? 0) >= 0.6667)
        #expect((figures?["words_per_second"] as? Double ?? 0) > 0)
        // with autocorrection off nothing is fixed
        let off = try run("eval-typos", ["--json", "--autocorrect", "off", tsv])
        #expect(off.stdout.contains("\"top1\": 0.0"))
    }

    @Test func falseCorrectionsCountChangedWords() throws {
        let text = try temporaryFile("The cat sat on the mat. I dont know what teh dog did.\n")
        defer { try? FileManager.default.removeItem(atPath: text) }
        let r = try run("eval-false-corrections", ["--json", text])
        #expect(r.status == 0)
        let figures = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any]
        #expect(figures?["words"] as? Int == 13)
        #expect(figures?["changed"] as? Int == 2)  // dont → don't, teh → the
    }
}
