import Foundation
import Testing

/// kbd-engine's interactive mode, driven through a real terminal (tmux).
@Suite(.enabled(if: TerminalScreen.tmux != nil, "needs tmux"))
struct TerminalTests {
    static let plain = ["--no-autocap", "--incognito"]

    @Test func showsTheTextTheCursorAndTheKeys() throws {
        let screen = try TerminalScreen(Self.plain)
        try screen.waitUntilReady()
        try screen.type("hello wor")
        let lines = try screen.waitFor("hello wor")
        #expect(lines[0] == "hello wor")
        #expect(lines[23].contains("Alt-1..3/F1..F3 pick"))
        #expect(lines[23].contains("Ctrl-U clear"))
        #expect(lines[23].contains("Ctrl-C quit"))
        #expect(try screen.cursor() == (9, 0))
    }

    @Test func ctrlDWritesTheTextAndRestoresTheTerminal() throws {
        let screen = try TerminalScreen(Self.plain)
        try screen.waitUntilReady()
        try screen.type("one two")
        try screen.press("Enter")
        try screen.type("three")
        try screen.waitFor("three")
        try screen.press("C-d")
        let end = try screen.waitForExit()
        #expect(end.status == 0)
        #expect(end.output == "one two\nthree")
        #expect(end.errors == "")
        #expect(!end.settingsBefore.isEmpty)
        #expect(end.settingsAfter == end.settingsBefore)
    }

    @Test func ctrlCEndsWithStatus130AndKeepsTheText() throws {
        let screen = try TerminalScreen(Self.plain)
        try screen.waitUntilReady()
        try screen.type("draft")
        try screen.waitFor("draft")
        try screen.press("C-c")
        let end = try screen.waitForExit()
        #expect(end.status == 130)
        #expect(end.output == "draft")
        #expect(end.settingsAfter == end.settingsBefore)
    }

    @Test(arguments: [SIGTERM, SIGHUP, SIGINT, SIGQUIT])
    func aSignalRestoresTheTerminal(signal: Int32) throws {
        let screen = try TerminalScreen(Self.plain)
        try screen.waitUntilReady()
        try screen.type("kept")
        try screen.waitFor("kept")
        kill(try screen.programPID(), signal)
        let end = try screen.waitForExit()
        #expect(end.status == 128 + signal)
        #expect(end.output == "kept")
        #expect(end.settingsAfter == end.settingsBefore)
    }

    @Test func ctrlZSuspendsWithTheTerminalRestoredAndFgComesBack() throws {
        let screen = try TerminalScreen(Self.plain, jobControl: true)
        try screen.waitUntilReady()
        try screen.type("abc")
        try screen.waitFor("abc")
        try screen.press("C-z")
        #expect(try screen.waitForFile("stopped") == "148\n") // 128 + SIGTSTP
        let suspended = try screen.waitForFile("suspended")
        // `fg`: the screen comes back, with the text.
        try screen.waitFor("the screen back") { $0[0] == "abc" && $0[23].contains("Ctrl-D done") }
        try screen.type("d")
        try screen.waitFor("abcd")
        try screen.press("C-d")
        let end = try screen.waitForExit()
        #expect(end.status == 0)
        #expect(end.output == "abcd")
        #expect(suspended == end.settingsBefore)
        #expect(end.settingsAfter == end.settingsBefore)
    }

    @Test func ctrlZWithoutJobControlSaysSo() throws {
        let screen = try TerminalScreen(Self.plain)
        try screen.waitUntilReady()
        try screen.type("abc")
        try screen.press("C-z")
        try screen.waitFor("no job control")
        try screen.type("d")
        try screen.waitFor("abcd")
        try screen.press("C-d")
        #expect(try screen.waitForExit().output == "abcd")
    }

    @Test func aSecureFieldShowsDots() throws {
        let screen = try TerminalScreen(Self.plain + ["--secure"])
        try screen.waitUntilReady()
        try screen.type("pa55 word")
        try screen.waitFor("dots") { $0[0] == "•••••••••" }
        #expect(try screen.lines()[22] == "(suggestions off)")
        try screen.press("C-d")
        #expect(try screen.waitForExit().output == "pa55 word")
    }

    @Test func withStandardOutputOnTheTerminalTheTextIsPrintedAfterTheScreen() throws {
        let screen = try TerminalScreen(Self.plain, output: .terminal)
        try screen.waitUntilReady()
        try screen.type("on screen")
        try screen.waitFor("on screen")
        try screen.press("C-d")
        let end = try screen.waitForExit()
        #expect(end.status == 0)
        #expect(end.settingsAfter == end.settingsBefore)
        // Back on the normal screen: the text, and no trace of the bar.
        // (tmux's "Pane is dead" line may scroll it into the history.)
        let lines = try screen.lines(history: true).filter { !$0.isEmpty }
        #expect(lines.first == "on screen")
        #expect(!lines.contains { $0.contains("Ctrl-D done") })
    }

