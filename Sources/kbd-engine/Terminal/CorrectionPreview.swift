import KbdEngine

/// A word the keyboard replaces as it ends: `typed` becomes `replacement`.
struct WordReplacement: Equatable {
    var typed: String
    var replacement: String
}

/// Shows an autocorrection before it happens: what a space would do to the word before the
/// cursor, found by letting a second, silent session (incognito: it learns nothing) type that
/// space into a copy of the text around the cursor. The answer is the engine's own, whatever
/// its correction stage decides (`i` → `I` included).
///
/// Belongs to the thread of the session it shadows.
final class CorrectionPreview {
    private let document = InMemoryDocument()
    private let session: KeyboardSession?

    init(engine: EngineSetup) {
        session = try? engine.makeSession(document: document)
        session?.settings.incognito = true
    }

    /// What a space typed now would make of `word`, the word ending at the cursor in a text
    /// with `before` and `after` around the cursor; nil when it stays as it is.
    func replacement(of word: String, before: String, after: String) -> WordReplacement? {
        guard let session, !word.isEmpty, before.hasSuffix(word) else { return nil }
        document.replaceAll(before: before, after: after)
        session.textDidChange()
        session.reset()
        session.handle(.named(.space))
        let result = document.textBeforeCursor
        let base = before.dropLast(word.count)
        guard result.hasPrefix(base), result.hasSuffix(" ") else { return nil }
        let replacement = String(result.dropFirst(base.count).dropLast())
        guard !replacement.isEmpty, replacement != word else { return nil }
        return WordReplacement(typed: word, replacement: replacement)
    }
}
