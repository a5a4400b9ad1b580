#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import KbdText

/// Spelling correction for one session: the words of the lexicon and the user's words that the
/// typed word could be a slip for, ranked by a noisy channel — the language model in context
/// (the previous word) times the keyboard error model — and the decision whether to replace the
/// typed word when it ends.
///
/// Candidates come from a symmetric-delete index (`DeleteIndex`, stored in the model) for model
/// words and a small in-memory one for the overlay's words; each is scored with the weighted edit
/// distance of `ErrorModel`. A typed word the lexicon or the user knows is never corrected,
/// except to the contraction it spells without its apostrophe when that is far more likely
/// (`dont` → don't, but not `its` or `well`). Blocked words are never offered.
///
/// Not thread-safe: one per session, called on the session's thread. A correction takes a few
/// microseconds; the last one is cached, so the bar and the word end share it.
public final class Corrector {
    /// How sure the corrector must be before replacing a word on its own.
    public struct Policy: Sendable, Equatable {
        /// Log-probability (nats) of the typed word being meant though the lexicon lacks it.
        public var keepLogProb: Double
        /// What the best correction must beat keeping the typed word by (nats).
        public var margin: Double
        /// What a contraction must beat the known word it spells without apostrophe by (nats).
        public var contractionMargin: Double
        /// The most the error model may charge for an automatic correction (nats).
        public var maxCost: Float

        public init(keepLogProb: Double, margin: Double, contractionMargin: Double, maxCost: Float) {
            self.keepLogProb = keepLogProb
            self.margin = margin
            self.contractionMargin = contractionMargin
            self.maxCost = maxCost
        }

        /// The default: corrects clear slips, leaves rare or odd words.
        public static let modest = Policy(keepLogProb: -19.5, margin: 0, contractionMargin: 3.4, maxCost: 8.5)
        /// Corrects more, at the price of changing more unusual words.
        public static let aggressive = Policy(keepLogProb: -17.5, margin: 0, contractionMargin: 2.5, maxCost: 10)
    }

    /// A correction: a word in its canonical spelling (the caller applies the typed case).
    public struct Correction: Sendable, Equatable {
        public var text: String
        /// Natural log of P(word | previous word) − error cost: higher is better.
        public var score: Double
        /// The error model's cost of the typed word for this one (nats).
        public var cost: Float
        /// The spelling has capitals to keep (`I'm`, `London`).
        public var isProperNoun: Bool
        /// The language model's log-probability of the word in context.
        public var logProb: Double
        /// The word's log-probability out of context.
        public var unigramLogProb: Double
    }

    public let model: LanguageModel
    public let overlay: LearningOverlay
    public var errorModel: ErrorModel
    /// Weight of the language model against the error model.
    public var languageWeight: Double = 0.5
    /// Candidates costlier than this are not considered at all (nats).
    public var searchLimit: Float = 10

    private let index: DeleteIndex
    private var stamp: [UInt32]
    private var generation: UInt32 = 0
    private var typedKey: [UInt8] = []
    private var found: [(id: Int32, overlay: Int32, cost: Float)] = []
    // overlay words the model lacks, by hash of themselves and their deletions
    private var overlayIndex: [UInt32: [Int32]] = [:]
    private var overlayIndexed = 0
    private var overlayStamp: [UInt32] = []
    // the previous word's id, cached
    private var previousWord = ""
    private var previousID: Int32 = -1
    // the last query, cached
    private var cacheKey = ""
    private var cachePrevious = ""
    private var cacheList: [Correction] = []

    public init(model: LanguageModel, overlay: LearningOverlay, errorModel: ErrorModel = ErrorModel()) {
        self.model = model
        self.overlay = overlay
        self.errorModel = errorModel
        self.index = model.storedDeleteIndex ?? DeleteIndex(model: model)
        self.stamp = [UInt32](repeating: 0, count: model.wordCount)
    }

    // MARK: Queries

    /// Whether the user's dictionary, what was learned, or the model knows `word` (any case):
    /// such a word is only ever corrected to a contraction.
    public func isKnown(_ word: some StringProtocol) -> Bool {
        if let i = overlay.find(overlay.canonical(String(word))) {
            let e = overlay.entry(i)
            if e.userWeight > 0 || overlay.isSuggestible(i) { return true }
        }
        if model.lookup(word) != nil { return true }
        // a possessive or contraction of a known word (`Darcy's`, `uncle's`)
        if word.hasSuffix("'s") || word.hasSuffix("’s") {
            let base = word.dropLast(2)
            return !base.isEmpty && isKnown(base)
        }
        return false
    }

    /// Writes into `result` (replacing it) up to `limit` corrections of `word`, best first, in
    /// the context of `previousWords` (nearest last). The typed word itself is not among them;
    /// blocked words never are. For a known word only contractions are returned.
    public func corrections(for word: some StringProtocol, previousWords: [Substring], limit: Int, into result: inout [Correction]) {
        result.removeAll(keepingCapacity: true)
        guard limit > 0 else { return }
        let list = ranked(String(word), previous: previousWords.last.map(String.init) ?? "")
        result.append(contentsOf: list.prefix(limit))
    }

