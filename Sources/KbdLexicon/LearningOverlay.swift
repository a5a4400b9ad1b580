import KbdText

/// What one session learned and what the user's dictionary adds, in memory, on top of a
/// read-only `LanguageModel`.
///
/// Holds user words (with weights), learned word and pair counts, and blocked words. Words
/// are kept sorted by search key, so completion of a prefix is a binary search plus a max-tree
/// walk (O(k log n)) whatever the number of words. Persisting it is the store's job: load with
/// `load(userWords:learned:blocked:)`, follow changes with `onEvent` or `drainEvents()`.
///
/// Not thread-safe: one per session, used from the session's thread.
public final class LearningOverlay {
    /// A word the overlay knows.
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

        /// The weight completion ranks by.
        var rank: Float { count + 2 * userWeight }
    }

    /// A successor learned after a word (or a pair of words).
    struct Successor {
        var text: String
        var key: String
        var count: Float
    }

    let model: LanguageModel?
    private(set) var entries: [Entry] = []
    private var tree = MaxTree([Float]())
    private var treeIsStale = false
    /// Learned successors by predecessor spelling.
    private(set) var pairs: [String: [Successor]] = [:]
    /// Learned successors by the two previous spellings, "w2\u{1F}w1".
    private(set) var triples: [String: [Successor]] = [:]
    private var pairTotals: [String: Float] = [:]
    private var tripleTotals: [String: Float] = [:]
    /// Lower-cased blocked spellings.
    private var blocked: Set<String> = []
    /// Sum of learned word counts.
    private(set) var totalCount: Float = 0
    /// Sum of user-word weights.
    private(set) var totalUserWeight: Float = 0
    /// The denominator of the learned-word distribution.
    var totalRank: Float { totalCount + 2 * totalUserWeight }
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

    // MARK: Bulk and incremental loading (the store's seam)

    /// Replaces the overlay's contents: user words, learned words and pairs, blocked words.
    /// Sorts once: O(n log n) for n words.
    public func load(userWords: [UserWord] = [], learned: [LearnedCount] = [], blocked: [String] = []) {
        entries.removeAll(keepingCapacity: true)
        pairs.removeAll(); triples.removeAll(); pairTotals.removeAll(); tripleTotals.removeAll()
        totalCount = 0
        totalUserWeight = 0
        self.blocked = Set(blocked.map { CaseMapping.lowercased(Normalization.nfc($0)) })
        var byText: [String: Int] = [:]
        func slot(_ text: String) -> Int {
            if let i = byText[text] { return i }
            entries.append(makeEntry(text))
            byText[text] = entries.count - 1
            return entries.count - 1
        }
        for u in userWords where !u.text.isEmpty {
            let i = slot(canonical(u.text))
            let w = max(entries[i].userWeight, Float(u.weight))
            totalUserWeight += w - entries[i].userWeight
            entries[i].userWeight = w
        }
        for l in learned where l.words.count == 1 && !l.words[0].isEmpty {
            let i = slot(canonical(l.words[0]))
            entries[i].count += Float(l.count)
            totalCount += Float(l.count)
        }
        byText = [:]
        entries.sort { $0.key < $1.key || ($0.key == $1.key && $0.text < $1.text) }
        treeIsStale = true
        for l in learned where l.words.count == 2 {
            addPair(canonical(l.words[0]), canonical(l.words[1]), Float(l.count))
        }
    }

    /// Adds a user word (or raises its weight).
    public func addUserWord(_ word: UserWord) {
        let text = canonical(word.text)
        let i = findOrInsert(text)
        totalUserWeight += Float(word.weight) - entries[i].userWeight
        entries[i].userWeight = Float(word.weight)
        treeIsStale = true
    }

    /// Removes a user word's weight (learned counts stay unless `forget`).
    public func removeUserWord(_ text: String, forget: Bool = false) {
        guard let i = find(canonical(text)) else { return }
        totalUserWeight -= entries[i].userWeight
        entries[i].userWeight = 0
        if forget { forgetAt(i) }
        treeIsStale = true
    }

    /// Forgets what was learned about `text`: its count and the pairs it is part of.
    public func forget(_ text: String) {
        let t = canonical(text)
        if let i = find(t) { forgetAt(i) }
        pairs[t] = nil; pairTotals[t] = nil
        for (k, v) in pairs where v.contains(where: { $0.text == t }) {
            pairs[k] = v.filter { $0.text != t }
            pairTotals[k] = pairs[k]!.reduce(0) { $0 + $1.count }
        }
        treeIsStale = true
    }

    private func forgetAt(_ i: Int) {
        totalCount -= entries[i].count
        entries[i].count = 0
        if entries[i].userWeight == 0 { entries.remove(at: i) }
    }

    public func block(_ text: String) { blocked.insert(CaseMapping.lowercased(Normalization.nfc(text))) }
    public func unblock(_ text: String) { blocked.remove(CaseMapping.lowercased(Normalization.nfc(text))) }
    public func isBlocked(_ text: some StringProtocol) -> Bool {
        !blocked.isEmpty && blocked.contains(CaseMapping.lowercased(String(text)))
    }
    var hasBlocked: Bool { !blocked.isEmpty }

    /// The events since the last call, oldest first.
    public func drainEvents() -> [LearningEvent] {
        defer { pending.removeAll() }
        return pending
    }

    // MARK: Learning

    /// Records that `word` was committed after `previousWords` (nearest last): the word and
    /// its pair (and triple) with the previous words gain weight. Returns the canonical spelling.
    @discardableResult
    public func learn(_ word: some StringProtocol, previousWords: [Substring] = []) -> String {
        let text = canonical(String(word), typed: true)
        if text.isEmpty { return text }
        let i = findOrInsert(text)
        entries[i].count += 1
        totalCount += 1
        if !treeIsStale { tree.update(i, entries[i].rank) }
        emit(.word(text, count: Int(entries[i].count)))
        if let p1 = previousWords.last, !p1.isEmpty {
            let w1 = canonical(String(p1))
            let c = addPair(w1, text, 1)
            emit(.pair(w1, text, count: Int(c)))
            if previousWords.count >= 2, !previousWords[previousWords.count - 2].isEmpty {
                let w2 = canonical(String(previousWords[previousWords.count - 2]))
                addTriple(w2 + "\u{1F}" + w1, text, 1)
            }
        }
        return text
    }

    @discardableResult
    private func addPair(_ first: String, _ second: String, _ count: Float) -> Float {
        pairTotals[first, default: 0] += count
        return Self.bump(&pairs[first, default: []], second, count)
    }

    private func addTriple(_ context: String, _ word: String, _ count: Float) {
        tripleTotals[context, default: 0] += count
        Self.bump(&triples[context, default: []], word, count)
    }

    @discardableResult
    private static func bump(_ list: inout [Successor], _ text: String, _ count: Float) -> Float {
        // kept in falling count order, so the first entries are the best predictions
        var j: Int
        if let found = list.firstIndex(where: { $0.text == text }) {
            j = found
            list[j].count += count
        } else {
            list.append(Successor(text: text, key: Normalization.searchKey(text), count: count))
            j = list.count - 1
        }
        let c = list[j].count
        while j > 0 && list[j - 1].count < list[j].count { list.swapAt(j - 1, j); j -= 1 }
        return c
    }

    private func emit(_ e: LearningEvent) {
        if queuesEvents { pending.append(e) }
        onEvent?(e)
    }

    // MARK: Queries

    /// The spelling the overlay files `text` under: the model's spelling when the model knows
    /// the word (`the`, `London`), else the overlay's, else `text` in NFC. With `typed`, an
    /// unknown word typed in lower case replaces a capitalised spelling learned before (a word
    /// first met at a sentence start).
    func canonical(_ raw: String, typed: Bool = false) -> String {
        let text = Normalization.nfc(raw)
        if let model, let id = model.lookup(text) {
            let t = model.text(id)
            if t == text || CaseMapping.lowercased(t) == CaseMapping.lowercased(text) { return t }
        }
        let key = Normalization.searchKey(text)
        let r = keyRange(key, exact: true)
        if r.isEmpty { return text }
        for i in r where entries[i].text == text { return text }
        for i in r where CaseMapping.lowercased(entries[i].text) == CaseMapping.lowercased(text) {
            if typed && text == CaseMapping.lowercased(text) {
                entries[i].text = text
                entries[i].isProperNoun = false
                return text
            }
            return entries[i].text
        }
        return text
    }

    private func makeEntry(_ text: String) -> Entry {
        let id = model?.exactID(text) ?? -1
        return Entry(key: Normalization.searchKey(text), text: text, count: 0, userWeight: 0,
                     modelID: id, isProperNoun: CaseMapping.lowercased(text) != text)
    }

    func find(_ text: String) -> Int? {
        let r = keyRange(Normalization.searchKey(text), exact: true)
        return r.first { entries[$0].text == text }
    }

    private func findOrInsert(_ text: String) -> Int {
        if let i = find(text) { return i }
        let e = makeEntry(text)
        var lo = 0, hi = entries.count
        while lo < hi {
            let mid = (lo + hi) >> 1
            if entries[mid].key < e.key || (entries[mid].key == e.key && entries[mid].text < e.text) { lo = mid + 1 } else { hi = mid }
        }
        entries.insert(e, at: lo)
        treeIsStale = true
        return lo
    }

    /// Entries whose key starts with (or, `exact`, equals) `key`.
    func keyRange(_ key: String, exact: Bool = false) -> Range<Int> {
        var lo = 0, hi = entries.count
        while lo < hi { let mid = (lo + hi) >> 1; if entries[mid].key < key { lo = mid + 1 } else { hi = mid } }
        var end = lo
        if exact {
            while end < entries.count && entries[end].key == key { end += 1 }
        } else {
            hi = entries.count
            var l = lo
            while l < hi { let mid = (l + hi) >> 1; if entries[mid].key.hasPrefix(key) || entries[mid].key < key { l = mid + 1 } else { hi = mid } }
            end = l
        }
        return lo..<end
    }

    /// The best `k` suggestible entries whose key starts with `key`, best first.
    func best(prefixKey key: String, k: Int, into out: inout [Int32]) {
        if entries.isEmpty { return }
        if treeIsStale {
            tree = MaxTree(entries.lazy.map { $0.rank })
            treeIsStale = false
        }
        let r = keyRange(key)
        let threshold = unknownWordThreshold
        tree.best(in: r, k: k, heap: &heap, accept: { i in
            let e = self.entries[i]
            return e.userWeight > 0 || e.modelID >= 0 || e.count >= threshold
        }, into: &out)
    }

    func entry(_ i: Int) -> Entry { entries[i] }

    func successors(of w1: String) -> (list: [Successor], total: Float)? {
        guard let list = pairs[w1] else { return nil }
        return (list, pairTotals[w1] ?? 1)
    }

    func successors(of w2: String, _ w1: String) -> (list: [Successor], total: Float)? {
        let k = w2 + "\u{1F}" + w1
        guard let list = triples[k] else { return nil }
        return (list, tripleTotals[k] ?? 1)
    }

    /// Learned count of a spelling (0 if none) and whether it may be suggested.
    func learned(_ text: String) -> (count: Float, userWeight: Float, suggestible: Bool, properNoun: Bool)? {
        guard let i = find(text) else { return nil }
        let e = entries[i]
        return (e.count, e.userWeight, e.userWeight > 0 || e.modelID >= 0 || e.count >= unknownWordThreshold, e.isProperNoun)
    }
}

@available(*, unavailable)
extension LearningOverlay: Sendable {}
