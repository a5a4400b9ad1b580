import Foundation
import Testing
import KbdStore

/// Exact output of each subcommand.
@Suite struct OutputTests {
    @Test func addListSearchRemove() throws {
        let box = Sandbox()
        #expect(try box.run("add", "hello", "wörld").status == 0)
        #expect(try box.run("add", "--weight", "5", "--locale", "en_GB", "colour").status == 0)
        #expect(try box.run("list").stdout == "colour\t5\ten-GB\nhello\t1\nwörld\t1\n")
        #expect(try box.run("list", "--json").stdout
                == #"[{"locale":"en-GB","weight":5,"word":"colour"},{"locale":"","weight":1,"word":"hello"},{"locale":"","weight":1,"word":"wörld"}]"# + "\n")
        #expect(try box.run("search", "WORLD").stdout == "wörld\t1\n")
        #expect(try box.run("search", "*o*").stdout == "colour\t5\ten-GB\nhello\t1\nwörld\t1\n")
        let missing = try box.run("remove", "hello", "nope")
        #expect(missing.status == 1)
        #expect(missing.stderr == "kbd-dict: word \"nope\": not in the user dictionary\n")
        #expect(try box.run("list").stdout == "colour\t5\ten-GB\nwörld\t1\n")
    }

    @Test func pathStatsSettingsShortcuts() throws {
        let box = Sandbox()
        #expect(try box.run("path").stdout == box.container + "/kbd.sqlite\n")
        #expect(!FileManager.default.fileExists(atPath: box.container))  // path creates nothing
        #expect(try box.run("path", "--store", "/x/y.db").stdout == "/x/y.db\n")
        try box.run("shortcut", "add", "omw", "On my way!")
        #expect(try box.run("shortcut", "list").stdout == "omw\tOn my way!\n")
        #expect(try box.run("shortcut", "list", "--json").stdout == #"[{"phrase":"On my way!","shortcut":"omw"}]"# + "\n")
        #expect(try box.run("settings").stdout
                == "full-access\toff\nlearning\ton\nautocorrection\tnormal\nautocapitalization\ton\nlearning-half-life-days\t30\n")
        #expect(try box.run("settings", "set", "full-access", "on").status == 0)
        #expect(try box.run("settings", "get", "full-access").stdout == "on\n")
        let bad = try box.run("settings", "set", "autocorrection", "max")
        #expect(bad.status == 1 && bad.stderr == "kbd-dict: setting autocorrection: \"max\" is not accepted (off, conservative, normal, aggressive)\n")
        try box.run("block", "darn")
        #expect(try box.run("block", "--list").stdout == "darn\n")
        let stats = try box.run("stats").stdout
        #expect(stats.hasPrefix("user words\t0\nblocked words\t1\nshortcuts\t1\nlearned words\t0\nlearned pairs\t0\nschema\tv1\n"))
        #expect(try box.run("check").stdout == "ok\n")
    }

    @Test(arguments: [
        (["add", ""], "kbd-dict: word \"\": empty\n"),
        (["add", "a\tb"], "kbd-dict: word \"a\\tb\": contains a control character (U+0009)\n"),
        (["add", String(repeating: "y", count: 100)], "kbd-dict: word \"yyyyyyyyyyyyyyyyyyyy\"…: too long (100 characters, at most 64)\n"),
        (["import", "/nonexistent/file.txt"], "kbd-dict: /nonexistent/file.txt: no such file\n"),
        (["add", "--locale", "english!", "x"], "kbd-dict: locale \"english!\": not a locale id (like en or en-US)\n"),
    ]) func badInputIsOneLineAndNonZero(_ arguments: [String], _ message: String) throws {
        let box = Sandbox()
        try box.run("add", "keep")
        let result = try box.run(arguments)
        #expect(result.status != 0)
        #expect(result.stderr == message)
        #expect(try box.run("list").stdout == "keep\t1\n")
    }

    @Test func invalidUTF8ArgumentAndFile() throws {
        let box = Sandbox()
        try box.run("add", "keep")
        let bad = box.file("bad.txt")
        _ = FileManager.default.createFile(atPath: bad, contents: Data("one\ntwo\n".utf8) + Data([0xC3, 0x28, 0x0A]))
        let result = try box.run("import", bad)
        #expect(result.status == 1 && result.stderr == "kbd-dict: \(bad):3: invalid UTF-8\n")
        let binary = box.file("blob.bin")
        _ = FileManager.default.createFile(atPath: binary, contents: Data((0..<2000).map { UInt8($0 % 7) }))
        #expect(try box.run("import", binary).stderr == "kbd-dict: \(binary): unknown format (not a word list, TSV, Gboard dictionary or macOS text-replacement property list)\n")
        #expect(try box.run("list").stdout == "keep\t1\n")
        // An argument that is not UTF-8 (Swift's CommandLine.arguments would repair it).
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "exec \"$0\" add \"$(printf 'a\\377b')\"", kbdDict]
        shell.environment = box.environment
        let out = Pipe(), err = Pipe()
        shell.standardOutput = out
        shell.standardError = err
        try shell.run()
        let result2 = finish(shell, out, err)
        #expect(result2.status == 1 && result2.stderr == "kbd-dict: argument 2: invalid UTF-8\n")
        #expect(try box.run("list").stdout == "keep\t1\n")
    }

    @Test func notAStoreIsNeverOverwritten() throws {
        let box = Sandbox()
        let path = box.write("notes.sqlite", "my notes\n")
        chmod(path, 0o600)
        let result = try box.run("add", "--store", path, "x")
        #expect(result.status == 1 && result.stderr == "kbd-dict: store \(path): not a SQLite database\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "my notes\n")
        #expect(try box.run("check", "--store", path).status == 1)
    }

    @Test func unsafeContainerIsRefused() throws {
        let box = Sandbox()
        try box.run("add", "x")
        chmod(box.container, 0o757)
        let result = try box.run("list")
        #expect(result.status == 1)
        #expect(result.stderr == "kbd-dict: container \(box.container): other users can write it (mode 757); run chmod go-w on it\n")
    }
}