    @Test func keysEditTheText() throws {
        let screen = try TerminalScreen(Self.plain)
        try screen.waitUntilReady()
        try screen.type("ac")
        try screen.press("Left")
        try screen.type("b")
        try screen.press("End")
        try screen.type("dx")
        try screen.press("BSpace")
        try screen.waitFor("abcd") { $0[0] == "abcd" }
        #expect(try screen.cursor() == (4, 0))
        try screen.press("C-u")
        try screen.waitFor("an empty text") { $0[0] == "" }
        try screen.type("fresh")
        try screen.waitFor("fresh")
        try screen.press("C-d")
        #expect(try screen.waitForExit().output == "fresh")
    }

    @Test func aLoneEscapeIsAKeyAndAltDigitsAreNotText() throws {
        let screen = try TerminalScreen(Self.plain + ["--suggestions", "0"])
        try screen.waitUntilReady()
        try screen.type("x")
        try screen.press("Escape")
        try screen.press("M-1", "F2")
        try screen.type("y")
        try screen.waitFor("xy") { $0[0] == "xy" }
        try screen.press("C-d")
        #expect(try screen.waitForExit().output == "xy")
    }

    @Test func wideCharactersTakeTwoColumns() throws {
        let screen = try TerminalScreen(Self.plain)
        try screen.waitUntilReady()
        try screen.type("日本語x")
        try screen.waitFor("日本語x")
        #expect(try screen.cursor() == (7, 0))
        try screen.press("Enter")
        try screen.type("e\u{301}😀y")
        try screen.waitFor("e\u{301}😀y")
        #expect(try screen.cursor() == (4, 1))
        try screen.press("Enter")
        // 41 wide characters: 40 fill the 80 columns, the last wraps.
        try screen.type(String(repeating: "漢", count: 41))
        let lines = try screen.waitFor("the wrapped line") { $0[3] == "漢" }
        #expect(lines[2] == String(repeating: "漢", count: 40))
        #expect(try screen.cursor() == (2, 3))
        try screen.press("C-d")
        #expect(try screen.waitForExit().output == "日本語x\ne\u{301}😀y\n" + String(repeating: "漢", count: 41))
    }

    /// The cursor stands where kbd-engine's own width function puts it (the screen is drawn with
    /// explicit cursor moves), so its column after each sample is that function's answer.
    @Test func clusterWidths() throws {
        let samples: [(String, Int)] = [
            ("❤\u{FE0F}", 2),                    // emoji presentation asked for
            ("🇫🇷", 2),                           // a flag
            ("👨\u{200D}👩\u{200D}👧", 2),          // a ZWJ family
            ("\u{1100}\u{1161}\u{11A8}", 2),      // Hangul jamo L V T: one syllable
            ("한", 2), ("Ａ", 2), ("ｱ", 1),         // Hangul, fullwidth, halfwidth
            ("e\u{301}\u{323}", 1),               // two combining marks
            ("a\u{200B}b", 2),                    // zero width space
            ("\t", 8),
        ]
        let screen = try TerminalScreen(Self.plain + ["--suggestions", "0"])
        try screen.waitUntilReady()
        for (row, (sample, width)) in samples.enumerated() {
            if row > 0 { try screen.press("Enter") }
            try screen.type(sample)
            try screen.waitFor("the cursor after \(sample.unicodeScalars.map { String($0.value, radix: 16) }) at column \(width)", timeout: 5) { _ in
                let cursor = try screen.cursor()
                return cursor.row == row && cursor.column == width
            }
        }
        try screen.press("C-d")
        #expect(try screen.waitForExit().output == samples.map(\.0).joined(separator: "\n"))
    }

    @Test func aResizeRedrawsTheScreen() throws {
        let screen = try TerminalScreen(Self.plain)
        try screen.waitUntilReady()
        try screen.type(String(repeating: "abc ", count: 10))
        try screen.waitFor("the text on one line") { $0[0].hasPrefix("abc abc") && $0[0].count == 39 }
        try screen.resize(columns: 30, rows: 10)
        let lines = try screen.waitFor("the text wrapped at 30 columns") {
            $0.count >= 10 && $0[0] == "abc abc abc abc abc abc abc ab" && $0[1] == "c abc abc" && $0[9].hasPrefix("Alt-1")
        }
        #expect(lines[9].count == 30)
        #expect(lines[9].hasSuffix("…"))
        #expect(try screen.cursor() == (10, 1))
        try screen.press("C-d")
        let end = try screen.waitForExit()
        #expect(end.output == String(repeating: "abc ", count: 10))
        #expect(end.settingsAfter == end.settingsBefore)
    }

