import Foundation
import Testing

@Suite struct KbdEngineProgramTests {
    @Test func pipedKeystrokesBecomeTheDocument() throws {
        let r = try ProgramRunner.run("kbd-engine", [], input: "hello. how are you? i am fine  ok")
        #expect(r.status == 0)
        #expect(r.stdout == "Hello. How are you? I am fine. Ok")
        #expect(r.stderr == "")
    }

    @Test func keyScripts() throws {
        #expect(try ProgramRunner.run("kbd-engine", ["--no-autocap", "--keys", "ab👨‍👩‍👧{BackSpace}c"]).stdout == "abc")
        #expect(try ProgramRunner.run("kbd-engine", ["--no-autocap", "--keys", "ac{Left}b"]).stdout == "abc")
    }

    @Test func unknownKeyNamesAreReportedAndSkipped() throws {
        let r = try ProgramRunner.run("kbd-engine", ["--no-autocap", "--keys", "a{Frob}b"])
        #expect(r.status == 0)
        #expect(r.stdout == "ab")
        #expect(r.stderr == "kbd-engine: key script, character 1: unknown key name {Frob}, skipped\n")
    }

    @Test func badBytesAreReportedWithOffsetsAndSkipped() throws {
        let input = Data([0x61, 0xFF, 0x62, 0x01, 0x63, 0x1B, 0x5B, 0x44, 0x64, 0xE2, 0x82])
        let r = try ProgramRunner.run("kbd-engine", ["--no-autocap"], input: input)
        #expect(r.status == 0)
        #expect(r.stdout == "abdc")
        #expect(r.stderr == """
        kbd-engine: input byte 1: invalid UTF-8 byte 0xFF, skipped
        kbd-engine: input byte 3: control byte 0x01 is not a key, skipped
        kbd-engine: input byte 9: truncated UTF-8 sequence at end of input, skipped

        """)
    }

    @Test func controlKeysFromThePipe() throws {
        let r = try ProgramRunner.run("kbd-engine", ["--no-autocap", "--no-autocorrect"], input: "abc\u{7f}d\r\nx\ty\u{8}z")
        #expect(r.stdout == "abd\nx\tz")
    }

    @Test func endlessBadInputIsCappedOnStderr() throws {
        let input = Data(repeating: 0x01, count: 100_000)
        let r = try ProgramRunner.run("kbd-engine", [], input: input)
        #expect(r.status == 0)
        let lines = r.stderr.split(separator: "\n")
        #expect(lines.count == 102)
        #expect(lines.last == "kbd-engine: 99900 more problems not shown")
    }

    @Test func aLongSingleLineIsTypedInBoundedTime() throws {
        let line = String(repeating: "word ", count: 200_000) // 1 MB, one line
        let r = try ProgramRunner.run("kbd-engine", ["--no-autocap"], input: line)
        #expect(r.status == 0)
        #expect(r.stdout.utf8.count == line.utf8.count)
    }

    @Test func unknownOptionsFailWithAClearMessage() throws {
        let r = try ProgramRunner.run("kbd-engine", ["--bogus"])
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("Error: Unknown option '--bogus'"))
        let s = try ProgramRunner.run("kbd-engine", ["--suggestions", "99"])
        #expect(s.status == 64)
        #expect(s.stderr.hasPrefix("Error: --suggestions must be between 0 and 10, not 99"))
        let t = try ProgramRunner.run("kbd-engine", ["--keyboard-type", "qwerty"])
        #expect(t.stderr.contains("--keyboard-type: unknown value \"qwerty\""))
    }

    @Test func theBarThroughKeyScriptsAndThePipe() throws {
        let r = try ProgramRunner.run("kbd-engine", ["--show-bar", "--keys", "thank you very mu"])
        #expect(r.stdout == "Thank you very mu")
        #expect(r.stderr.hasPrefix("kbd-engine: bar: completion: much | "))
        let p = try ProgramRunner.run("kbd-engine", ["--show-bar", "--suggestions", "1"], input: "one of ")
        #expect(p.stderr == "kbd-engine: bar: prediction: the\n")
    }

    @Test func traitOptions() throws {
        #expect(try ProgramRunner.run("kbd-engine", ["--keyboard-type", "emailAddress", "--keys", "me  here"]).stdout == "me  here")
        #expect(try ProgramRunner.run("kbd-engine", ["--autocapitalization", "words", "--keys", "new york"]).stdout == "New York")
        #expect(try ProgramRunner.run("kbd-engine", ["--traits", "{\"autocapitalizationType\":\"allCharacters\"}", "--keys", "loud"]).stdout == "LOUD")
        #expect(try ProgramRunner.run("kbd-engine", ["--smart-quotes", "--no-autocap", "--keys", "\"hi\""]).stdout == "“hi”")
    }
}

@Suite struct JSONLinesProgramTests {
    func session(_ lines: [String], _ args: [String] = []) throws -> [String] {
        let r = try ProgramRunner.run("kbd-engine", ["--protocol", "jsonl"] + args, input: lines.joined(separator: "\n") + "\n")
        #expect(r.status == 0)
        return r.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test func oneReplyPerRequestInOrder() throws {
        let replies = try session([
            #"{"key":"h"}"#, #"{"key":"i"}"#, #"{"key":"space"}"#, #"{"key":"BackSpace"}"#, #"{"document":true}"#,
        ], ["--suggestions", "0"])
        #expect(replies == [
            #"{"edits":[{"insertText":"H"}],"suggestions":[],"handled":true}"#,
            #"{"edits":[{"insertText":"i"}],"suggestions":[],"handled":true}"#,
            #"{"edits":[{"insertText":" "}],"suggestions":[],"handled":true}"#,
            #"{"edits":[{"deleteBackward":1}],"suggestions":[],"handled":true}"#,
            #"{"edits":[],"suggestions":[],"document":{"before":"Hi","after":""}}"#,
        ])
    }

    @Test func everyReplyCarriesTheBar() throws {
        let replies = try session([#"{"keys":"thank you very mu"}"#, #"{"select":0}"#, #"{"document":true}"#])
        #expect(replies[0].hasPrefix(#"{"edits":[{"insertText":"Thank you very mu"}],"suggestions":[{"text":"much","kind":"completion"},"#))
        #expect(replies[1].hasPrefix(#"{"edits":[{"deleteBackward":2},{"insertText":"much "}],"suggestions":[{"text":"#))
        #expect(replies[2].contains(#""document":{"before":"Thank you very much ","after":""}"#))
    }

    @Test func malformedLinesGetErrorsAndTheSessionGoesOn() throws {
        let replies = try session([
            "not json", #"{"key":"Frob"}"#, #"{"select":3}"#, #"[1,2]"#, #"{"traits":{"keyboardType":"nope"}}"#,
            #"{"key":"a"}"#,
        ], ["--suggestions", "0"])
        #expect(replies.count == 6)
        #expect(replies[0].hasPrefix(#"{"error":{"code":"invalid-json""#))
        #expect(replies[1].hasPrefix(#"{"error":{"code":"unknown-key""#))
        #expect(replies[2].hasPrefix(#"{"error":{"code":"no-such-suggestion""#))
        #expect(replies[3].hasPrefix(#"{"error":{"code":"invalid-request""#))
        #expect(replies[4].hasPrefix(#"{"error":{"code":"invalid-traits""#))
        #expect(replies[5] == #"{"edits":[{"insertText":"A"}],"suggestions":[],"handled":true}"#)
    }

    @Test func contextFollowsTheHost() throws {
        let replies = try session([
            #"{"context":{"before":"I said. ","after":"","document":"d1"}}"#, #"{"key":"x"}"#,
        ], ["--suggestions", "0"])
        #expect(replies[1] == #"{"edits":[{"insertText":"X"}],"suggestions":[],"handled":true}"#)
    }

    @Test func invalidUTF8AndOverlongLines() throws {
        var input = Data(#"{"key":""#.utf8)
        input.append(contentsOf: [0xFF])
        input.append(contentsOf: Data("\"}\n".utf8))
        input.append(Data(repeating: 0x20, count: 3 << 20))
        input.append(contentsOf: Data("\n{\"key\":\"a\"}\n".utf8))
        let r = try ProgramRunner.run("kbd-engine", ["--protocol", "jsonl", "--suggestions", "0"], input: input)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix(#"{"error":{"code":"invalid-utf8""#))
        #expect(lines[1].hasPrefix(#"{"error":{"code":"line-too-long""#))
        #expect(lines[2] == #"{"edits":[{"insertText":"A"}],"suggestions":[],"handled":true}"#)
    }
}
