/// How likely a typed word is as a slip for an intended one: a weighted Damerau–Levenshtein
/// (optimal string alignment) distance over search keys, in nats (−ln P(typed | intended)).
///
/// Substitutions cost by the distance between the two keys on the layout (a neighbour is a
/// cheap slip, a key across the keyboard an expensive one; vowels for vowels are cheap too, the
/// common spelling confusion); an extra letter is cheap when it doubles its neighbour or sits next
/// to it on the keyboard; a left-out letter is cheap when it is one of a double letter, a little
/// cheaper when it is a vowel, and a left-out apostrophe (`dont`) costs almost nothing; swapping two letters costs one edit. An edit
/// to the first letter costs more: people rarely get it wrong.
///
/// A value type, `Sendable`; `cost` allocates nothing.
public struct ErrorModel: Sendable {
    /// The costs, in nats. Tuned on development data with `kbd-model typos`.
    public struct Costs: Sendable, Equatable {
        /// A substitution by a key adjacent to the intended one (≈ 1 key width away).
        public var nearSubstitution: Float = 3.0
        /// Added per key width beyond the first.
        public var substitutionPerKeyWidth: Float = 0.9
        /// The most a substitution costs.
        public var maxSubstitution: Float = 5.5
        /// A vowel typed for another vowel (a spelling confusion rather than a slip).
        public var vowelSubstitution: Float = 3.0
        /// A letter typed that was not meant.
        public var insertion: Float = 3.6
        /// An extra letter equal to the one before it (`helllo`) or one next to a neighbour's key.
        public var nearInsertion: Float = 2.6
        /// A letter typed twice that is meant once (`untill`): the mirror of `doubleOmission`.
        public var doubledInsertion: Float = 2.0
        /// A letter left out.
        public var omission: Float = 2.3
        /// A vowel left out (`declrative`, `opend`): unstressed vowels are written as heard.
        public var vowelOmission: Float = 2.0
        /// One letter of a double letter left out (`acommodate`).
        public var doubleOmission: Float = 1.4
        /// An apostrophe left out (`dont`).
        public var apostropheOmission: Float = 0.1
        /// Two neighbouring letters swapped.
        public var transposition: Float = 2.3
        /// Added to an edit of the first letter.
        public var firstLetter: Float = 1.4
        /// Accents and case are folded before comparing; a spelling that differs from the typed
        /// word only so (`cafe` → `café`) costs this.
        public var accentOnly: Float = 0.8
        public init() {}
    }

    public var costs: Costs
    public let layout: KeyboardLayout
    /// Substitution costs for ASCII bytes, `[typed * 128 + intended]`.
    private let substitution: [Float]
    /// Whether an extra typed byte `a` next to `b` is a near insertion, `[a * 128 + b]`.
    private let nearKeys: [Bool]

    public init(layout: KeyboardLayout = .builtInQWERTY, costs: Costs = Costs()) {
        self.layout = layout
        self.costs = costs
        var sub = [Float](repeating: costs.maxSubstitution, count: 128 * 128)
        var near = [Bool](repeating: false, count: 128 * 128)
        let vowels = Array("aeiouy".utf8)
        for a in 0..<128 {
            for b in 0..<128 {
                let d = layout.distance(UInt8(a), UInt8(b))
                var c = costs.maxSubstitution
                if d.isFinite {
                    c = min(costs.maxSubstitution, costs.nearSubstitution + costs.substitutionPerKeyWidth * max(0, d - 1))
                    near[a * 128 + b] = d <= 1.2
                }
                if vowels.contains(UInt8(a)) && vowels.contains(UInt8(b)) { c = min(c, costs.vowelSubstitution) }
                if a == b { c = 0 }
                sub[a * 128 + b] = c
            }
        }
        substitution = sub
        nearKeys = near
    }

    /// The cost of substituting typed byte `t` for intended byte `w`.
    @inline(__always)
    func substitutionCost(_ t: UInt8, _ w: UInt8) -> Float {
        if t == w { return 0 }
        if t < 0x80 && w < 0x80 { return substitution[Int(t) &* 128 &+ Int(w)] }
        return costs.maxSubstitution
    }

    /// The longest key `cost` compares (bytes).
    public static let maxLength = 32

