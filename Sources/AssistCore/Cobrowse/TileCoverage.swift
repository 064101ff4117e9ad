/// Whether a keyframe's tiles cover its whole window (`docs/protocol.md`
/// §12.4), decided in O(n log n) for n tiles: a sweep down the window adds
/// and removes each tile's span of x, and a segment tree over the distinct x
/// edges knows how much of the row the tiles present cover; the covered area
/// must equal the window's. Overlapping tiles are allowed.
enum TileCoverage {
    /// Whether `tiles`, all inside a `width` × `height` window, cover it.
    static func covers(_ tiles: [CobrowseTile], width: Int, height: Int) -> Bool {
        guard !tiles.isEmpty else { return width * height == 0 }
        var edges = Set([0, width])
        for tile in tiles {
            edges.insert(tile.x)
            edges.insert(tile.x + tile.width)
        }
        let xs = edges.sorted()
        var index: [Int: Int] = [:]
        for (position, x) in xs.enumerated() { index[x] = position }
        var events: [(y: Int, from: Int, to: Int, change: Int)] = []
        events.reserveCapacity(tiles.count * 2)
        for tile in tiles {
            let from = index[tile.x]!, to = index[tile.x + tile.width]!
            events.append((tile.y, from, to, 1))
            events.append((tile.y + tile.height, from, to, -1))
        }
        events.sort { $0.y < $1.y }
        var tree = CoverageTree(xs: xs)
        var area = 0
        var previousY = 0
        for event in events {
            area += tree.coveredLength * (event.y - previousY)
            previousY = event.y
            tree.update(from: event.from, to: event.to, change: event.change)
        }
        return area == width * height
    }
}

/// How much of the x axis the intervals added so far cover, between sorted
/// edges; each node keeps how many intervals cover it whole and the covered
/// length beneath it.
private struct CoverageTree {
    private let xs: [Int]
    private var count: [Int]
    private var covered: [Int]

    init(xs: [Int]) {
        self.xs = xs
        let nodes = 4 * max(1, xs.count)
        count = Array(repeating: 0, count: nodes)
        covered = Array(repeating: 0, count: nodes)
    }

    var coveredLength: Int { covered[1] }

    /// Adds (`change` 1) or removes (-1) the interval between edges `from` and `to`.
    mutating func update(from: Int, to: Int, change: Int) {
        guard from < to, xs.count > 1 else { return }
        update(node: 1, low: 0, high: xs.count - 1, from: from, to: to, change: change)
    }

    private mutating func update(node: Int, low: Int, high: Int, from: Int, to: Int, change: Int) {
        guard from < high, to > low else { return }
        if from <= low, high <= to {
            count[node] += change
        } else {
            let middle = (low + high) / 2
            update(node: 2 * node, low: low, high: middle, from: from, to: to, change: change)
            update(node: 2 * node + 1, low: middle, high: high, from: from, to: to, change: change)
        }
        if count[node] > 0 {
            covered[node] = xs[high] - xs[low]
        } else if high - low == 1 {
            covered[node] = 0
        } else {
            covered[node] = covered[2 * node] + covered[2 * node + 1]
        }
    }
}
