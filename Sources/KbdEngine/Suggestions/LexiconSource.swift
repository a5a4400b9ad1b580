import KbdLexicon

/// Completions and next-word predictions from the language model and what the session
/// learned, through a ``Predictor``. Owned by one session.
public final class LexiconSource: CandidateSource {
    public let predictor: Predictor
    private var buffer: [WordCandidate] = []
    private var previous: [Substring] = []

    public init(predictor: Predictor) {
        self.predictor = predictor
    }

    public func candidates(for context: TextContext, limit: Int, into candidates: inout [Candidate]) {
        previous.removeAll(keepingCapacity: true)
        for word in context.previousWords { previous.append(word[...]) }
        predictor.suggest(prefix: context.wordPrefix[...], previousWords: previous, limit: limit, into: &buffer)
        let kind: Suggestion.Kind = context.wordPrefix.isEmpty ? .prediction : .completion
        for c in buffer {
            candidates.append(Candidate(c.text, kind: kind, score: c.score, keepsCase: c.isProperNoun))
        }
    }

    public func isKnownWord(_ word: String) -> Bool { predictor.isKnown(word) }

    public func learn(_ event: CommitEvent) {
        switch event {
        case .committed(let word, let previousWords):
            predictor.learn(committed: word, previousWords: previousWords.map { $0[...] })
        case .correctionRejected(let typed, _):
            // The user meant what they typed: it counts as a committed word.
            predictor.learn(committed: typed, previousWords: [])
        }
    }
}