    /// The cost of typing `typed` for `intended` (both search keys), or `.infinity` when it
    /// exceeds `limit`. O(|typed|·|intended|) with an early exit; no allocation.
    public func cost(typed: UnsafeBufferPointer<UInt8>, intended: UnsafeBufferPointer<UInt8>, limit: Float) -> Float {
        let n = typed.count, m = intended.count
        guard n <= Self.maxLength, m <= Self.maxLength else { return .infinity }
        if n == 0 || m == 0 { return .infinity }
        let c = costs
        let width = m + 1
        return withUnsafeTemporaryAllocation(of: Float.self, capacity: 4 * (Self.maxLength + 1)) { rows in
            // rows: previous-previous, previous, current (each `width` long), then the cost of
            // leaving out each intended byte (first-letter charge included)
            var pp = rows.baseAddress!, p = pp + width, cur = p + width
            let omit = cur + width
            omit[1] = omissionCost(intended, 0, c) + c.firstLetter
            if m > 1 { for j in 2...m { omit[j] = omissionCost(intended, j - 1, c) } }
            p[0] = 0
            for j in 1...m { p[j] = p[j - 1] + omit[j] }
            let w0 = intended[0]
            for i in 1...n {
                let t = typed[i - 1]
                // an extra typed letter costs the same whatever is meant
                let ins = insertionCost(typed, i - 1, c) + (i == 1 ? c.firstLetter : 0)
                cur[0] = p[0] + ins
                // the first intended letter: substitutions charge the first-letter cost
                var best = p[0] + (t == w0 ? 0 : substitutionCost(t, w0) + c.firstLetter)
                if p[1] + ins < best { best = p[1] + ins }
                if cur[0] + omit[1] < best { best = cur[0] + omit[1] }
                cur[1] = best
                var rowMin = min(cur[0], best)
                var j = 2
                while j <= m {
                    let w = intended[j - 1]
                    var best = p[j - 1] + (t == w ? 0 : substitutionCost(t, w))
                    let extra = p[j] + ins
                    if extra < best { best = extra }
                    let left = cur[j - 1] + omit[j]
                    if left < best { best = left }
                    if i > 1 && t == intended[j - 2] && typed[i - 2] == w && t != w {
                        let swap = pp[j - 2] + c.transposition
                        if swap < best { best = swap }
                    }
                    cur[j] = best
                    if best < rowMin { rowMin = best }
                    j += 1
                }
                if rowMin > limit { return .infinity }
                let t0 = pp
                pp = p; p = cur; cur = t0
            }
            return p[m] <= limit ? p[m] : .infinity
        }
    }

    /// The cost of leaving out intended byte `j`. Only the byte before counts for a double
    /// letter: leaving out either letter of a pair aligns the same.
    @inline(__always)
    private func omissionCost(_ intended: UnsafeBufferPointer<UInt8>, _ j: Int, _ c: Costs) -> Float {
        omissionCost(intended[j], previous: j > 0 ? intended[j - 1] : nil, c)
    }

    /// The cost of leaving out intended byte `w` that follows `previous`.
    @inline(__always)
    func omissionCost(_ w: UInt8, previous: UInt8?, _ c: Costs) -> Float {
        if w == UInt8(ascii: "'") || w == UInt8(ascii: "-") { return c.apostropheOmission }
        if previous == w { return c.doubleOmission }
        switch w {
        case UInt8(ascii: "a"), UInt8(ascii: "e"), UInt8(ascii: "i"), UInt8(ascii: "o"), UInt8(ascii: "u"): return c.vowelOmission
        default: return c.omission
        }
    }

    @inline(__always)
    func insertionCost(_ typed: UnsafeBufferPointer<UInt8>, _ i: Int, _ c: Costs) -> Float {
        let t = typed[i]
        if i > 0 {
            let prev = typed[i - 1]
            if prev == t { return c.doubledInsertion }
            if t < 0x80 && prev < 0x80 && nearKeys[Int(t) &* 128 &+ Int(prev)] { return c.nearInsertion }
        }
        if i + 1 < typed.count {
            let next = typed[i + 1]
            if next == t { return c.doubledInsertion }
            if t < 0x80 && next < 0x80 && nearKeys[Int(t) &* 128 &+ Int(next)] { return c.nearInsertion }
        }
        return c.insertion
    }

    /// Convenience for tests and tools: the cost between two words' search keys.
    public func cost(typed: String, intended: String, limit: Float = .infinity) -> Float {
        var t = typed, w = intended
        return t.withUTF8 { tb in w.withUTF8 { wb in cost(typed: tb, intended: wb, limit: limit) } }
    }
}
