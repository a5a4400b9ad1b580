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
    public var breadth = 5

    private struct Candidate {
        var modelID: Int32
        var overlayIndex: Int32
        var score: Double
        var source: WordCandidate.Source
        var isProperNoun: Bool
    }

    private var scratch: [Candidate] = []
    private var ids: [Int32] = []
    private var heap: [(Float, Int32)] = []
    private var prefixBytes: [UInt8] = []
    // context cache: the last two previous words, their model ids and overlay indices
    private var contextWords: [String] = []
    private var contextIDs: [Int32] = []
    private var contextOverlay: [Int32] = []
    private var contextOverlayCount = -1
    /// The model's best words of an id range (the model never changes, so answers keep): the
    /// empty prefix after every space and the common short prefixes come back all the time.
    private var modelBest: [RangeQuery: [Int32]] = [:]
    private static let modelBestLimit = 4096

    private struct RangeQuery: Hashable {
        var lower: Int32
        var upper: Int32
        var k: Int32
    }

    public init(model: LanguageModel, overlay: LearningOverlay? = nil) {
        self.model = model
        self.overlay = overlay ?? LearningOverlay(model: model)
    }

    /// Whether `word` is a word the model or the user's dictionary knows (case- and accent-blind),
    /// or one learned often enough to be suggested.
    public func isKnown(_ word: some StringProtocol) -> Bool {
        if model.lookup(word) != nil { return true }
        guard let i = overlay.find(overlay.canonical(String(word))) else { return false }
        return overlay.isSuggestible(i)
    }

    /// The canonical spelling of a known word (`london` → `London`, `cafe` → `cafe`), or nil.
    public func canonicalSpelling(_ word: some StringProtocol) -> String? {
        if let id = model.lookup(word) { return model.text(id) }
        guard let i = overlay.find(overlay.canonical(String(word))), overlay.isSuggestible(i) else { return nil }
        return overlay.entry(i).text
    }

    /// Whether `word` is a proper noun whose capitals must stay (London, I, a learned name).
    public func isProperNoun(_ word: some StringProtocol) -> Bool {
        if let id = model.lookup(word) { return model.flags(id).contains(.properNoun) }
        guard let i = overlay.find(overlay.canonical(String(word))) else { return false }
        return overlay.entry(i).isProperNoun
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
        let w1 = contextIDs.last ?? -1
        let o1 = contextOverlay.last ?? -1
        let o2 = contextOverlay.count >= 2 ? contextOverlay[contextOverlay.count - 2] : -1
        prefixBytes.removeAll(keepingCapacity: true)
        prefixBytes.append(contentsOf: prefix.utf8)
        let key = prefix.isEmpty ? "" : Normalization.searchKey(String(prefix))
        let source: WordCandidate.Source = prefix.isEmpty ? .prediction : .completion
        let k = max(breadth, limit + 2)

        // 1. Model words for the prefix, by unigram.
        var keyCopy = key
        let range = prefix.isEmpty ? 0..<model.wordCount : keyCopy.withUTF8 { model.range(prefixKey: $0) }
        for id in modelBestWords(in: range, k: k) { addModel(id, source) }
        // 2. Model successors of the previous word in the prefix range, best first.
        if w1 >= 0 {
            let sub = prefix.isEmpty ? model.successorRange(Int(w1)) : model.successorRange(Int(w1), within: range)
            if !prefix.isEmpty && sub.count <= 48 {
                for p in sub { addModel(Int32(model.successor(at: p)), source) }
            } else {
                let all = model.successorRange(Int(w1))
                var found = 0
                for rank in 0..<all.count {
                    let s = model.successor(at: model.successorPosition(Int(w1), rank: rank))
                    if range.contains(s) { addModel(Int32(s), source); found += 1; if found >= k { break } }
                }
            }
        }
        // 3. Learned successors (triples, pairs) and learned or user words for the prefix.
        let triple = (o1 >= 0 && o2 >= 0) ? overlay.successors(of: o2, o1) : nil
        let pair = o1 >= 0 ? overlay.successors(of: o1) : nil
        if let triple { addLearned(triple.words, key, source) }
        if let pair { addLearned(pair.words, key, source) }
        if overlay.wordCount > 0 {
            ids.removeAll(keepingCapacity: true)
            overlay.best(prefixKey: key, k: k, into: &ids)
            for i in ids { addOverlay(i, source) }
        }

        // 4. Score, drop the typed prefix and blocked words, keep the best `limit`.
        let hasModelPair = w1 >= 0 && !model.successorRange(Int(w1)).isEmpty
        let total = Double(max(overlay.totalRank, 1))
        let wt = weights
        var norm = wt.modelWord + (overlay.totalRank > 0 ? wt.learnedWord : 0)
        if hasModelPair { norm += wt.modelPair }
        if pair != nil { norm += wt.learnedPair }
        if triple != nil { norm += wt.learnedTriple }
        let blockedIDs = overlay.blockedModelIDs
        for j in scratch.indices {
            let c = scratch[j]
            var p = 0.0
            if c.modelID >= 0 {
                if !blockedIDs.isEmpty && blockedIDs.contains(c.modelID) { scratch[j].score = -.infinity; continue }
                if model.textBytes(Int(c.modelID)).elementsEqual(prefixBytes) { scratch[j].score = -.infinity; continue }
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
            let oi = c.overlayIndex
            if oi >= 0 {
                let e = overlay.entry(oi)
                if e.isBlocked || !overlay.isSuggestible(oi) { scratch[j].score = -.infinity; continue }
                if c.modelID < 0 && e.text.utf8.elementsEqual(prefixBytes) { scratch[j].score = -.infinity; continue }
                p += wt.learnedWord * Double(e.count + 2 * e.userWeight) / total
                if let pair { p += wt.learnedPair * Double(overlay.pairCount(o1, oi)) / Double(pair.total) }
                if let triple { p += wt.learnedTriple * Double(overlay.tripleCount(o2, o1, oi)) / Double(triple.total) }
            }
            scratch[j].score = p > 0 ? log(p / norm) : -.infinity
        }
        scratch.sort { $0.score > $1.score }
        for c in scratch where c.score > -.infinity {
            let text = c.modelID >= 0 ? model.text(c.modelID) : overlay.entry(c.overlayIndex).text
            result.append(WordCandidate(text: text, score: c.score, source: c.source, isProperNoun: c.isProperNoun))
            if result.count == limit { break }
        }
    }

    /// The model's `k` best words in `range`, best first (cached).
    private func modelBestWords(in range: Range<Int>, k: Int) -> [Int32] {
        let query = RangeQuery(lower: Int32(range.lowerBound), upper: Int32(range.upperBound), k: Int32(k))
        if let cached = modelBest[query] { return cached }
        var found: [Int32] = []
        found.reserveCapacity(k)
        model.tree.best(in: range, k: k, heap: &heap, accept: { _ in true }, into: &found)
        if modelBest.count >= Self.modelBestLimit { modelBest.removeAll(keepingCapacity: true) }
        modelBest[query] = found
        return found
    }

    private func addModel(_ id: Int32, _ source: WordCandidate.Source) {
        for c in scratch where c.modelID == id { return }
        scratch.append(Candidate(modelID: id, overlayIndex: overlay.index(ofModelWord: id) ?? -1, score: 0, source: source,
                                 isProperNoun: model.flags(id).contains(.properNoun)))
    }

    private func addOverlay(_ i: Int32, _ source: WordCandidate.Source) {
        let e = overlay.entry(i)
        if e.modelID >= 0 { addModel(e.modelID, source); return }
        for c in scratch where c.overlayIndex == i { return }
        scratch.append(Candidate(modelID: -1, overlayIndex: i, score: 0, source: e.userWeight > 0 ? .user : .learned,
                                 isProperNoun: e.isProperNoun))
    }

    /// Adds the first successors in `list` (most frequent first) whose key starts with `key`.
    private func addLearned(_ list: [Int32], _ key: String, _ source: WordCandidate.Source) {
        var added = 0, scanned = 0
        for i in list {
            scanned += 1
            if scanned > 16 * breadth { break }
            if !key.isEmpty && !overlay.entry(i).key.hasPrefix(key) { continue }
            addOverlay(i, source)
            added += 1
            if added >= breadth { break }
        }
    }

    private func setContext(_ previous: [Substring]) {
        let words = previous.suffix(2)
        if words.count == contextWords.count && zip(words, contextWords).allSatisfy({ $0 == $1 })
            && contextOverlayCount == overlay.wordCount { return }
        contextWords = words.map(String.init)
        contextIDs = contextWords.map { model.lookup($0) ?? -1 }
        contextOverlay = contextWords.map { overlay.contextIndex($0) ?? -1 }
        contextOverlayCount = overlay.wordCount
    }
}

@available(*, unavailable)
extension Predictor: Sendable {}
