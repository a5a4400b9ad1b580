/// A max segment tree over scores, for "the k best items in an index range" in O(k log n).
///
/// Used for completion: the words sharing a prefix form an id range, and the tree yields that
/// range's best words without scanning it. Not thread-safe to mutate; reads are.
struct MaxTree: Sendable {
    private(set) var leafCount: Int
    private var size: Int
    private var nodes: [Float]

    init(_ values: some Collection<Float>) {
        leafCount = values.count
        size = 1
        while size < max(1, leafCount) { size <<= 1 }
        nodes = [Float](repeating: -.infinity, count: 2 * size)
        var i = size
        for v in values { nodes[i] = v; i += 1 }
        var j = size - 1
        while j >= 1 { nodes[j] = max(nodes[2 * j], nodes[2 * j + 1]); j -= 1 }
    }

    /// Sets the score of item `index`, O(log n).
    mutating func update(_ index: Int, _ value: Float) {
        var i = index + size
        nodes[i] = value
        i >>= 1
        while i >= 1 {
            let m = max(nodes[2 * i], nodes[2 * i + 1])
            if nodes[i] == m { break }
            nodes[i] = m
            i >>= 1
        }
    }

    /// Appends up to `k` indices of `range`, best first, for which `accept` holds.
    /// `heap` is scratch space the caller keeps between calls (no allocation once warm).
    func best(in range: Range<Int>, k: Int, heap: inout [(Float, Int32)], accept: (Int) -> Bool, into out: inout [Int32]) {
        guard k > 0, !range.isEmpty else { return }
        heap.removeAll(keepingCapacity: true)
        // Canonical cover of [lo, hi).
        var lo = range.lowerBound + size, hi = range.upperBound + size
        while lo < hi {
            if lo & 1 == 1 { push(&heap, (nodes[lo], Int32(lo))); lo += 1 }
            if hi & 1 == 1 { hi -= 1; push(&heap, (nodes[hi], Int32(hi))) }
            lo >>= 1; hi >>= 1
        }
        var found = 0
        while found < k, let (value, node) = pop(&heap) {
            if value == -.infinity { break }
            let n = Int(node)
            if n >= size {
                if accept(n - size) { out.append(Int32(n - size)); found += 1 }
            } else {
                push(&heap, (nodes[2 * n], Int32(2 * n)))
                push(&heap, (nodes[2 * n + 1], Int32(2 * n + 1)))
            }
        }
    }

    private func push(_ heap: inout [(Float, Int32)], _ item: (Float, Int32)) {
        heap.append(item)
        var i = heap.count - 1
        while i > 0 {
            let p = (i - 1) >> 1
            if heap[p].0 >= heap[i].0 { break }
            heap.swapAt(p, i)
            i = p
        }
    }

    private func pop(_ heap: inout [(Float, Int32)]) -> (Float, Int32)? {
        guard let top = heap.first else { return nil }
        let last = heap.removeLast()
        if heap.isEmpty { return top }
        heap[0] = last
        var i = 0
        let n = heap.count
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < n && heap[l].0 > heap[m].0 { m = l }
            if r < n && heap[r].0 > heap[m].0 { m = r }
            if m == i { break }
            heap.swapAt(i, m)
            i = m
        }
        return top
    }
}