    /// The word to put in place of `word` when it ends, by `policy`, or nil to leave it.
    public func autocorrection(for word: some StringProtocol, previousWords: [Substring], policy: Policy = .modest) -> Correction? {
        let typed = String(word)
        let list = ranked(typed, previous: previousWords.last.map(String.init) ?? "")
        guard let best = list.first, best.cost <= policy.maxCost + longWordAllowance(typed.utf8.count) else { return nil }
        if isKnown(typed) {
            // only a contraction, far more likely than the word typed (out of context: the pair
            // lists split contractions, so they know `we cant` but not `we can't`)
            return best.unigramLogProb - unigramLogProb(typed) >= policy.contractionMargin ? best : nil
        }
        return best.score - policy.keepLogProb >= policy.margin ? best : nil
    }

    /// The ranked corrections of `typed` after `previous`, cached for the last query.
    private func ranked(_ typed: String, previous: String) -> [Correction] {
        if typed == cacheKey && previous == cachePrevious && overlayIndexed == overlay.wordCount { return cacheList }
        setPrevious(previous)
        syncOverlayIndex()
        cacheKey = typed
        cachePrevious = previous
        cacheList.removeAll(keepingCapacity: true)
        var key = Normalization.searchKey(typed)
        let known = isKnown(typed)
        key.withUTF8 { collect($0, knownWord: known) }
        if found.isEmpty { return cacheList }
        let blocked = overlay.blockedModelIDs
        for f in found {
            let text: String, lp: Double, proper: Bool, uni: Double
            if f.id >= 0 {
                uni = Double(model.logProbability(f.id))
                if !blocked.isEmpty && blocked.contains(f.id) { continue }
                text = model.text(f.id)
                if let o = overlay.index(ofModelWord: f.id), overlay.entry(o).isBlocked { continue }
                lp = modelLogProb(f.id)
                proper = model.flags(f.id).contains(.properNoun)
            } else {
                let e = overlay.entry(f.overlay)
                guard overlay.isSuggestible(f.overlay) else { continue }
                text = e.text
                lp = overlayLogProb(e)
                uni = lp
                proper = e.isProperNoun
            }
            if text == typed { continue }
            var cost = f.cost
            if cost == 0 { cost = errorModel.costs.accentOnly }  // same key, other spelling (cafe → café)
            if overlay.isBlocked(text) { continue }
            cacheList.append(Correction(text: text, score: languageWeight * lp - Double(cost), cost: cost,
                                        isProperNoun: proper, logProb: lp, unigramLogProb: uni))
        }
        cacheList.sort { $0.score > $1.score }
        if cacheList.count > 8 { cacheList.removeLast(cacheList.count - 8) }
        return cacheList
    }

    /// Fills `found` with the model and overlay words within `searchLimit` of `key`.
    private func collect(_ key: UnsafeBufferPointer<UInt8>, knownWord: Bool) {
        found.removeAll(keepingCapacity: true)
        guard !key.isEmpty, key.count <= ErrorModel.maxLength else { return }
        generation &+= 1
        if generation == 0 {
            for i in stamp.indices { stamp[i] = 0 }
            for i in overlayStamp.indices { overlayStamp[i] = 0 }
            generation = 1
        }
        let n = key.count
        let limit = searchLimit + longWordAllowance(n)
        let em = errorModel  // one copy, not one per candidate
        let consider: (Int32) -> Void = { [self] id in
            let i = Int(id)
            guard i >= 0, i < stamp.count, stamp[i] != generation else { return }
            stamp[i] = generation
            let w = model.keyBytes(i)
            if knownWord {
                // a known word: only its contractions (the same letters with an apostrophe)
                guard w.count == n + 1 || w.count == n + 2, w.contains(UInt8(ascii: "'")),
                      w.lazy.filter({ $0 != UInt8(ascii: "'") }).elementsEqual(key) else { return }
                let c = em.cost(typed: key, intended: w, limit: limit)
                if c.isFinite { found.append((id, -1, c)) }
                return
            } else if abs(w.count - n) > 3 {
                return
            }
            let c = em.cost(typed: key, intended: w, limit: limit)
            if c.isFinite { found.append((id, -1, c)) }
        }
        let considerOverlay: (Int32) -> Void = { [self] i in
            let o = Int(i)
            guard o < overlayStamp.count, overlayStamp[o] != generation else { return }
            overlayStamp[o] = generation
            let e = overlay.entry(i)
            guard e.modelID < 0 else { return }
            var k = e.key
            let c = k.withUTF8 { em.cost(typed: key, intended: $0, limit: limit) }
            if c.isFinite { found.append((-1, i, c)) }
        }
        func lookup(_ h: UInt32) {
            index.forEachWord(hash: h, consider)
            if !overlayIndex.isEmpty, let list = overlayIndex[h] { for i in list { considerOverlay(i) } }
        }
        lookup(DeleteIndex.hash(key, skipping: -1, -1))
        if knownWord { return }
        for i in 0..<n {
            if i > 0 && key[i] == key[i - 1] { continue }
            lookup(DeleteIndex.hash(key, skipping: i, -1))
        }
        // Two edits only when one does not give a likely word.
        if n >= 3 && bestCost() > oneEditEnough {
            for i in 0..<n {
                for j in (i + 1)..<n {
                    lookup(DeleteIndex.hash(key, skipping: i, j))
                }
            }
        }
        // Longer misspellings stray further: scan the words that start as the typed word does.
        if n >= 6 && bestCost() > twoEditsEnough {
            scanPrefix(key, limit: limit, consider)
        }
    }

