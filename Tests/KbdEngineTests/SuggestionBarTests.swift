import Testing
@testable import KbdEngine
import KbdRuntime

/// The bar with the real English model, as kbd-engine assembles it (no shared store).
@Suite struct SuggestionBarTests {
    static let runtime: KeyboardRuntime = {
        var options = RuntimeOptions()
        options.withoutStore = true
        return try! KeyboardRuntime(options: options)
    }()

    func session(_ configure: (inout SessionSettings) -> Void = { _ in }) -> (KeyboardSession, InMemoryDocument) {
        let document = InMemoryDocument()
        let session = try! Self.runtime.makeSession(document: document)
        var settings = session.settings
        configure(&settings)
        session.settings = settings
        return (session, document)
    }

    @Test func completesTheWordBeingTyped() {
        let (s, _) = session()
        s.type("thank you very mu")
        let bar = s.suggestions
        #expect(bar.count == 3)
        #expect(bar.first == Suggestion("much", kind: .completion))
        #expect(bar.allSatisfy { $0.kind == .completion })
    }

    @Test func predictsTheNextWord() {
        let (s, _) = session()
        s.type("one of ")
        let bar = s.suggestions
        #expect(bar.first == Suggestion("the", kind: .prediction))
        #expect(bar.allSatisfy { $0.kind == .prediction })
    }

    @Test func barSizeFollowsTheSetting() {
        let (s, _) = session { $0.suggestionCount = 5 }
        s.type("I said th")
        #expect(s.suggestions.count == 5)
    }

    @Test func typedCaseAndSentenceStarts() {
        let (s, _) = session()
        s.type("I said Hel")
        #expect(s.suggestions.allSatisfy { $0.text.first?.isUppercase == true })
        let (t, _) = session()
        t.type("It rained. ")
        #expect(t.suggestions.allSatisfy { $0.text.first?.isUppercase == true })
        let (u, _) = session()
        u.type("I said HEL")
        #expect(u.suggestions.count == 3 && u.suggestions.allSatisfy { $0.text == $0.text.uppercased() })
    }

    @Test func properNounsKeepTheirCapitals() {
        let (s, _) = session()
        s.type("we went to lond")
        #expect(s.suggestions.first?.text == "London")
    }

    @Test(arguments: [("a nice cafe", "café"), ("so naive", "naïve")])
    func accentsAreOffered(_ typed: String, _ expected: String) {
        let (s, _) = session()
        s.type(typed)
        #expect(s.suggestions.contains { $0.text == expected }, "\(s.suggestions)")
    }

    @Test func unknownWordsAreOfferedVerbatimFirst() {
        let (s, _) = session { $0.autocorrection = .off }
        s.type("I met Qzxv")
        #expect(s.suggestions.first == Suggestion("Qzxv", kind: .verbatim))
    }

    @Test func selectingReplacesTheWordAndPunctuationTakesTheSpace() {
        let (s, doc) = session()
        s.type("thank you very mu")
        let index = s.suggestions.firstIndex { $0.text == "much" }!
        #expect(s.selectSuggestion(at: index))
        #expect(doc.text == "Thank you very much ")
        s.type(".")
        #expect(doc.text == "Thank you very much.")
        s.type(" ok")
        #expect(doc.text == "Thank you very much. Ok")
    }

    @Test func selectingInsideAWordReplacesAllOfIt() {
        let (s, doc) = session()
        s.type("I said helo there{Left}{Left}{Left}{Left}{Left}{Left}{Left}")
        // The cursor is inside "helo": between "he" and "lo".
        let bar = s.suggestions
        let index = bar.firstIndex { $0.text.lowercased().hasPrefix("he") && $0.kind != .verbatim }!
        let chosen = bar[index].text
        s.selectSuggestion(at: index)
        #expect(doc.text == "I said \(chosen) there")
    }

    @Test func aNameTypedTwiceIsOfferedTheThirdTime() {
        let (s, _) = session { $0.autocorrection = .off }
        s.type("Zorblax came. ")
        s.type("Zor")
        #expect(!s.suggestions.contains { $0.text == "Zorblax" && $0.kind == .completion })
        s.type("blax left. ")
        s.type("Zor")
        #expect(s.suggestions.contains { $0.text == "Zorblax" && $0.kind == .completion })
    }

    @Test func incognitoLearnsNothing() {
        let (s, _) = session { $0.autocorrection = .off; $0.incognito = true }
        s.type("Zorblax came. Zorblax left. Zor")
        #expect(!s.suggestions.contains { $0.text == "Zorblax" && $0.kind == .completion })
    }

    @Test func secureFieldsGetNoBar() {
        let (s, _) = session { $0.traits.isSecureTextEntry = true }
        s.type("hel")
        #expect(s.suggestions.isEmpty)
    }
}
