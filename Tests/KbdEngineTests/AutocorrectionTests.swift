import Foundation
import KbdLexicon
import Testing
@testable import KbdEngine

/// The committed English model, loaded once for these tests.
private let englishModel: LanguageModel = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return try! LanguageModel(path: url.path + "/Data/en/en.kbdlm")
}()

/// A session with the English model, completions and autocorrection, as `KeyboardRuntime` wires it.
private func correctingSession(_ configure: (inout SessionSettings) -> Void = { _ in },
                               overlay: (LearningOverlay) -> Void = { _ in }) -> (KeyboardSession, InMemoryDocument) {
    var settings = SessionSettings()
    configure(&settings)
    let document = InMemoryDocument(text: "")
    let session = try! KeyboardSession(document: document, settings: settings)
    let predictor = Predictor(model: englishModel)
    overlay(predictor.overlay)
    session.addSource(LexiconSource(predictor: predictor))
    let corrections = CorrectionSource(predictor: predictor, settings: settings)
    session.addSource(corrections)
    session.setCorrector(corrections)
    return (session, document)
}

private func typed(_ script: String, _ configure: (inout SessionSettings) -> Void = { _ in },
                   overlay: (LearningOverlay) -> Void = { _ in }) -> String {
    let (session, document) = correctingSession(configure, overlay: overlay)
    session.type(script)
    return document.text
}

@Suite struct AutocorrectionTests {
    @Test func slipsAreFixedWhenTheWordEnds() {
        #expect(typed("teh{space}") == "The ")
        #expect(typed("i saw teh cat.") == "I saw the cat.")
        #expect(typed("wrold,") == "World,")
        #expect(typed("helo\n") == "Hello\n")
    }

    @Test func theTypedCaseIsKept() {
        let noCap: (inout SessionSettings) -> Void = { $0.autocapitalization = false }
        #expect(typed("teh{space}", noCap) == "the ")
        #expect(typed("{Shift_L}teh{space}", noCap) == "The ")
        #expect(typed("{Caps_Lock}teh{space}", noCap) == "THE ")
    }

    @Test func contractions() {
        #expect(typed("i dont know{space}") == "I don't know ")
        #expect(typed("ok im here{space}") == "Ok I'm here ")
        #expect(typed("youre right{space}") == "You're right ")
        #expect(typed("we cant{space}") == "We can't ")
        #expect(typed("it wont{space}") == "It won't ")
        // real words stay
        #expect(typed("she was ill and its well{space}") == "She was ill and its well ")
        #expect(typed("we were there{space}") == "We were there ")
    }

    @Test func backSpaceRightAfterACorrectionRestoresWhatWasTyped() {
        let (session, document) = correctingSession()
        session.type("helo{space}")
        #expect(document.text == "Hello ")
        session.type("{BackSpace}")
        #expect(document.text == "Helo")
        // and the word is left alone in that place
        session.type("{space}")
        #expect(document.text == "Helo ")
        // a later BackSpace deletes a character again
        session.type("{BackSpace}{BackSpace}")
        #expect(document.text == "Hel")
    }

    @Test func aPeriodDefersTheDecisionToTheNextKey() {
        #expect(typed("see exmaple. ok") == "See example. Ok")
        #expect(typed("see exmaple.com{space}") == "See exmaple.com ")
        let (session, document) = correctingSession()
        session.type("see exmaple. ")
        session.type("{BackSpace}")
        #expect(document.text == "See exmaple.")
    }

    @Test func thePreviousWordsMatter() {
        // the same slip, read in context
        #expect(typed("the thw{space}") != typed("in thw{space}") || typed("in thw{space}") == "In the ")
        #expect(typed("then thw{space}") == "Then the ")
    }

    @Test(arguments: [
        "url www.exmaple.com{space}", "mail jdoe@exmaple.org{space}", "tag #helo{space}", "hi @helo{space}",
        "no 4teh{space}", "a teh4{space}", "an iPhne{space}", "the McDonlad{space}", "pi 3.14159{space}",
    ])
    func neverCorrected(_ script: String) {
        let noCap: (inout SessionSettings) -> Void = { $0.autocapitalization = false }
        #expect(typed(script, noCap) == typed(script) { $0.autocapitalization = false; $0.autocorrection = .off })
    }

    @Test func userWordsAreNeverCorrected() {
        #expect(typed("helo{space}", overlay: { $0.addUserWord(UserWord("helo")) }) == "Helo ")
        #expect(typed("helo{space}", overlay: { $0.learn("helo"); $0.learn("helo") }) == "Helo ")
    }

    @Test func blockedWordsAreNeitherAppliedNorOffered() {
        let (session, document) = correctingSession(overlay: { $0.block("hello") })
        session.type("helo")
        #expect(!session.suggestions.map(\.text).contains("Hello"))
        session.type("{space}")
        #expect(document.text != "Hello ")
    }

    @Test func switchedOffByTheSettingOrTheTraits() {
        #expect(typed("teh{space}") { $0.autocorrection = .off } == "Teh ")
        #expect(typed("teh{space}") { $0.traits.autocorrectionType = .no } == "Teh ")
        #expect(typed("teh{space}") { $0.traits.keyboardType = .emailAddress } == "teh ")
    }

    @Test func levels() {
        // a capitalised word inside a sentence is taken for a name at the modest level only
        #expect(typed("i met Jhon{space}") { $0.autocorrection = .modest } == "I met Jhon ")
        #expect(typed("i met Jhon{space}") { $0.autocorrection = .aggressive } == "I met John ")
    }

    @Test func theBarShowsTheWordTheCorrectionAndAnAlternative() {
        let (session, _) = correctingSession()
        session.type("teh")
        let bar = session.suggestions
        #expect(bar.count == 3)
        #expect(bar.first == Suggestion("Teh", kind: .verbatim))
        #expect(bar[1] == Suggestion("The", kind: .correction, isAutocorrection: true))
        let flagged = bar.filter { $0.isAutocorrection }
        #expect(flagged.count == 1)
        // taking the verbatim entry keeps what was typed
        session.selectSuggestion(at: 0)
        #expect(session.document.documentContextBeforeInput == "Teh ")
    }

    @Test func noPendingCorrectionForKnownWords() {
        let (session, _) = correctingSession()
        session.type("the")
        let pending = session.suggestions.filter { $0.isAutocorrection }
        #expect(pending.isEmpty)
    }
}
