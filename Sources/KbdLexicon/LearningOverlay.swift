import KbdText

/// What one session learned and what the user's dictionary adds, in memory, on top of a
/// read-only `LanguageModel`.
///
/// Holds user words (with weights), learned word, pair and triple counts, and blocked words.
/// Every word gets a stable index; an index array sorted by search key makes completion a
/// binary search plus a max-tree walk (O(k log n)) however many words there are, and pair and
/// triple counts are integer-keyed hash lookups. About 60 bytes a word (1M user words ≈ 60 MB).
///
/// The store's seam: bulk `load(userWords:learned:blocked:)`, incremental `addUserWord`,
/// `removeUserWord`, `forget`, `block`/`unblock`, and the `LearningEvent`s of `learn`, observed
/// through `onEvent` or collected with `drainEvents()`.
///
/// Not thread-safe: one per session, used from the session's thread.
public final class LearningOverlay {
    typealias Index = Int32

    struct Entry {
        var key: String
        var text: String
        /// Learned commits.
        var count: Float
        /// User-dictionary weight; 0 when not a user word.
        var userWeight: Float
        /// The model's id of the same spelling, or -1.
        var modelID: Int32
        var isProperNoun: Bool
        var isBlocked: Bool

        /// The weight completion ranks by.
        var rank: Float { isBlocked ? -.infinity : count + 2 * userWeight }
    }

    struct PairKey: Hashable { var first: Index; var second: Index }
    struct TripleKey: Hashable { var first: Index; var second: Index; var third: Index }

    /// A learned context's successors, most frequent first, and their total count.
    struct Successors {
        var words: [Index] = []
        var total: Float = 0
    }

    /// The model whose words the overlay refers to (by id), if any.
    public let model: LanguageModel?
    private(set) var entries: [Entry] = []
    /// Entry indices ordered by (key, text).
    private var order: [Index] = []
    /// Position of each entry in `order` (for tree updates); -1 for entries in `delta`.
    private var position: [Index] = []
    /// Entries added since `order` was last rebuilt (new words), merged in when there are
    /// `deltaLimit` of them, so that learning a new word does not re-sort a large overlay.
    private var delta: [Index] = []
    private let deltaLimit = 128
    private var byModelID: [Int32: Index] = [:]
    private var tree = MaxTree([Float]())
    private var treeIsStale = false
    private var pairCounts: [PairKey: Float] = [:]
    private var tripleCounts: [TripleKey: Float] = [:]
    private var pairSuccessors: [Index: Successors] = [:]
    private var tripleSuccessors: [PairKey: Successors] = [:]
    /// Lower-cased blocked spellings.
    private var blocked: Set<String> = []
    private(set) var blockedModelIDs: Set<Int32> = []
    /// Sum of learned word counts.
    private(set) var totalCount: Float = 0
    /// Sum of user-word weights.
    private(set) var totalUserWeight: Float = 0
    private var pending: [LearningEvent] = []
    private var heap: [(Float, Int32)] = []

    /// Called with every learning event as it happens (in addition to `drainEvents()`).
    public var onEvent: ((LearningEvent) -> Void)?
    /// Whether events are queued for `drainEvents()` (default true).
    public var queuesEvents = true
    /// How many times an unknown word must be committed before it is suggested.
    public var unknownWordThreshold: Float = 2

    public init(model: LanguageModel?) {
        self.model = model
    }

    /// Number of words (user and learned).
    public var wordCount: Int { entries.count }
    /// The denominator of the learned-word distribution.
    var totalRank: Float { totalCount + 2 * totalUserWeight }

    // MARK: Bulk and incremental loading (the store's seam)

