import Testing
@testable import KbdText

@Suite struct GraphemeTests {
    let text = try! TextServices(locale: "en")

    @Test(arguments: [
        "👨‍👩‍👧",          // ZWJ family
        "🇫🇷",              // flag: two regional indicators
        "👍🏽",              // skin tone modifier
        "e\u{301}\u{328}",  // letter with two combining marks
        "\r\n",             // CR LF
        "각",                // Hangul syllable from jamo
    ])
    func oneCluster(_ cluster: String) {
        #expect(text.graphemeCount(cluster) == 1)
        #expect(text.graphemeCount("a" + cluster + "b") == 3)
    }

    @Test func lastClustersOfText() {
        let s = "ab👨‍👩‍👧🇫🇷"
        #expect(String(s[text.indexBefore(clusters: 1, endOf: s)...]) == "🇫🇷")
        #expect(String(s[text.indexBefore(clusters: 2, endOf: s)...]) == "👨‍👩‍👧🇫🇷")
        #expect(text.indexBefore(clusters: 9, endOf: s) == s.startIndex)
        #expect(String(s[..<text.indexAfter(clusters: 3, startOf: s)]) == "ab👨‍👩‍👧")
    }

    @Test func flagsPairUp() {
        #expect(text.clusters("🇫🇷🇩🇪🇮🇹").map(String.init) == ["🇫🇷", "🇩🇪", "🇮🇹"])
    }
}

@Suite struct WordTests {
    @Test func englishWordsAndKinds() throws {
        let text = try TextServices(locale: "en")
        #expect(text.words("Don't stop, it's 3.5 km!").map(String.init) == ["Don't", "stop", "it's", "3.5", "km"])
        let kinds = text.wordSegments("hi 42").map(\.kind)
        #expect(kinds == [.letter, .none, .number])
    }

    @Test func thaiUsesDictionary() throws {
        let text = try TextServices(locale: "th")
        #expect(text.words("ภาษาไทยง่ายนิดเดียว").map(String.init).prefix(3) == ["ภาษา", "ไทย", "ง่าย"])
    }

    @Test func chineseUsesDictionary() throws {
        let text = try TextServices(locale: "zh")
        #expect(text.words("我们今天去北京").map(String.init) == ["我们", "今天", "去", "北京"])
    }

    @Test func japaneseUsesDictionary() throws {
        let text = try TextServices(locale: "ja")
        let words = text.words("私は東京に住んでいます").map(String.init)
        #expect(words.contains("東京"))
        #expect(words.count >= 4)
    }
}

@Suite struct SentenceTests {
    let text = try! TextServices(locale: "en")

    @Test(arguments: [
        ("", true), ("Hello. ", true), ("Are you? ", true), ("Wow! ", true),
        ("Hello ", false), ("Hello", false), ("Hello.", false), ("one\n", true),
        ("I met Mr. ", false), ("  ", true), ("He said \"yes.\" ", true),
    ])
    func sentenceStart(_ context: String, _ expected: Bool) {
        #expect(text.isSentenceStart(after: context[...]) == expected, "context: \(context.debugDescription)")
    }

    @Test func splitsSentences() {
        #expect(text.sentences("Hi there. How are you? Fine").map(String.init) == ["Hi there. ", "How are you? ", "Fine"])
    }
}

@Suite struct CaseAndNormalizationTests {
    @Test func caseMapping() {
        #expect(CaseMapping.uppercased("straße") == "STRASSE")
        #expect(CaseMapping.lowercased("ΣΟΦΟΣ", locale: "el") == "σοφος")
        #expect(CaseMapping.uppercased("istanbul", locale: "tr") == "İSTANBUL")
        #expect(CaseMapping.capitalizedFirst("élan") == "Élan")
        #expect(CaseMapping.capitalizedFirst("hello") == "Hello")
        #expect(CaseMapping.isAllUppercase("NASA"))
        #expect(!CaseMapping.isAllUppercase("Nasa"))
        #expect(CaseMapping.startsUppercase("iPhone") == false)
    }

    @Test func nfcComposes() {
        let decomposed = "cafe\u{301}"
        #expect(Normalization.nfc(decomposed).unicodeScalars.count == 4)
        #expect(!Normalization.isNFC(decomposed))
        #expect(Normalization.isNFC("café"))
        #expect(Normalization.nfd("é").unicodeScalars.count == 2)
    }

    @Test func searchKeyFoldsAccentsAndCase() {
        #expect(Normalization.searchKey("Café") == "cafe")
        #expect(Normalization.searchKey("naïve") == "naive")
        #expect(Normalization.searchKey("CAFE\u{301}") == "cafe")
        #expect(Normalization.searchKey("Hello") == "hello")
    }
}