    /// Cost under which a one-edit candidate ends the search.
    public var oneEditEnough: Float = 3.1
    /// Cost under which the prefix scan is skipped.
    public var twoEditsEnough: Float = 6.0

    /// What a word longer than `longWordLength` bytes may cost more per extra byte (nats): a
    /// long word holds more slips, and is rarely mistaken for another.
    public var longWordAllowancePerByte: Float = 0.8
    /// The length (bytes) from which `longWordAllowancePerByte` counts.
    public var longWordLength = 8

    private func longWordAllowance(_ bytes: Int) -> Float {
        Float(max(0, bytes - longWordLength)) * longWordAllowancePerByte
    }

    private func bestCost() -> Float {
        var best = Float.infinity
        for f in found where f.cost < best { best = f.cost }
        return best
    }

    /// Offers every model word that shares the first two bytes of `key` and is within three
    /// bytes of its length (a few hundred words; only for long words the index misses).
    private func scanPrefix(_ key: UnsafeBufferPointer<UInt8>, limit: Float, _ consider: (Int32) -> Void) {
        let head = UnsafeBufferPointer(rebasing: key[0..<2])
        for id in model.range(prefixKey: head) {
            let len = model.keyBytes(id).count
            if abs(len - key.count) <= 3 { consider(Int32(id)) }
        }
    }

    // MARK: Language model

    private func setPrevious(_ word: String) {
        if word == previousWord { return }
        previousWord = word
        previousID = word.isEmpty ? -1 : (model.lookup(word) ?? -1)
    }

    /// ln P(word | previous), interpolated as the predictor does (model pairs and words).
    private func modelLogProb(_ id: Int32) -> Double {
        let unigram = Double(exp(model.logProbability(id)))
        let w1 = previousID
        if w1 >= 0 && !model.successorRange(Int(w1)).isEmpty {
            if let lp = model.bigramLogProbability(w1, id) {
                return log((0.6 * Double(exp(lp)) + 0.2 * unigram) / 0.8)
            }
            return log(0.2 * 0.2 * unigram / 0.8)
        }
        return log(unigram)
    }

    private func overlayLogProb(_ e: LearningOverlay.Entry) -> Double {
        let total = Double(max(overlay.totalRank, 1))
        return log(max(Double(e.rank), 1) / total) + log(0.05)
    }

    private func unigramLogProb(_ word: String) -> Double {
        if let id = model.lookup(word) { return Double(model.logProbability(id)) }
        if let i = overlay.find(overlay.canonical(word)) { return overlayLogProb(overlay.entry(i)) }
        return -30
    }

    // MARK: The overlay's words

    private func syncOverlayIndex() {
        let count = overlay.wordCount
        if count < overlayIndexed {
            overlayIndex.removeAll()
            overlayIndexed = 0
        }
        guard count > overlayIndexed else { return }
        if overlayStamp.count < count { overlayStamp.append(contentsOf: repeatElement(0, count: count - overlayStamp.count)) }
        // A bounded slice per call: a big dictionary arriving at once is indexed over the next
        // keys instead of stalling one of them (its words are protected from correction at once;
        // they become correction candidates as they are indexed).
        let end = min(count, overlayIndexed + Self.indexedPerCall)
        for i in overlayIndexed..<end {
            let e = overlay.entry(Int32(i))
            guard e.modelID < 0 else { continue }
            var key = e.key
            key.withUTF8 { k in
                var hashes: [UInt32] = [DeleteIndex.hash(k, skipping: -1, -1)]
                if k.count <= DeleteIndex.maxKeyLength {
                    for j in 0..<k.count { hashes.append(DeleteIndex.hash(k, skipping: j, -1)) }
                }
                for h in Set(hashes) { overlayIndex[h, default: []].append(Int32(i)) }
            }
        }
        overlayIndexed = end
        cacheKey = ""
    }

    /// How many new overlay words one call indexes at most (about 1 ms of work).
    static let indexedPerCall = 2_000
}

@available(*, unavailable)
extension Corrector: Sendable {}