    /// Takes over what `other` holds (words, counts, blocked words), leaving this overlay's
    /// settings and observers as they are: an overlay loaded on another thread (a large user
    /// dictionary) is swapped in at once on the session's thread. `other` is emptied.
    public func adopt(_ other: LearningOverlay) {
        swap(&entries, &other.entries)
        swap(&order, &other.order)
        swap(&position, &other.position)
        swap(&delta, &other.delta)
        swap(&byModelID, &other.byModelID)
        swap(&tree, &other.tree)
        swap(&treeIsStale, &other.treeIsStale)
        swap(&pairCounts, &other.pairCounts)
        swap(&tripleCounts, &other.tripleCounts)
        swap(&pairSuccessors, &other.pairSuccessors)
        swap(&tripleSuccessors, &other.tripleSuccessors)
        swap(&blocked, &other.blocked)
        swap(&blockedModelIDs, &other.blockedModelIDs)
        swap(&totalCount, &other.totalCount)
        swap(&totalUserWeight, &other.totalUserWeight)
        other.load()
    }

    /// Replaces the overlay's contents: user words, learned words, pairs (two words) and
    /// triples (three), blocked words. Sorts once: O(n log n) for n words.
    public func load(userWords: [UserWord] = [], learned: [LearnedCount] = [], blocked: [String] = []) {
        entries.removeAll(keepingCapacity: true)
        order.removeAll(keepingCapacity: true)
        position.removeAll(keepingCapacity: true)
        delta.removeAll(keepingCapacity: true)
        byModelID.removeAll()
        pairCounts.removeAll(); tripleCounts.removeAll(); pairSuccessors.removeAll(); tripleSuccessors.removeAll()
        totalCount = 0
        totalUserWeight = 0
        self.blocked.removeAll()
        blockedModelIDs.removeAll()
        var byText: [String: Index] = [:]
        func slot(_ raw: String) -> Index {
            let text = canonical(raw, using: byText)
            if let i = byText[text] { return i }
            append(makeEntry(text))
            byText[text] = Index(entries.count - 1)
            return Index(entries.count - 1)
        }
        for u in userWords where !u.text.isEmpty {
            let i = Int(slot(u.text))
            let w = max(entries[i].userWeight, Float(u.weight))
            totalUserWeight += w - entries[i].userWeight
            entries[i].userWeight = w
        }
        for l in learned where !l.words.isEmpty && l.words.allSatisfy({ !$0.isEmpty }) {
            let ids = l.words.map(slot)
            let c = Float(l.count)
            switch ids.count {
            case 1: entries[Int(ids[0])].count += c; totalCount += c
            case 2: addPair(ids[0], ids[1], c)
            case 3: addTriple(ids[0], ids[1], ids[2], c)
            default: break
            }
        }
        order = (0..<Index(entries.count)).sorted { less(entries[Int($0)], entries[Int($1)]) }
        treeIsStale = true
        for b in blocked { block(b) }
    }

    /// Adds a user word, or sets its weight.
    public func addUserWord(_ word: UserWord) {
        let i = Int(findOrInsert(canonical(word.text)))
        totalUserWeight += Float(word.weight) - entries[i].userWeight
        entries[i].userWeight = Float(word.weight)
        updateRank(i)
    }

    /// Removes a user word's weight; with `forget`, also what was learned about it.
    public func removeUserWord(_ text: String, forget: Bool = false) {
        guard let i = find(canonical(text)) else { return }
        totalUserWeight -= entries[Int(i)].userWeight
        entries[Int(i)].userWeight = 0
        if forget { self.forget(text) }
        updateRank(Int(i))
    }

    /// Forgets what was learned about `text`: its count and the pairs and triples it is in.
    public func forget(_ text: String) {
        guard let i = find(canonical(text)) else { return }
        totalCount -= entries[Int(i)].count
        entries[Int(i)].count = 0
        pairCounts = pairCounts.filter { $0.key.first != i && $0.key.second != i }
        tripleCounts = tripleCounts.filter { $0.key.first != i && $0.key.second != i && $0.key.third != i }
        pairSuccessors[i] = nil
        for (k, var s) in pairSuccessors where s.words.contains(i) {
            s.words.removeAll { $0 == i }
            s.total = s.words.reduce(0) { $0 + (pairCounts[PairKey(first: k, second: $1)] ?? 0) }
            pairSuccessors[k] = s
        }
        for (k, var s) in tripleSuccessors {
            if k.first == i || k.second == i { tripleSuccessors[k] = nil; continue }
            if s.words.contains(i) {
                s.words.removeAll { $0 == i }
                s.total = s.words.reduce(0) { $0 + (tripleCounts[TripleKey(first: k.first, second: k.second, third: $1)] ?? 0) }
                tripleSuccessors[k] = s
            }
        }
        updateRank(Int(i))
    }

