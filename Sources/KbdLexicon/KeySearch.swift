/// A best-first (A*) weighted-edit-distance search over the model's sorted search keys: the
/// sorted keys form an implicit trie (a node is the range of ids sharing a prefix; its children
/// are found by binary search on the next byte), and each node carries one row of
/// `ErrorModel`'s dynamic programme. A node's cheapest cell bounds the cost of every word below
/// it (rows never get cheaper going down), and the model's max tree gives the likeliest word
/// below it, so `weight · logP − cost` has an optimistic bound per node. Nodes are expanded best
/// bound first, and the search stops when no node can beat the best word found by more than
/// the margin. It finds words any number of edits away, without an index, and touches only
/// the part of the trie that could matter.
///
/// The costs are those of `ErrorModel.cost` (the same substitutions, insertions, omissions,
/// transpositions and first-letter charge), computed intended-letter by intended-letter.
///
/// Not thread-safe (reuses its buffers): one per `Corrector`. No allocation once warm.
final class KeySearch {
    private let model: LanguageModel
    /// Deepest trie level searched (bytes of intended key).
    static let maxDepth = ErrorModel.maxLength
    private struct Node {
        var lo: Int32, hi: Int32
        var depth: Int32
        var row: Int32        // offset of this node's row in `arena`
        var parentRow: Int32  // offset of the parent's row (for transpositions), -1 at the root
        var byte: UInt8       // the intended byte this node adds
        var parentByte: UInt8
        var bound: Float      // optimistic score
    }
    private var arena: [Float] = []
    private var heap: [Node] = []
    /// Cost of each typed byte being extra, `[1...n]`.
    private var ins: [Float] = Array(repeating: 0, count: ErrorModel.maxLength + 1)
    /// Trie nodes expanded by the last search (for tools and tests).
    private(set) var expanded = 0

    init(model: LanguageModel) {
        self.model = model
    }

    /// The search's knobs.
    struct Bounds {
        /// No word costlier than this (nats).
        var limit: Float
        /// Weight of the log-probability in a word's score.
        var weight: Float
        /// What context may add to a word's unigram log-probability (nats).
        var slack: Float
        /// Scores below this never matter.
        var floor: Float
        /// Scores this far below the best word found do not matter.
        var margin: Float
    }

    /// Reports model words whose key is within `bounds.limit` of `typed` to `body`, likeliest
    /// bound first, until no remaining word could score within `bounds.margin` of the best
    /// (`best`: the best score already known, e.g. from an index). `body` gets the id and the
    /// cost and returns the word's score (−∞: not a candidate).
    func search(_ typed: UnsafeBufferPointer<UInt8>, errorModel: ErrorModel, bounds b: Bounds, best: Float,
                _ body: (Int32, Float) -> Float) {
        let n = typed.count
        expanded = 0
        guard n > 0, n <= ErrorModel.maxLength, model.wordCount > 0 else { return }
        let c = errorModel.costs
        let stride = n + 1
        arena.removeAll(keepingCapacity: true)
        heap.removeAll(keepingCapacity: true)
        for i in 1...n { ins[i] = errorModel.insertionCost(typed, i - 1, c) + (i == 1 ? c.firstLetter : 0) }
        arena.append(0)
        for i in 1...n { arena.append(arena[i - 1] + ins[i]) }
        var floor = max(b.floor, best - b.margin)
        push(Node(lo: 0, hi: Int32(model.wordCount), depth: 0, row: 0, parentRow: -1, byte: 0, parentByte: 0, bound: .infinity))
        while let node = pop() {
            if node.bound < floor { break }
            expanded += 1
            let d = Int(node.depth)
            var i = Int(node.lo)
            let hi = Int(node.hi)
            let rowAt = Int(node.row)
            // keys that end here sort first
            while i < hi && model.keyBytes(i).count == d {
                let cost = arena[rowAt + n]
                if d > 0 && cost <= b.limit {
                    let s = body(Int32(i), cost)
                    if s - b.margin > floor { floor = s - b.margin }
                }
                i += 1
            }
            guard d < Self.maxDepth else { continue }
            let j = d + 1
            let first: Float = j == 1 ? c.firstLetter : 0
            while i < hi {
                let byte = model.keyBytes(i)[d]
                var l = i + 1, h = hi
                while l < h {
                    let mid = (l + h) >> 1
                    if model.keyBytes(mid)[d] <= byte { l = mid + 1 } else { h = mid }
                }
                let end = l
                let omit = errorModel.omissionCost(byte, previous: d > 0 ? node.byte : nil, c) + first
                let nextAt = arena.count
                var rowMin: Float = arena[rowAt] + omit
                arena.append(rowMin)
                for t in 1...n {
                    let tb = typed[t - 1]
                    var cell = arena[rowAt + t - 1] + (tb == byte ? 0 : errorModel.substitutionCost(tb, byte) + first)
                    let extra = arena[nextAt + t - 1] + ins[t]
                    if extra < cell { cell = extra }
                    let left = arena[rowAt + t] + omit
                    if left < cell { cell = left }
                    if t > 1 && d > 0 && tb == node.byte && typed[t - 2] == byte && tb != byte {
                        let swap = arena[Int(node.parentRow) + t - 2] + c.transposition
                        if swap < cell { cell = swap }
                    }
                    arena.append(cell)
                    if cell < rowMin { rowMin = cell }
                }
                let bound = b.weight * (model.tree.maximum(in: i..<end) + b.slack) - rowMin
                if rowMin <= b.limit && bound >= floor {
                    push(Node(lo: Int32(i), hi: Int32(end), depth: Int32(j), row: Int32(nextAt), parentRow: node.row,
                              byte: byte, parentByte: node.byte, bound: bound))
                } else {
                    arena.removeLast(stride)
                }
                i = end
            }
            _ = stride
        }
    }

    // a binary max-heap on `bound`
    private func push(_ node: Node) {
        heap.append(node)
        var i = heap.count - 1
        while i > 0 {
            let p = (i - 1) >> 1
            if heap[p].bound >= heap[i].bound { break }
            heap.swapAt(p, i)
            i = p
        }
    }

    private func pop() -> Node? {
        guard let top = heap.first else { return nil }
        let last = heap.removeLast()
        if heap.isEmpty { return top }
        heap[0] = last
        var i = 0
        let count = heap.count
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < count && heap[l].bound > heap[m].bound { m = l }
            if r < count && heap[r].bound > heap[m].bound { m = r }
            if m == i { break }
            heap.swapAt(i, m)
            i = m
        }
        return top
    }
}

@available(*, unavailable)
extension KeySearch: Sendable {}
