#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KbdText

/// Completion and next-word prediction for one session: the model's unigrams and bigrams,
/// interpolated with what the session learned (words, pairs, triples) and the user's words.
///
/// P(w | w2 w1) = Σ λᵢ Pᵢ(w | context) / Σ λᵢ over the components that have data for the
/// context: learned triples, learned pairs, model pairs, learned words, model words.
///
/// Not thread-safe: one per session, called on the session's thread. `suggest` allocates
/// only the candidates' strings once its scratch buffers are warm.
public final class Predictor {
    /// Interpolation weights of the components (tuned with `kbd-model simulate`).
    public struct Weights: Sendable {
        public var learnedTriple: Double = 0.6
        public var learnedPair: Double = 0.5
        public var modelPair: Double = 0.6
        public var learnedWord: Double = 0.25
        public var modelWord: Double = 0.2
        /// Factor on the model's unigram probability of a word that the previous word's pair
        /// list lacks (the list holds the common pairs, so an unlisted pair is a rare one).
        public var unlistedPair: Double = 0.2
        public init() {}
    }

    public let model: LanguageModel
    public let overlay: LearningOverlay
    public var weights = Weights()
    /// Candidates drawn from each source before ranking.
    public var breadth = 8

    private struct Candidate {
        var modelID: Int32
        var overlayIndex: Int32
        var text: String?
        var score: Double
        var source: WordCandidate.Source
        var isProperNoun: Bool
    }

    private var scratch: [Candidate] = []
    private var ids: [Int32] = []
    private var heap: [(Float, Int32)] = []
    // context cache
    private var contextWords: [String] = []
    private var contextIDs: [Int32] = []
    private var contextCanonical: [String] = []

    public init(model: LanguageModel, overlay: LearningOverlay? = nil) {
        self.model = model
        self.overlay = overlay ?? LearningOverlay(model: model)
    }

    /// Whether `word` is a word the model or the user's dictionary knows (case- and accent-blind),
    /// or one learned often enough to be suggested.
    public func isKnown(_ word: some StringProtocol) -> Bool {
        if model.lookup(word) != nil { return true }
        let text = overlay.canonical(String(word))
        return overlay.learned(text)?.suggestible ?? false
    }

    /// The canonical spelling of a known word (`london` → `London`, `cafe` → `cafe`), or nil.
    public func canonicalSpelling(_ word: some StringProtocol) -> String? {
        if let id = model.lookup(word) { return model.text(id) }
        let text = overlay.canonical(String(word))
        return overlay.learned(text)?.suggestible == true ? text : nil
    }

    /// Records a committed word (see `LearningOverlay.learn`).
    public func learn(committed word: some StringProtocol, previousWords: [Substring]) {
        overlay.learn(word, previousWords: previousWords)
    }