    /// Never suggest `text` (any case) again until `unblock`.
    public func block(_ text: String) {
        let lower = CaseMapping.lowercased(Normalization.nfc(text))
        blocked.insert(lower)
        setBlocked(lower, true)
    }

    public func unblock(_ text: String) {
        let lower = CaseMapping.lowercased(Normalization.nfc(text))
        blocked.remove(lower)
        setBlocked(lower, false)
    }

    private func setBlocked(_ lower: String, _ on: Bool) {
        let key = Normalization.searchKey(lower)
        if let model {
            var k = key
            let r = k.withUTF8 { model.range(exactKey: $0) }
            for id in r where CaseMapping.lowercased(model.text(Int32(id))) == lower {
                if on { blockedModelIDs.insert(Int32(id)) } else { blockedModelIDs.remove(Int32(id)) }
            }
        }
        for i in exactMatches(key) where CaseMapping.lowercased(entries[Int(i)].text) == lower {
            entries[Int(i)].isBlocked = on
            updateRank(Int(i))
        }
    }

    /// Whether `text` is blocked (any case).
    public func isBlocked(_ text: some StringProtocol) -> Bool {
        !blocked.isEmpty && blocked.contains(CaseMapping.lowercased(String(text)))
    }

    /// The events since the last call, oldest first.
    public func drainEvents() -> [LearningEvent] {
        defer { pending.removeAll() }
        return pending
    }

    // MARK: Learning

    /// Records that `word` was committed after `previousWords` (nearest last): the word, its
    /// pair with the previous word and its triple with the previous two gain weight.
    /// Returns the spelling it was filed under.
    @discardableResult
    public func learn(_ word: some StringProtocol, previousWords: [Substring] = []) -> String {
        let text = canonical(String(word), typed: true)
        if text.isEmpty { return text }
        let i = findOrInsert(text)
        entries[Int(i)].count += 1
        totalCount += 1
        updateRank(Int(i))
        emit(.word(text, count: Int(entries[Int(i)].count)))
        if let p1 = previousWords.last, !p1.isEmpty {
            let w1 = findOrInsert(canonical(String(p1)))
            let c = addPair(w1, i, 1)
            emit(.pair(entries[Int(w1)].text, text, count: Int(c)))
            if previousWords.count >= 2, case let p2 = previousWords[previousWords.count - 2], !p2.isEmpty {
                let w2 = findOrInsert(canonical(String(p2)))
                addTriple(w2, w1, i, 1)
            }
        }
        return text
    }

    @discardableResult
    private func addPair(_ a: Index, _ b: Index, _ count: Float) -> Float {
        let key = PairKey(first: a, second: b)
        let c = (pairCounts[key] ?? 0) + count
        pairCounts[key] = c
        Self.promote(&pairSuccessors[a, default: Successors()], b, count) { pairCounts[PairKey(first: a, second: $0)] ?? 0 }
        return c
    }

    private func addTriple(_ a: Index, _ b: Index, _ c: Index, _ count: Float) {
        let key = TripleKey(first: a, second: b, third: c)
        tripleCounts[key, default: 0] += count
        Self.promote(&tripleSuccessors[PairKey(first: a, second: b), default: Successors()], c, count) {
            tripleCounts[TripleKey(first: a, second: b, third: $0)] ?? 0
        }
    }

