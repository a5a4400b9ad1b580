import Testing
@testable import KbdEngine

@Suite struct KeyPipelineTests {
    @Test func theIssueExamples() {
        #expect(typing("hello. how are you? i am fine  ok") == "Hello. How are you? I am fine. Ok")
        #expect(typing("ab👨‍👩‍👧{BackSpace}c") { $0.autocapitalization = false } == "abc")
        #expect(typing("ac{Left}b") { $0.autocapitalization = false } == "abc")
    }

    @Test func shiftIsOneShotAndDoubleShiftLocks() {
        let off: (inout SessionSettings) -> Void = { $0.autocapitalization = false }
        #expect(typing("{Shift_L}abc", off) == "Abc")
        #expect(typing("{Shift_L}{Shift_L}abc{Shift_L}de", off) == "ABCde")
        #expect(typing("{Caps_Lock}ab{Caps_Lock}cd", off) == "ABcd")
        // Moving the cursor drops a pending shift.
        #expect(typing("x{Shift_L}{Left}a", off) == "ax")
    }

    @Test(arguments: [
        (InputTraits.AutocapitalizationType.none, "hello world. again"),
        (.words, "Hello World. Again"),
        (.sentences, "Hello world. Again"),
        (.allCharacters, "HELLO WORLD. AGAIN"),
    ])
    func autocapitalizationTypes(_ type: InputTraits.AutocapitalizationType, _ expected: String) {
        #expect(typing("hello world. again") { $0.traits.autocapitalizationType = type } == expected)
    }

    @Test func sentenceStartsFollowICU() {
        #expect(typing("i met Mr. Smith. he waved") == "I met Mr. Smith. He waved")
        #expect(typing("wow! really? yes\nnew line") == "Wow! Really? Yes\nNew line")
        #expect(typing("she said \"yes.\" then left") == "She said \"yes.\" Then left")
        #expect(typing("(hello) ok") == "(Hello) ok")
    }

    @Test func pronounI() {
        #expect(typing("so i'm here and i'll stay, i think") == "So I'm here and I'll stay, I think")
        #expect(typing("in it is ink") == "In it is ink")
        #expect(typing("i am") { $0.autocapitalization = false } == "i am")
    }

    @Test func doubleSpaceMakesAPeriod() {
        #expect(typing("one  two") == "One. Two")
        #expect(typing("one.  two") == "One.  Two")
        #expect(typing("  x") == "  X")
        #expect(typing("a {Left}{Right} b") == "A  b")
        #expect(typing("one  two") { $0.traits.keyboardType = .URL } == "one  two")
    }

    @Test func backspaceDeletesClustersOrSelection() {
        #expect(typing("a👍🏽{BackSpace}") == "A")
        #expect(typing("e\u{301}{BackSpace}x") == "X")
        let (session, doc) = makeSession("keep this")
        doc.adjustTextPosition(byCharacterOffset: -4)
        doc.selectForward(graphemes: 4)
        session.handle(.named(.backSpace))
        #expect(doc.text == "keep ")
    }

    @Test func backspaceInAnEmptyFieldGoesToTheHost() {
        let (session, _) = makeSession()
        #expect(session.handle(.named(.backSpace)) == .rejected)
    }

    @Test func cursorKeys() {
        let off: (inout SessionSettings) -> Void = { $0.autocapitalization = false }
        #expect(typing("abc{Home}x{End}y", off) == "xabcy")
        #expect(typing("one\ntwo{Home}>", off) == "one\n>two")
        #expect(typing("abcd\nef{Up}X", off) == "abXcd\nef")
        #expect(typing("ab\nlonger{Up}{Down}X", off) == "ab\nloXnger")
        #expect(typing("ab{Up}X", off) == "Xab")
        #expect(typing("ab{Home}{Down}X", off) == "abX")
        #expect(typing("abc{Left}{Left}{Delete}", off) == "ac")
        #expect(typing("a👨‍👩‍👧b{Home}{Right}{Delete}", off) == "ab")
    }

    @Test func returnAndTabInsertTheirCharacters() {
        #expect(typing("a{Tab}b{Return}c") { $0.autocapitalization = false } == "a\tb\nc")
    }

    @Test func controlShortcutsGoToTheHost() {
        let (session, doc) = makeSession()
        #expect(session.handle(KeyEvent(.character("c"), modifiers: .control)) == .rejected)
        #expect(session.handle(KeyEvent(.character("a"), modifiers: .release)) == .rejected)
        #expect(doc.text == "")
    }

    @Test func escapeCommitsMarkedTextOrGoesToHost() {
        let (session, doc) = makeSession()
        #expect(session.handle(.named(.escape)) == .rejected)
        doc.setMarkedText("ni", selectedRange: 2..<2)
        #expect(session.handle(.named(.escape)) == .accepted)
        #expect(doc.markedText == nil)
        #expect(doc.text == "ni")
    }

    @Test func smartQuotesAndDashesWhenAsked() {
        let on: (inout SessionSettings) -> Void = {
            $0.traits.smartQuotesType = .yes
            $0.traits.smartDashesType = .yes
            $0.autocapitalization = false
        }
        #expect(typing("\"hi\" it's a--b", on) == "“hi” it’s a—b")
        #expect(typing("\"hi\" a--b") { $0.autocapitalization = false } == "\"hi\" a--b")
    }

    @Test func sessionFollowsHostChanges() {
        let (session, doc) = makeSession()
        session.type("hello")
        doc.replaceAll(before: "New text. ", after: "", identifier: "other")
        session.textDidChange()
        session.type("x")
        #expect(doc.text == "New text. X")
    }
}

@Suite struct TraitsTests {
    @Test func literalFieldsSwitchOffProseHelpers() {
        var traits = InputTraits()
        traits.keyboardType = .emailAddress
        #expect(!traits.autocapitalizationEnabled)
        #expect(!traits.autocorrectionEnabled)
        #expect(!traits.learningEnabled)
        traits = InputTraits()
        traits.keyboardType = .URL
        #expect(!traits.autocorrectionEnabled)
        traits = InputTraits()
        traits.textContentType = "oneTimeCode"
        #expect(traits.isSecret)
    }

    @Test func secureEntryLearnsAndSuggestsNothing() {
        var settings = SessionSettings()
        settings.traits.isSecureTextEntry = true
        #expect(!settings.learningEnabled)
        #expect(!settings.suggestionsEnabled)
        #expect(typing("secret pass") { $0.traits.isSecureTextEntry = true } == "secret pass")
    }
}
