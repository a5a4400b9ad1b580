import ArgumentParser
import Foundation
import KbdLexicon
import KbdText

/// Presage-style keystroke-savings simulation through `Predictor`, in process.
struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Type a text letter by letter through the predictor and report keystroke savings and timing.",
        discussion: """
        A word is taken from the bar as soon as it shows (one key, which also inserts the space); \
        keys needed without help are the word's letters plus one space. Case: a suggestion counts \
        when it matches the word ignoring the case the engine would apply (capitalised prefix or \
        sentence start → capitalised).
        """
    )

    @Argument(help: "A UTF-8 text file, e.g. ../shared/data/dev-prose-en.txt.")
    var text: String

    @Option(name: .shortAndLong, help: "The model file (default: found as the engine finds it).")
    var model: String?

    @Option(help: "Suggestions in the bar.")
    var suggestions = 3

    @Option(help: "Stop after this many words (0: all).")
    var words = 0

    @Flag(help: "Do not learn from the committed words.")
    var noLearning = false

    @Option(help: "Interpolation weights: learnedTriple,learnedPair,modelPair,learnedWord,modelWord,unlistedPair.")
    var weights: String?

    @Option(help: "Load this many synthetic user words first (memory and speed with a large user dictionary).")
    var syntheticUserWords = 0

    @Option(help: "Candidates drawn from each source.")
    var breadth: Int?

    func run() throws {
        let t0 = DispatchTime.now().uptimeNanoseconds
        let path = orFail { () throws(LexiconError) -> String in
            if let model { return model }
            return try ModelLocator.defaultModelPath()
        }
        let lm = orFail { () throws(LexiconError) in try LanguageModel(path: path) }
        let loadMs = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
        guard let data = FileManager.default.contents(atPath: text) else { fail("\(text): cannot read") }
        let corpus = String(decoding: data, as: UTF8.self)
        let predictor = Predictor(model: lm)
        if let weights {
            let v = weights.split(separator: ",").compactMap { Double($0) }
            guard v.count == 6 else { fail("--weights needs 6 numbers") }
            predictor.weights.unlistedPair = v[5]
            predictor.weights.learnedTriple = v[0]; predictor.weights.learnedPair = v[1]
            predictor.weights.modelPair = v[2]; predictor.weights.learnedWord = v[3]; predictor.weights.modelWord = v[4]
        }
        if let breadth { predictor.breadth = breadth }
        if syntheticUserWords > 0 {
            let t = DispatchTime.now().uptimeNanoseconds
            var generator = SystemRandomNumberGenerator()
            let letters = Array("abcdefghijklmnopqrstuvwxyz")
            var users: [UserWord] = []
            users.reserveCapacity(syntheticUserWords)
            for i in 0..<syntheticUserWords {
                var word = ""
                for _ in 0..<(4 + i % 8) { word.append(letters[Int(generator.next() % 26)]) }
                users.append(UserWord(word, weight: Double(i % 5)))
            }
            predictor.overlay.load(userWords: users)
            print(String(format: "loaded %d user words in %.0f ms", syntheticUserWords, Double(DispatchTime.now().uptimeNanoseconds - t) / 1e6))
        }

        var keysNeeded = 0, keysPressed = 0, wordCount = 0
        var timings: [UInt64] = []
        timings.reserveCapacity(1_000_000)
        var bar: [WordCandidate] = []
        var previous: [Substring] = []
        let services = try TextServices(locale: "en")
        outer: for paragraph in corpus.split(whereSeparator: \.isNewline) {
            let para = String(paragraph)
            previous.removeAll()
            for sentence in services.sentences(para) {
                var sentenceStart = true
                previous.removeAll()
                let sentenceString = String(sentence)
                for segment in services.wordSegments(sentenceString) {
                    let word = sentenceString[segment.range]
                    guard segment.kind != .none, word.contains(where: { $0.isLetter }) else { continue }
                    if words > 0 && wordCount >= words { break outer }
                    wordCount += 1
                    let letters = Array(word)
                    keysNeeded += letters.count + 1
                    var pressed = letters.count + 1
                    for typed in 0...letters.count {
                        // the bar after `typed` letters
                        let prefix = Substring(String(letters[0..<typed]))
                        let t = DispatchTime.now().uptimeNanoseconds
                        predictor.suggest(prefix: prefix, previousWords: previous, limit: suggestions, into: &bar)
                        timings.append(DispatchTime.now().uptimeNanoseconds - t)
                        if bar.contains(where: { shown($0, prefix: prefix, sentenceStart: sentenceStart) == word }) {
                            pressed = typed + 1
                            break
                        }
                    }
                    keysPressed += pressed
                    if !noLearning { predictor.learn(committed: word, previousWords: previous) }
                    previous.append(word)
                    if previous.count > 2 { previous.removeFirst() }
                    sentenceStart = false
                }
            }
        }
        timings.sort()
        func pct(_ p: Double) -> Double { timings.isEmpty ? 0 : Double(timings[min(timings.count - 1, Int(Double(timings.count) * p))]) / 1000 }
        let ksr = 1 - Double(keysPressed) / Double(max(keysNeeded, 1))
        print("model: \(path) (\(lm.fileSize) bytes, loaded in \(String(format: "%.2f", loadMs)) ms)")
        print("words: \(wordCount), keys needed: \(keysNeeded), pressed: \(keysPressed)")
        print(String(format: "KSR: %.2f %% (%d suggestions, learning %@)", ksr * 100, suggestions, noLearning ? "off" : "on"))
        print(String(format: "suggest: p50 %.1f µs, p99 %.1f µs, max %.1f µs over %d calls", pct(0.5), pct(0.99), pct(1.0), timings.count))
    }

    /// What the engine would show for `c`: capitalised when the prefix is, or at a sentence
    /// start; all capitals for an all-capitals prefix of two letters or more.
    func shown(_ c: WordCandidate, prefix: Substring, sentenceStart: Bool) -> Substring {
        var text = c.text
        if prefix.count >= 2 && CaseMapping.isAllUppercase(String(prefix)) {
            text = CaseMapping.uppercased(text)
        } else if CaseMapping.startsUppercase(String(prefix)) || (prefix.isEmpty && sentenceStart) {
            text = CaseMapping.capitalizedFirst(text)
        }
        return Substring(text)
    }
}
