import Foundation
import Testing

/// kbd-engine and kbd-dict sharing one app-group store, as real processes.
@Suite struct SharedStoreProgramTests {
    let container = FileManager.default.temporaryDirectory.appendingPathComponent("kbd-shared-\(UUID().uuidString)").path
    var env: [String: String] { ["KBD_APP_GROUP_DIR": container] }

    func dict(_ args: String...) throws -> ProgramRunner.Result {
        let r = try ProgramRunner.run("kbd-dict", args, environment: env)
        #expect(r.status == 0, "kbd-dict \(args): \(r.stderr)")
        return r
    }

    @Test func aRunningEngineSeesAddedWordsAtTheNextKey() throws {
        // The engine runs; between two keys another process adds a word and a shortcut.
        let engine = try InteractiveChild("kbd-engine", ["--protocol", "jsonl", "--no-autocorrect"], environment: env)
        defer { engine.finish() }
        func send(_ line: String) -> String { engine.send(line) }
        #expect(!send(#"{"keys":"I met Qwz"}"#).contains("Qwzxyv"))
        _ = try dict("add", "Qwzxyv")
        _ = try dict("shortcut", "add", "brb", "Be right back")
        #expect(send(#"{"key":"x"}"#).contains(#"{"text":"Qwzxyv","kind":"completion"}"#))
        _ = send(#"{"keys":" brb"}"#)
        let reply = send(#"{"document":true}"#)
        #expect(reply.contains(#"{"text":"Be right back","kind":"shortcut"}"#))
        // Choosing the shortcut expands it.
        _ = send(#"{"select":0}"#)
        #expect(send(#"{"document":true}"#).contains(#""before":"I met Qwzx Be right back ""#))
        // Blocked words are never offered.
        _ = try dict("block", "Qwzxyv")
        #expect(!send(#"{"keys":" Qwz"}"#).contains("Qwzxyv"))
    }

    @Test func aLargeDictionaryArrivesInTheBackground() throws {
        // More user words than the engine loads before its first key: it answers at once and
        // takes them in at a later key.
        var words = (0..<60_000).map { i in "zq" + String(i, radix: 26).map { c in
            Character(UnicodeScalar(UInt8(ascii: "a") + UInt8(String(c), radix: 26)!)) }.map(String.init).joined() }
        words.append("Qwzxyv")
        let list = container + "-words.txt"
        FileManager.default.createFile(atPath: list, contents: Data(words.joined(separator: "\n").utf8))
        defer { try? FileManager.default.removeItem(atPath: list) }
        _ = try dict("import", "--format", "words", list)
        let engine = try InteractiveChild("kbd-engine", ["--protocol", "jsonl", "--no-autocorrect"], environment: env)
        defer { engine.finish() }
        _ = engine.send(#"{"keys":"I met Qwz"}"#)
        var seen = false
        for _ in 0..<600 where !seen {
            seen = engine.send(#"{"context":{"before":"I met Qwzx"}}"#).contains(#"{"text":"Qwzxyv","kind":"completion"}"#)
            if !seen { usleep(10_000) }
        }
        #expect(seen)
    }

    @Test func learningPersistsOnlyWithFullAccess() throws {
        _ = try ProgramRunner.run("kbd-engine", ["--keys", "Zorblax is here. Zorblax again. "], environment: env)
        #expect(try dict("learned", "list").stdout.contains("Zorblax") == false)
        _ = try dict("settings", "set", "full-access", "on")
        _ = try ProgramRunner.run("kbd-engine", ["--keys", "Zorblax is here. Zorblax again. "], environment: env)
        #expect(try dict("learned", "list").stdout.contains("Zorblax"))
        // Incognito and secure fields learn nothing.
        _ = try ProgramRunner.run("kbd-engine", ["--incognito", "--keys", "Quuxle Quuxle "], environment: env)
        _ = try ProgramRunner.run("kbd-engine", ["--secure", "--keys", "Blorpt Blorpt "], environment: env)
        let learned = try dict("learned", "list").stdout
        #expect(!learned.contains("Quuxle"))
        #expect(!learned.contains("Blorpt"))
    }

    @Test func aNamedStoreThatCannotBeUsedIsAnError() throws {
        try FileManager.default.createDirectory(atPath: container, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let bad = container + "/kbd.sqlite"
        FileManager.default.createFile(atPath: bad, contents: Data("not a database".utf8), attributes: [.posixPermissions: 0o600])
        let r = try ProgramRunner.run("kbd-engine", ["--store", bad, "--keys", "x"], environment: env)
        #expect(r.status != 0)
        #expect(r.stderr.contains("kbd.sqlite"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(try String(contentsOfFile: bad, encoding: .utf8) == "not a database")
    }
}

