import Testing
@testable import KbdLexicon

@Suite struct KeyboardLayoutTests {
    static let layoutsDirectory = repositoryRoot + "/Data/layouts"

    @Test(arguments: KeyboardLayout.shippedNames)
    func shippedLayoutsLoad(_ name: String) throws {
        let layout = try KeyboardLayout.load(name: name, directory: Self.layoutsDirectory)
        #expect(layout.name == name)
        #expect(layout.keys.count >= 26)
        #expect(layout.distance("d", "f") < 1.2)
    }

    @Test func theLayoutFollowsTheLocale() {
        #expect(KeyboardLayout.forLocale("de_DE", directory: Self.layoutsDirectory).name == "qwertz")
        #expect(KeyboardLayout.forLocale("fr_FR", directory: Self.layoutsDirectory).name == "azerty")
        #expect(KeyboardLayout.forLocale("en_US", directory: Self.layoutsDirectory).name == "qwerty")
        #expect(KeyboardLayout.forLocale("en_US", name: "qwertz", directory: Self.layoutsDirectory).name == "qwertz")
        #expect(KeyboardLayout.forLocale("de", directory: "/nonexistent").name == "qwerty")  // built-in fallback
    }

    @Test func qwertzSwapsYAndZ() throws {
        let qwertz = try KeyboardLayout.load(name: "qwertz", directory: Self.layoutsDirectory)
        let qwerty = try KeyboardLayout.load(name: "qwerty", directory: Self.layoutsDirectory)
        #expect(qwertz.distance("z", "t") < 1.1)
        #expect(qwerty.distance("y", "t") < 1.1)
        #expect(qwerty.distance("z", "t") > 3)
    }

    @Test func badLayoutFilesAreReported() {
        #expect(throws: LexiconError.self) { _ = try KeyboardLayout.parse(json: "{\"keys\": []}", name: "empty") }
        #expect(throws: LexiconError.self) { _ = try KeyboardLayout.parse(json: "[1,", name: "broken") }
    }
}

@Suite struct ErrorModelTests {
    let model = ErrorModel()

    @Test func neighbouringKeysCostLessThanDistantOnes() {
        // "r" is next to "t"; "p" is across the keyboard
        #expect(model.cost(typed: "rhe", intended: "the") < model.cost(typed: "phe", intended: "the"))
        #expect(model.cost(typed: "thw", intended: "the") < model.cost(typed: "thm", intended: "the"))
    }

    @Test func editsOfEveryKindAreCheap() {
        let limit: Float = 5
        #expect(model.cost(typed: "teh", intended: "the") <= limit)        // transposition
        #expect(model.cost(typed: "helo", intended: "hello") <= limit)     // omission (of a double letter)
        #expect(model.cost(typed: "helllo", intended: "hello") <= limit)   // doubled letter
        #expect(model.cost(typed: "hwello", intended: "hello") <= limit)   // extra neighbouring letter
        #expect(model.cost(typed: "dont", intended: "don't") < 1)           // left-out apostrophe
        #expect(model.cost(typed: "the", intended: "the") == 0)
        #expect(model.cost(typed: "xyz", intended: "the", limit: 4) == .infinity)
    }

    @Test func theShapesOfTypingErrorsHaveTheirOwnCosts() {
        // a left-out vowel (written as heard) is likelier than a left-out consonant
        #expect(model.cost(typed: "wrd", intended: "word") < model.cost(typed: "wod", intended: "word"))
        // a letter typed twice is likelier than a neighbouring key brushed (`k` is next to `l`)
        #expect(model.cost(typed: "untill", intended: "until") < model.cost(typed: "untilk", intended: "until"))
        // leaving a letter out or swapping two is likelier than hitting the neighbouring key
        #expect(model.cost(typed: "wrld", intended: "world") < model.cost(typed: "wirld", intended: "world"))
        #expect(model.cost(typed: "wrold", intended: "world") < model.cost(typed: "wirld", intended: "world"))
        // either letter of a double left out costs the same (the cost looks only backwards)
        #expect(model.cost(typed: "acommodate", intended: "accommodate") == model.cost(typed: "accomodate", intended: "accommodate"))
    }
}

@Suite struct CorrectorTests {
    func corrector(_ overlay: LearningOverlay? = nil) -> Corrector {
        Corrector(model: englishModel, overlay: overlay ?? LearningOverlay(model: englishModel))
    }

    @Test func commonSlipsAreCorrected() {
        let c = corrector()
        for (typo, word) in [("teh", "the"), ("helo", "hello"), ("recieve", "receive"), ("wrold", "world"), ("dont", "don't"),
                             ("im", "I'm"), ("youre", "you're"), ("cant", "can't"), ("wont", "won't")] {
            #expect(c.autocorrection(for: typo, previousWords: [])?.text == word, "\(typo)")
        }
    }

