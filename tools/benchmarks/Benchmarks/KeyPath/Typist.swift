import Foundation
import KbdEngine
import KbdLexicon
import KbdRuntime

/// Finds a file by walking up from the current directory (the benchmarks run from tools/benchmarks).
func findUpwards(_ relative: String) -> String? {
    var dir = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    for _ in 0..<8 {
        let candidate = dir.appendingPathComponent(relative).path
        if FileManager.default.fileExists(atPath: candidate) { return candidate }
        dir.deleteLastPathComponent()
    }
    return nil
}

/// The development prose, as key events (newlines are Return).
func proseKeys() -> [KeyEvent] {
    let path = ProcessInfo.processInfo.environment["KBD_PROSE"] ?? findUpwards("shared/data/dev-prose-en.txt") ?? findUpwards("../shared/data/dev-prose-en.txt")
    guard let path, let data = FileManager.default.contents(atPath: path) else {
        fatalError("kbd benchmarks: dev-prose-en.txt not found (set KBD_PROSE)")
    }
    var keys: [KeyEvent] = []
    var decoder = TerminalKeyDecoder()
    decoder.feed(data, key: { keys.append($0) }, problem: { _ in })
    decoder.finish(key: { keys.append($0) }, problem: { _ in })
    return keys
}

/// Types the prose one key at a time into a session, reading the bar after every key.
final class Typist: @unchecked Sendable {  // used from the benchmark's one thread only
    let runtime: KeyboardRuntime
    var document = InMemoryDocument()
    var session: KeyboardSession
    let keys: [KeyEvent]
    var index = 0

    init(userWords: Int = 0, autocorrect: Bool = true) throws {
        var options = RuntimeOptions()
        options.withoutStore = true
        if !autocorrect { options.settings.autocorrection = .off }
        runtime = try KeyboardRuntime(options: options)
        session = try runtime.makeSession(document: document)
        keys = proseKeys()
        if userWords > 0, let lexicon = session.sources.compactMap({ $0 as? LexiconSource }).first {
            var generator = SystemRandomNumberGenerator()
            let letters = Array("abcdefghijklmnopqrstuvwxyz")
            var words: [UserWord] = []
            for _ in 0..<userWords {
                let n = Int.random(in: 5...10, using: &generator)
                words.append(UserWord(String((0..<n).map { _ in letters.randomElement(using: &generator)! })))
            }
            lexicon.predictor.overlay.load(userWords: words)
        }
    }

    /// One keystroke and the bar it leaves.
    @inline(__always)
    func step() -> Int {
        let key = keys[index]
        index += 1
        if index == keys.count {
            index = 0
            document = InMemoryDocument()
            session = try! runtime.makeSession(document: document)
        }
        session.handle(key)
        return session.suggestions.count
    }
}