@Suite struct MoreOutputTests {
    @Test func jsonForms() throws {
        let box = Sandbox()
        #expect(try box.run("path", "--json").stdout
                == #"{"container":"\#(box.container)","store":"\#(box.container)/kbd.sqlite"}"# + "\n")
        let file = box.write("w.tsv", "a\t3\nb\t1\ten\n")
        #expect(try box.run("import", "--json", file).stdout == #"{"added":2,"shortcutsAdded":0,"shortcutsUnchanged":0,"updated":0}"# + "\n")
        #expect(try box.run("import", file).stdout == "imported 2 words (0 new, 2 updated)\n")
        #expect(try box.run("check", "--json").stdout == #"{"ok":true,"problems":[]}"# + "\n")
        #expect(try box.run("settings", "get", "learning", "--json").stdout == #"{"learning":"on"}"# + "\n")
        let stats = try JSONSerialization.jsonObject(with: Data(try box.run("stats", "--json").stdout.utf8)) as? [String: Any]
        #expect(stats?["userWords"] as? Int == 2)
        #expect(stats?["schemaVersion"] as? Int == 1)
    }

    @Test func learnedListForgetClear() throws {
        let box = Sandbox()
        try box.run("settings", "set", "full-access", "on")
        #expect(try box.run("_engine", "--learn", "6", "--distinct", "2", "--prefix", "w").status == 0)
        let listed = try box.run("learned", "list").stdout
        let day = ISO8601DateFormatter.string(from: Date(), timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
        #expect(listed == "w0\t3.00\t\(day)\nw1\t3.00\t\(day)\n")
        #expect(try box.run("learned", "forget", "w0").status == 0)
        let again = try box.run("learned", "forget", "w0")
        #expect(again.status == 1 && again.stderr == "kbd-dict: word \"w0\": not learned\n")
        #expect(try box.run("learned", "list", "--limit", "5").stdout == "w1\t3.00\t\(day)\n")
        #expect(try box.run("learned", "clear").status == 0)
        #expect(try box.run("learned").stdout == "")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func longImportShowsProgressOnATerminal() throws {
        let box = Sandbox()
        let file = box.write("big.txt", (0..<60_000).map { "p\($0)" }.joined(separator: "\n"))
        // script(1) gives kbd-dict a terminal; its output comes back on our stdout.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "'\(kbdDict)' import '\(file)'", "/dev/null"]
        process.environment = box.environment
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let result = finish(process, out, err)
        #expect(result.status == 0)
        #expect(result.stdout.contains("importing \(file): 20000/60000 words"))
        #expect(result.stdout.contains("imported 60000 words (60000 new, 0 updated)"))
        // Not on a pipe.
        #expect(try box.run("import", file).stderr == "")
    }
}

@Suite struct CorruptionTests {
    @Test func aCorruptStoreGetsOneLineAndIsLeftAsItIs() throws {
        let box = Sandbox()
        let file = box.write("w.txt", (0..<5000).map { "word\($0)" }.joined(separator: "\n"))
        #expect(try box.run("import", file).status == 0)
        let path = box.location.databasePath
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.count > 16_384)
        for index in 4096..<bytes.count { bytes[index] = UInt8(truncatingIfNeeded: index &* 31) }  // all but page 1
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let list = try box.run("list")
        #expect(list.status == 1)
        #expect(list.stderr.hasPrefix("kbd-dict: ") && list.stderr.contains("corrupt"))
        #expect(list.stderr.split(separator: "\n").count == 1)
        let check = try box.run("check")
        #expect(check.status == 1)
        #expect(check.stdout != "ok\n")
        #expect([UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) == bytes)
    }
}