    @Test func aMovedLetterIsFound() {
        // an omission and an insertion (two edits) beat a one-key slip to a rarer word
        #expect(corrector().autocorrection(for: "tounge", previousWords: [])?.text == "tongue")
    }

    @Test func longWordsMayHoldMoreSlips() {
        let c = corrector()
        // two vowel slips and a left-out letter in eleven letters: over the base cost limit
        #expect(c.autocorrection(for: "mantainance", previousWords: [])?.text == "maintenance")
        c.longWordAllowancePerByte = 0
        #expect(c.autocorrection(for: "mantainance", previousWords: []) == nil)
    }

    @Test func knownWordsAreLeftAlone() {
        let c = corrector()
        for word in ["the", "its", "well", "were", "ill", "hell", "shell", "id", "cafe", "London"] {
            #expect(c.autocorrection(for: word, previousWords: []) == nil, "\(word)")
        }
    }

    @Test func thePreviousWordMatters() {
        let c = corrector()
        var list: [Corrector.Correction] = []
        c.corrections(for: "thw", previousWords: [], limit: 3, into: &list)
        #expect(list.first?.text == "the")
        // After "in", "thw" is more likely "the" than "then"; after "and", "then" gains.
        let afterIn = c.autocorrection(for: "thw", previousWords: ["in"])?.score ?? 0
        let afterThe = c.autocorrection(for: "thw", previousWords: ["the"])?.score ?? 0
        #expect(afterIn > afterThe)
    }

    @Test func userAndLearnedWordsAreNeverCorrectedAndBlockedWordsNeverOffered() {
        let overlay = LearningOverlay(model: englishModel)
        overlay.load(userWords: [UserWord("helo")])
        let c = corrector(overlay)
        #expect(c.autocorrection(for: "helo", previousWords: []) == nil)
        overlay.learn("kbdish")
        overlay.learn("kbdish")
        #expect(c.autocorrection(for: "kbdish", previousWords: []) == nil)
        // a user word is a candidate for a slip
        overlay.addUserWord(UserWord("Zorblax", weight: 5))
        var list: [Corrector.Correction] = []
        c.corrections(for: "zorblsx", previousWords: [], limit: 3, into: &list)
        #expect(list.map(\.text).contains("Zorblax"))
        overlay.block("the")
        #expect(c.autocorrection(for: "teh", previousWords: [])?.text != "the")
        c.corrections(for: "teh", previousWords: [], limit: 8, into: &list)
        #expect(!list.map(\.text).contains("the"))
    }

    @Test func aTinyModelWithoutAStoredIndexStillCorrects() throws {
        var source = ModelSource(words: [("the", 1000), ("hello", 50), ("help", 60)], bigrams: [])
        source.includesDeleteIndex = false
        let m = try LanguageModel(bytes: ModelWriter.build(source))
        #expect(!m.hasDeleteIndex)
        let c = Corrector(model: m, overlay: LearningOverlay(model: m))
        #expect(c.autocorrection(for: "hrlp", previousWords: [])?.text == "help")
        let tiny = try tinyModel()
        #expect(tiny.hasDeleteIndex)
    }
}

@Suite struct CorrectorOverlayIndexTests {
    /// A big user dictionary arriving at once is indexed a bounded slice per call, so no single
    /// key waits for all of it; its words become correction candidates over the next calls.
    @Test func bigDictionariesAreIndexedOverSeveralCalls() throws {
        let overlay = LearningOverlay(model: englishModel)
        var seed: UInt64 = 42
        var words: [UserWord] = []
        let letters = Array("bcdfghjklmnpqrstvwxz")
        for _ in 0..<(2 * Corrector.indexedPerCall + 500) {
            var w = ""
            for _ in 0..<9 {
                seed = seed &* 6364136223846793005 &+ 1442695040888963407
                w.append(letters[Int(seed >> 33) % letters.count])
            }
            words.append(UserWord(w))
        }
        words.append(UserWord("zorbaflix"))
        overlay.load(userWords: words)
        let corrector = Corrector(model: englishModel, overlay: overlay)
        var out: [Corrector.Correction] = []
        corrector.corrections(for: "zorbaflx", previousWords: [], limit: 5, into: &out)
        #expect(!out.contains { $0.text == "zorbaflix" })
        corrector.corrections(for: "zorbaflx", previousWords: [], limit: 5, into: &out)
        corrector.corrections(for: "zorbaflx", previousWords: [], limit: 5, into: &out)
        #expect(out.contains { $0.text == "zorbaflix" })
    }
}