    /// Keeps `list` in falling count order after `word`'s count rose by `count`.
    private static func promote(_ list: inout Successors, _ word: Index, _ count: Float, _ countOf: (Index) -> Float) {
        list.total += count
        var j: Int
        if let found = list.words.firstIndex(of: word) { j = found } else { list.words.append(word); j = list.words.count - 1 }
        let c = countOf(word)
        while j > 0 && countOf(list.words[j - 1]) < c { list.words.swapAt(j - 1, j); j -= 1 }
    }

    private func emit(_ e: LearningEvent) {
        if queuesEvents { pending.append(e) }
        onEvent?(e)
    }

    // MARK: Words

    private func less(_ a: Entry, _ b: Entry) -> Bool {
        a.key < b.key || (a.key == b.key && a.text < b.text)
    }

    private func makeEntry(_ text: String) -> Entry {
        let id = model?.exactID(text) ?? -1
        return Entry(key: Normalization.searchKey(text), text: text, count: 0, userWeight: 0, modelID: id,
                     isProperNoun: CaseMapping.lowercased(text) != text,
                     isBlocked: !blocked.isEmpty && blocked.contains(CaseMapping.lowercased(text)))
    }

    private func append(_ e: Entry) {
        if e.modelID >= 0 { byModelID[e.modelID] = Index(entries.count) }
        entries.append(e)
        position.append(-1)
    }

    /// Indices of the entries whose key is exactly `key` (sorted part, then delta).
    private func exactMatches(_ key: String) -> [Index] {
        var out = keyRange(key, exact: true).map { order[$0] }
        for i in delta where entries[Int(i)].key == key { out.append(i) }
        return out
    }

    /// The spelling the overlay files `raw` under: the model's spelling when the model knows the
    /// word in any case (`The` → the, `london` → London), else a known overlay spelling in any
    /// case, else `raw` in NFC. With `typed`, a word typed all in lower case replaces a
    /// capitalised overlay spelling (a word first met at a sentence start).
    func canonical(_ raw: String, typed: Bool = false) -> String {
        let text = Normalization.nfc(raw)
        if let model, let id = model.lookup(text) {
            let t = model.text(id)
            if t == text || CaseMapping.lowercased(t) == CaseMapping.lowercased(text) { return t }
        }
        let lower = CaseMapping.lowercased(text)
        for ii in exactMatches(Normalization.searchKey(text)) {
            let i = Int(ii)
            if entries[i].text == text { return text }
            if CaseMapping.lowercased(entries[i].text) == lower {
                if typed && text == lower && entries[i].modelID < 0 {
                    entries[i].text = text
                    entries[i].isProperNoun = false
                    return text
                }
                return entries[i].text
            }
        }
        return text
    }

    private func canonical(_ raw: String, using byText: [String: Index]) -> String {
        let text = Normalization.nfc(raw)
        if byText[text] != nil { return text }
        if let model, let id = model.lookup(text) {
            let t = model.text(id)
            if t == text || CaseMapping.lowercased(t) == CaseMapping.lowercased(text) { return t }
        }
        return text
    }

    /// The index of the entry spelled `text`, O(log n).
    func find(_ text: String) -> Index? {
        for p in keyRange(Normalization.searchKey(text), exact: true) where entries[Int(order[p])].text == text {
            return order[p]
        }
        for i in delta where entries[Int(i)].text == text { return i }
        return nil
    }

    /// The overlay index of model word `id`, if the overlay has it.
    @inline(__always)
    func index(ofModelWord id: Int32) -> Index? { byModelID.isEmpty ? nil : byModelID[id] }

    private func findOrInsert(_ text: String) -> Index {
        if let i = find(text) { return i }
        append(makeEntry(text))
        let i = Index(entries.count - 1)
        delta.append(i)
        if delta.count >= deltaLimit { mergeDelta() }
        return i
    }

