import Foundation
import KbdLexicon

/// The repository's root, from this file's path.
let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

/// The committed English model, loaded once for all tests.
let englishModel: LanguageModel = {
    try! LanguageModel(path: repositoryRoot + "/Data/en/en.kbdlm")
}()

/// A small model built in memory.
func tinyModel() throws -> LanguageModel {
    let source = ModelSource(
        words: [("the", 1000), ("of", 800), ("hello", 50), ("help", 60), ("helmet", 5), ("London", 30),
                ("café", 10), ("cafe", 20), ("first", 40), ("same", 30), ("I", 500), ("world", 45)],
        bigrams: [("of", "the", 500), ("the", "first", 30), ("the", "same", 20), ("the", "world", 10)]
    )
    return try LanguageModel(bytes: ModelWriter.build(source), name: "tiny")
}

func suggestions(_ p: Predictor, _ prefix: String, after previous: [String] = [], limit: Int = 3) -> [WordCandidate] {
    var out: [WordCandidate] = []
    p.suggest(prefix: Substring(prefix), previousWords: previous.map { Substring($0) }, limit: limit, into: &out)
    return out
}

func texts(_ p: Predictor, _ prefix: String, after previous: [String] = [], limit: Int = 3) -> [String] {
    suggestions(p, prefix, after: previous, limit: limit).map(\.text)
}

/// A fresh temporary file path.
func temporaryPath(_ name: String) -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("kbd-lexicon-\(UUID().uuidString)-\(name)").path
}
