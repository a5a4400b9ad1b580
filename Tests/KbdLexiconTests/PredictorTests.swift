import KbdLexicon
import Testing

@Suite struct CompletionTests {
    @Test func completesAPrefix() {
        let p = Predictor(model: englishModel)
        let top = texts(p, "hel", limit: 5)
        #expect(top.contains("help"))
        #expect(top.contains("hello") || texts(p, "hell").contains("hello"))
        #expect(!top.contains("hel"))
    }

    @Test func neverReturnsTheTypedPrefix() {
        let p = Predictor(model: englishModel)
        for prefix in ["the", "a", "in", "cafe", "help"] {
            #expect(!texts(p, prefix, limit: 8).contains(prefix))
        }
    }

    @Test func predictsAfterOfThe() {
        let p = Predictor(model: englishModel)
        let after = suggestions(p, "", after: ["of", "the"])
        #expect(after.count == 3)
        #expect(after.allSatisfy { $0.source == .prediction })
        // the model's own successors of "the", not merely the most frequent words
        #expect(after.first?.text != "the")
        #expect(!after.map(\.text).contains("of"))
    }

    @Test func contextReranksCompletions() {
        let p = Predictor(model: englishModel)
        // "united s…" → states, whatever the unigram order of s-words
        #expect(texts(p, "s", after: ["the", "United"]).first == "states")
    }

    @Test func backsOffToUnigramsForAnUnknownPreviousWord() {
        let p = Predictor(model: englishModel)
        let top = texts(p, "", after: ["zzqxjv"])
        #expect(top.count == 3)
        #expect(top.contains("the"))
        #expect(texts(p, "th", after: ["zzqxjv"]).first == "the")
    }

    @Test(arguments: [("cafe", "café"), ("naive", "naïve"), ("resume", "résumé")])
    func offersAccentedSpellings(typed: String, expected: String) {
        let p = Predictor(model: englishModel)
        #expect(texts(p, typed, limit: 3).contains(expected))
    }

    @Test func matchesThroughAccentsInTheTypedPrefix() {
        let p = Predictor(model: englishModel)
        #expect(texts(p, "caf", limit: 5).contains("café"))
    }

    @Test func keepsProperNounCase() throws {
        let p = Predictor(model: englishModel)
        let london = try #require(suggestions(p, "london").first { $0.text == "London" })
        #expect(london.isProperNoun)
        #expect(texts(p, "iph").contains("iPhone"))
        #expect(p.canonicalSpelling("i") == "I")
        #expect(p.canonicalSpelling("LONDON") == "London")
        #expect(p.isKnown("london") && p.isKnown("Café") && !p.isKnown("zzqxjv"))
    }

    @Test func tinyModelRoundTrip() throws {
        let m = try tinyModel()
        #expect(m.wordCount == 12)
        let p = Predictor(model: m)
        #expect(texts(p, "", after: ["of"]).first == "the")
        #expect(texts(p, "", after: ["of", "the"]) == ["first", "same", "world"])
        #expect(texts(p, "hel") == ["help", "hello", "helmet"])
        #expect(texts(p, "cafe") == ["café"])
        #expect(texts(p, "lon") == ["London"])
    }
}

@Suite struct LearningTests {
    @Test func aNameTypedTwiceIsOfferedTheThirdTime() {
        let p = Predictor(model: englishModel)
        #expect(!texts(p, "Wic", limit: 3).contains("Wickhamz"))
        p.learn(committed: "Wickhamz", previousWords: ["Mr"])
        #expect(!texts(p, "Wic", limit: 3).contains("Wickhamz"))
        #expect(!p.isKnown("Wickhamz"))
        p.learn(committed: "Wickhamz", previousWords: ["Mr"])
        #expect(texts(p, "Wic", limit: 3).contains("Wickhamz"))
        #expect(texts(p, "wic", limit: 3).contains("Wickhamz"))
        #expect(texts(p, "", after: ["Mr"], limit: 3).contains("Wickhamz"))
        #expect(p.isKnown("Wickhamz"))
    }

    @Test func learnedPairsGainWeight() {
        let p = Predictor(model: englishModel)
        #expect(texts(p, "", after: ["purple"]).first != "elephant")
        for _ in 0..<3 { p.learn(committed: "elephant", previousWords: ["purple"]) }
        #expect(texts(p, "", after: ["purple"]).first == "elephant")
        #expect(texts(p, "e", after: ["purple"]).first == "elephant")
    }

    @Test func eventsAreQueuedAndObserved() {
        let overlay = LearningOverlay(model: englishModel)
        var seen: [LearningEvent] = []
        overlay.onEvent = { seen.append($0) }
        overlay.learn("The", previousWords: [])
        overlay.learn("cat", previousWords: ["The"])
        let events = overlay.drainEvents()
        #expect(events == [.word("the", count: 1), .word("cat", count: 1), .pair("the", "cat", count: 1)])
        #expect(seen == events)
        #expect(overlay.drainEvents().isEmpty)
    }

    @Test func bulkLoadedUserWordsAreSuggested() {
        let overlay = LearningOverlay(model: englishModel)
        overlay.load(userWords: [UserWord("Kubernetesx", weight: 5), UserWord("zorbly")],
                     learned: [LearnedCount(["Frobnic"], count: 3), LearnedCount(["Frobnic", "widget"], count: 4)],
                     blocked: [])
        let p = Predictor(model: englishModel, overlay: overlay)
        let k = suggestions(p, "kube").first { $0.text == "Kubernetesx" }
        #expect(k?.source == .user)
        #expect(k?.isProperNoun == true)
        #expect(texts(p, "zorb").contains("zorbly"))
        #expect(texts(p, "frob").contains("Frobnic"))
        #expect(texts(p, "", after: ["Frobnic"]).first == "widget")
        overlay.removeUserWord("zorbly", forget: true)
        #expect(!texts(p, "zorb").contains("zorbly"))
    }

    @Test func blockedWordsAreNeverOffered() {
        let overlay = LearningOverlay(model: englishModel)
        overlay.load(blocked: ["hello", "London"])
        let p = Predictor(model: englishModel, overlay: overlay)
        for _ in 0..<3 { p.learn(committed: "hello", previousWords: ["say"]) }
        for prefix in ["h", "he", "hel", "hell", "Hel", "lon", "Lond"] {
            #expect(!texts(p, prefix, limit: 10).contains("hello"))
            #expect(!texts(p, prefix, limit: 10).contains("London"))
        }
        #expect(!texts(p, "", after: ["say"], limit: 10).contains("hello"))
        overlay.unblock("hello")
        #expect(texts(p, "", after: ["say"], limit: 3).contains("hello"))
    }

    @Test func manyUserWordsStayFast() {
        let overlay = LearningOverlay(model: englishModel)
        var words: [UserWord] = []
        for i in 0..<20_000 { words.append(UserWord("zq\(i)x", weight: Double(i % 7))) }
        overlay.load(userWords: words)
        let p = Predictor(model: englishModel, overlay: overlay)
        #expect(overlay.wordCount == 20_000)
        #expect(texts(p, "zq1").count == 3)
    }
}