    /// Merges `delta` into `order`: O(n), once per `deltaLimit` new words.
    private func mergeDelta() {
        delta.sort { less(entries[Int($0)], entries[Int($1)]) }
        var merged: [Index] = []
        merged.reserveCapacity(order.count + delta.count)
        var a = 0, b = 0
        while a < order.count || b < delta.count {
            if b == delta.count || (a < order.count && less(entries[Int(order[a])], entries[Int(delta[b])])) {
                merged.append(order[a]); a += 1
            } else {
                merged.append(delta[b]); b += 1
            }
        }
        order = merged
        delta.removeAll(keepingCapacity: true)
        treeIsStale = true
    }

    private func updateRank(_ i: Int) {
        guard !treeIsStale, position[i] >= 0 else { return }
        tree.update(Int(position[i]), entries[i].rank)
    }

    private func rebuildTree() {
        position = [Index](repeating: -1, count: entries.count)
        for (p, i) in order.enumerated() { position[Int(i)] = Index(p) }
        tree = MaxTree(order.lazy.map { self.entries[Int($0)].rank })
        treeIsStale = false
    }

    /// Positions in `order` whose key starts with (or, `exact`, equals) `key`.
    func keyRange(_ key: String, exact: Bool = false) -> Range<Int> {
        var lo = 0, hi = order.count
        while lo < hi { let mid = (lo + hi) >> 1; if entries[Int(order[mid])].key < key { lo = mid + 1 } else { hi = mid } }
        var end = lo
        if exact {
            while end < order.count && entries[Int(order[end])].key == key { end += 1 }
        } else {
            hi = order.count
            var l = lo
            while l < hi {
                let mid = (l + hi) >> 1
                let k = entries[Int(order[mid])].key
                if k.hasPrefix(key) || k < key { l = mid + 1 } else { hi = mid }
            }
            end = l
        }
        return lo..<end
    }

    // MARK: Queries (for Predictor)

    /// Appends the indices of the best `k` suggestible entries whose key starts with `key`.
    func best(prefixKey key: String, k: Int, into out: inout [Int32]) {
        if entries.isEmpty { return }
        if treeIsStale { rebuildTree() }
        let r = order.isEmpty ? 0..<0 : (key.isEmpty ? 0..<order.count : keyRange(key))
        let threshold = unknownWordThreshold
        let start = out.count
        tree.best(in: r, k: k, heap: &heap, accept: { p in
            let e = self.entries[Int(self.order[p])]
            return e.userWeight > 0 || e.modelID >= 0 || e.count >= threshold
        }, into: &out)
        for j in start..<out.count { out[j] = order[Int(out[j])] }
        // new words not yet merged: the best k of those matching
        var fromDelta = 0
        for i in delta {
            let e = entries[Int(i)]
            guard !e.isBlocked, e.userWeight > 0 || e.modelID >= 0 || e.count >= threshold,
                  key.isEmpty || e.key.hasPrefix(key) else { continue }
            out.append(i)
            fromDelta += 1
            if fromDelta >= k { break }
        }
    }

    @inline(__always)
    func entry(_ i: Index) -> Entry { entries[Int(i)] }

    @inline(__always)
    func isSuggestible(_ i: Index) -> Bool {
        let e = entries[Int(i)]
        return !e.isBlocked && (e.userWeight > 0 || e.modelID >= 0 || e.count >= unknownWordThreshold)
    }

    func successors(of w1: Index) -> Successors? { pairSuccessors[w1] }

    func successors(of w2: Index, _ w1: Index) -> Successors? { tripleSuccessors[PairKey(first: w2, second: w1)] }

    @inline(__always)
    func pairCount(_ a: Index, _ b: Index) -> Float { pairCounts[PairKey(first: a, second: b)] ?? 0 }

    @inline(__always)
    func tripleCount(_ a: Index, _ b: Index, _ c: Index) -> Float { tripleCounts[TripleKey(first: a, second: b, third: c)] ?? 0 }

    /// The overlay index for a context word as typed, if the overlay has it.
    func contextIndex(_ word: String) -> Index? { find(canonical(word)) }
}

@available(*, unavailable)
extension LearningOverlay: Sendable {}
