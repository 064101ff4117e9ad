/// Timings of one operation repeated many times, in nanoseconds.
struct LatencySample {
    private(set) var nanoseconds: [Double] = []

    /// A sample of timings measured elsewhere, in nanoseconds.
    init(nanoseconds: [Double] = []) {
        self.nanoseconds = nanoseconds
    }

    /// Times `body` `iterations` times, one measurement per call.
    static func measure(iterations: Int, _ body: () -> Void) -> LatencySample {
        var sample = LatencySample()
        sample.nanoseconds.reserveCapacity(iterations)
        let clock = ContinuousClock()
        for _ in 0..<iterations {
            sample.nanoseconds.append(nanoseconds(of: clock.measure(body)))
        }
        return sample
    }

    /// A duration in nanoseconds.
    static func nanoseconds(of duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1e9 + Double(parts.attoseconds) / 1e9
    }

    /// Adds one timing.
    mutating func record(_ duration: Duration) {
        nanoseconds.append(Self.nanoseconds(of: duration))
    }

    /// The sample without its first `count` (warm-up) timings.
    func droppingFirst(_ count: Int) -> LatencySample {
        LatencySample(nanoseconds: Array(nanoseconds.dropFirst(count)))
    }

    /// How many timings there are.
    var count: Int { nanoseconds.count }

    /// The value below which `fraction` of the measurements fall (nearest rank).
    func percentile(_ fraction: Double) -> Double {
        guard !nanoseconds.isEmpty else { return 0 }
        let sorted = nanoseconds.sorted()
        let rank = Int((fraction * Double(sorted.count)).rounded(.up)) - 1
        return sorted[min(max(rank, 0), sorted.count - 1)]
    }

    /// The median.
    var median: Double { percentile(0.5) }
}