    /// Writes into `result` (replacing its contents) up to `limit` candidates, best first:
    /// completions of `prefix` when it is non-empty, else predictions of the next word, in the
    /// context of `previousWords` (nearest last; the last two are used). The exact typed
    /// prefix is never returned; blocked words never are.
    public func suggest(prefix: Substring, previousWords: [Substring], limit: Int, into result: inout [WordCandidate]) {
        result.removeAll(keepingCapacity: true)
        guard limit > 0 else { return }
        setContext(previousWords)
        scratch.removeAll(keepingCapacity: true)
        let w1 = contextIDs.count >= 1 ? contextIDs[contextIDs.count - 1] : -1
        let c1 = contextCanonical.last
        let c2 = contextCanonical.count >= 2 ? contextCanonical[contextCanonical.count - 2] : nil
        let prefixText = String(prefix)
        let key = prefix.isEmpty ? "" : Normalization.searchKey(prefixText)
        let source: WordCandidate.Source = prefix.isEmpty ? .prediction : .completion
        let k = max(breadth, limit + 2)

        // 1. Model words for the prefix, by unigram.
        var keyCopy = key
        let range = prefix.isEmpty ? 0..<model.wordCount : keyCopy.withUTF8 { model.range(prefixKey: $0) }
        ids.removeAll(keepingCapacity: true)
        model.tree.best(in: range, k: k, heap: &heap, accept: { _ in true }, into: &ids)
        for id in ids { addModel(id, source) }
        // 2. Model successors of the previous word in the prefix range, best first.
        if w1 >= 0 {
            let all = model.successorRange(Int(w1))
            if prefix.isEmpty || all.count <= 64 {
                if prefix.isEmpty {
                    for rank in 0..<min(k, all.count) { addModel(Int32(model.successor(at: model.successorPosition(Int(w1), rank: rank))), source) }
                } else {
                    let sub = model.successorRange(Int(w1), within: range)
                    for p in sub { addModel(Int32(model.successor(at: p)), source) }
                }
            } else {
                let sub = model.successorRange(Int(w1), within: range)
                if sub.count <= 64 {
                    for p in sub { addModel(Int32(model.successor(at: p)), source) }
                } else {
                    var found = 0
                    for rank in 0..<all.count {
                        let s = model.successor(at: model.successorPosition(Int(w1), rank: rank))
                        if range.contains(s) { addModel(Int32(s), source); found += 1; if found >= k { break } }
                    }
                }
            }
        }
        // 3. Learned successors (pairs, triples) and learned/user words for the prefix.
        if let c1, let (list, _) = overlay.successors(of: c1) { addLearned(list, key, source) }
        if let c1, let c2, let (list, _) = overlay.successors(of: c2, c1) { addLearned(list, key, source) }
        ids.removeAll(keepingCapacity: true)
        overlay.best(prefixKey: key, k: k, into: &ids)
        for i in ids {
            let e = overlay.entry(Int(i))
            if e.modelID >= 0 { addModel(e.modelID, source) } else { addOverlay(e.text, e.userWeight > 0 ? .user : .learned, e.isProperNoun) }
        }

        // 4. Score, drop the typed prefix and blocked words, keep the best `limit`.
        let pair1 = c1.flatMap { overlay.successors(of: $0) }
        let triple = (c1 != nil && c2 != nil) ? overlay.successors(of: c2!, c1!) : nil
        let hasModelPair = w1 >= 0 && !model.successorRange(Int(w1)).isEmpty
        let total = max(overlay.totalRank, 1)
        let wt = weights
        var norm = wt.modelWord + (overlay.totalRank > 0 ? wt.learnedWord : 0)
        if hasModelPair { norm += wt.modelPair }
        if pair1 != nil { norm += wt.learnedPair }
        if triple != nil { norm += wt.learnedTriple }
        for j in scratch.indices {
            let c = scratch[j]
            let text = c.text ?? model.text(c.modelID)
            if text == prefixText || overlay.isBlocked(text) { scratch[j].score = -.infinity; continue }
            var p = 0.0
            if c.modelID >= 0 {
                let unigram = wt.modelWord * Double(exp(model.logProbability(c.modelID)))
                if hasModelPair {
                    if let lp = model.bigramLogProbability(w1, c.modelID) {
                        p += wt.modelPair * Double(exp(lp)) + unigram
                    } else {
                        p += unigram * wt.unlistedPair
                    }
                } else {
                    p += unigram
                }
            }
            if overlay.wordCount > 0, let l = overlay.learned(text) {
                if !l.suggestible { scratch[j].score = -.infinity; continue }
                p += wt.learnedWord * Double((l.count + 2 * l.userWeight) / total)
                if l.userWeight > 0 && c.modelID < 0 { scratch[j].source = .user }
            }
            if let (list, t) = pair1, let s = list.first(where: { $0.text == text }) { p += wt.learnedPair * Double(s.count / t) }
            if let (list, t) = triple, let s = list.first(where: { $0.text == text }) { p += wt.learnedTriple * Double(s.count / t) }
            scratch[j].score = p > 0 ? log(p / norm) : -.infinity
            scratch[j].text = text
        }
        scratch.sort { $0.score > $1.score }
        for c in scratch where c.score > -.infinity {
            result.append(WordCandidate(text: c.text!, score: c.score, source: c.source, isProperNoun: c.isProperNoun))
            if result.count == limit { break }
        }
    }

    private func addModel(_ id: Int32, _ source: WordCandidate.Source) {
        for c in scratch where c.modelID == id { return }
        scratch.append(Candidate(modelID: id, overlayIndex: -1, text: nil, score: 0, source: source,
                                 isProperNoun: model.flags(id).contains(.properNoun)))
    }

    private func addOverlay(_ text: String, _ source: WordCandidate.Source, _ proper: Bool) {
        for c in scratch where c.modelID < 0 && c.text == text { return }
        scratch.append(Candidate(modelID: -1, overlayIndex: -1, text: text, score: 0, source: source, isProperNoun: proper))
    }

    private func addLearned(_ list: [LearningOverlay.Successor], _ key: String, _ source: WordCandidate.Source) {
        var added = 0
        for s in list where key.isEmpty || s.key.hasPrefix(key) {
            if let id = model.exactID(s.text) { addModel(id, source) } else {
                addOverlay(s.text, .learned, CaseMapping.lowercased(s.text) != s.text)
            }
            added += 1
            if added >= 4 * breadth { break }
        }
    }

    private func setContext(_ previous: [Substring]) {
        let words = previous.suffix(2)
        if words.count == contextWords.count && zip(words, contextWords).allSatisfy({ $0 == $1 }) { return }
        contextWords = words.map(String.init)
        contextIDs = contextWords.map { model.lookup($0) ?? -1 }
        contextCanonical = contextWords.map { overlay.canonical($0) }
    }

    /// Forgets the cached context (call after the overlay's words change in bulk).
    public func invalidateContext() { contextWords = []; contextIDs = []; contextCanonical = [] }
}

@available(*, unavailable)
extension Predictor: Sendable {}
