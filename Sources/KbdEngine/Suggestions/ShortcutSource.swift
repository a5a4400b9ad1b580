import KbdText

/// Text replacements (`UILexicon` entries): typing a shortcut (`omw`) offers its phrase
/// (`On my way!`) first in the bar; choosing it puts the phrase in place of the shortcut.
/// Shortcuts match whole words, case- and accent-blind. Owned by one session.
public final class ShortcutSource: CandidateSource {
    /// Phrases by the search key of their shortcut.
    private var phrases: [String: [String]] = [:]

    public init(_ shortcuts: [(shortcut: String, phrase: String)] = []) {
        for s in shortcuts { add(shortcut: s.shortcut, phrase: s.phrase) }
    }

    public var isEmpty: Bool { phrases.isEmpty }

    public func add(shortcut: String, phrase: String) {
        let key = Normalization.searchKey(shortcut)
        var list = phrases[key] ?? []
        if !list.contains(phrase) { list.append(phrase) }
        phrases[key] = list
    }

    public func remove(shortcut: String, phrase: String) {
        let key = Normalization.searchKey(shortcut)
        phrases[key]?.removeAll { $0 == phrase }
        if phrases[key]?.isEmpty == true { phrases[key] = nil }
    }

    public func removeAll() { phrases.removeAll() }

    public func candidates(for context: TextContext, limit: Int, into candidates: inout [Candidate]) {
        guard !phrases.isEmpty, context.hasWord else { return }
        let word = context.wordPrefix + context.wordSuffix
        guard let list = phrases[Normalization.searchKey(word)] else { return }
        for phrase in list.prefix(limit) {
            candidates.append(Candidate(phrase, kind: .shortcut, score: 0, keepsCase: true))
        }
    }

    /// A shortcut is a word the user defined: never a typo.
    public func isKnownWord(_ word: String) -> Bool {
        !phrases.isEmpty && phrases[Normalization.searchKey(word)] != nil
    }
}
