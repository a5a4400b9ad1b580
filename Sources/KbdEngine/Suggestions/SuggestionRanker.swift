import KbdText

/// Merges the candidates of all sources into the bar (librime's filters): one entry per
/// spelling, the typed case applied, ordered by score, with the typed word (verbatim) first
/// when it is not a known word, and shortcuts ahead of everything. When autocorrection would
/// replace the word as it ends, the bar is [the word verbatim, that correction, the best other].
public struct SuggestionRanker: Sendable {
    public init() {}

    /// The bar of `count` suggestions for `context` from `candidates` (consumed).
    public func rank(_ candidates: inout [Candidate], context: TextContext, knownWord: Bool, count: Int, locale: String,
                     autocorrection: String? = nil) -> [Suggestion] {
        guard count > 0 else { return [] }
        let typed = context.wordPrefix + context.wordSuffix
        var bar: [Suggestion] = []
        bar.reserveCapacity(count)
        var seen = Set<String>()

        // Shortcuts first, then by score; stable for equal scores.
        candidates.sort { a, b in
            if (a.kind == .shortcut) != (b.kind == .shortcut) { return a.kind == .shortcut }
            return a.score > b.score
        }
        if let autocorrection, !typed.isEmpty, autocorrection != typed {
            bar.append(Suggestion(typed, kind: .verbatim))
            seen.insert(typed)
            if bar.count < count {
                bar.append(Suggestion(autocorrection, kind: .correction, isAutocorrection: true))
                seen.insert(autocorrection)
            }
        } else if !typed.isEmpty, !knownWord {
            bar.append(Suggestion(typed, kind: .verbatim))
            seen.insert(typed)
        }
        for candidate in candidates {
            if bar.count >= count { break }
            let text = candidate.kind == .shortcut || candidate.keepsCase
                ? candidate.text
                : Self.applyCase(of: context, to: candidate.text, locale: locale)
            if text == typed, candidate.kind != .shortcut { continue }
            guard seen.insert(text).inserted else { continue }
            bar.append(Suggestion(text, kind: candidate.kind))
        }
        return bar
    }

    /// `word` in the case the user is typing in: ALL CAPS after two or more capitals, a capital
    /// first letter after a capitalised prefix or at a sentence start.
    public static func applyCase(of context: TextContext, to word: String, locale: String) -> String {
        let prefix = context.wordPrefix
        if prefix.count >= 2, CaseMapping.isAllUppercase(prefix) {
            return CaseMapping.uppercased(word, locale: locale)
        }
        if CaseMapping.startsUppercase(prefix) || (prefix.isEmpty && context.atSentenceStart) {
            return CaseMapping.capitalizedFirst(word, locale: locale)
        }
        return word
    }
}