    @Test func helpNamesTheKeys() throws {
        let r = try ProgramRunner.run("kbd-engine", ["--help"])
        let help = r.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for key in ["Alt-1", "F1", "Ctrl-U", "Ctrl-D", "Ctrl-C", "BackSpace"] {
            #expect(help.contains(key), "--help names \(key)")
        }
    }

    // MARK: Autocorrection (needs the correction stage and the English model)

    @Test func anAutocorrectionIsShownAppliedAndUndone() throws {
        let screen = try TerminalScreen(Self.plain)
        try screen.waitUntilReady()
        try screen.type("helo")
        // Before the space: `hello` in the bar, marked as the autocorrection.
        let before = try screen.waitFor("[hello] in the bar") { $0[22].contains("[hello]") }
        #expect(before[0] == "helo")
        #expect(before[21].contains("space: helo → hello"))
        // The space applies it.
        try screen.type(" ")
        try screen.waitFor("hello applied") { $0[0] == "hello" }
        #expect(try screen.cursor() == (6, 0))
        // BackSpace undoes it.
        try screen.press("BSpace")
        try screen.waitFor("helo restored") { $0[0] == "helo" }
        #expect(try screen.cursor() == (4, 0))
        // Left alone now: the space keeps it.
        try screen.type(" ")
        try screen.waitFor("helo kept") { $0[0] == "helo" && (try? screen.cursor())?.column == 5 }
        try screen.press("C-d")
        let end = try screen.waitForExit()
        #expect(end.output == "helo ")
        #expect(end.settingsAfter == end.settingsBefore)
    }

    @Test func suggestionsAreTakenWithAltDigitsAndFunctionKeys() throws {
        let screen = try TerminalScreen(Self.plain)
        try screen.waitUntilReady()
        try screen.type("hel")
        let first = Self.bar(try screen.waitFor("suggestions for hel") { $0[0] == "hel" && $0[22].hasPrefix("1 ") })
        // Alt-1 takes the first entry, with a space after it.
        try screen.press("M-1")
        try screen.waitFor("\(first[0]) taken") { $0[0] == first[0] }
        #expect(try screen.cursor() == (first[0].count + 1, 0))
        try screen.type("wor")
        let second = Self.bar(try screen.waitFor("suggestions for wor") { $0[0] == "\(first[0]) wor" && $0[22].hasPrefix("1 ") && $0[22].contains("2 ") })
        // F2 takes the second.
        try screen.press("F2")
        try screen.waitFor("\(second[1]) taken") { $0[0] == "\(first[0]) \(second[1])" }
        try screen.press("C-d")
        #expect(try screen.waitForExit().output == "\(first[0]) \(second[1]) ")
    }

    /// F-keys as rxvt (`ESC [ 12 ~`), the Linux console (`ESC [ [ A`) and xterm with a modifier
    /// (`ESC [ 1 ; 2 R`) send them.
    @Test func functionKeysOfOtherTerminals() throws {
        let screen = try TerminalScreen(Self.plain)
        try screen.waitUntilReady()
        var typed: [String] = []
        for (prefix, sequence, index) in [("hel", "1b 5b 31 32 7e", 1), ("wor", "1b 5b 5b 41", 0), ("the", "1b 5b 31 3b 32 52", 2)] {
            try screen.type(prefix)
            let text = (typed + [prefix]).joined(separator: " ")
            let bar = Self.bar(try screen.waitFor("suggestions for \(prefix)") { $0[0] == text && $0[22].contains("3 ") })
            try screen.tmux(["send-keys", "-H"] + sequence.split(separator: " ").map(String.init))
            typed.append(bar[index])
            try screen.waitFor("\(bar[index]) taken") { $0[0] == typed.joined(separator: " ") }
        }
        try screen.press("C-d")
        #expect(try screen.waitForExit().output == typed.joined(separator: " ") + " ")
    }

    /// The entries of a bar line (`1 help │ 2 held │ 3 [hello]`), brackets removed.
    static func bar(_ lines: [String]) -> [String] {
        lines[22].components(separatedBy: " │ ").map { entry in
            var text = String(entry.drop(while: { $0 != " " }).dropFirst())
            if text.hasPrefix("["), text.hasSuffix("]") { text = String(text.dropFirst().dropLast()) }
            return text
        }
    }
}
