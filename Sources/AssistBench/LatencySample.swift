/// Timings of one operation repeated many times, in nanoseconds.
struct LatencySample {
    private(set) var nanoseconds: [Double] = []

    /// Times `body` `iterations` times, one measurement per call.
    static func measure(iterations: Int, _ body: () -> Void) -> LatencySample {
        var sample = LatencySample()
        sample.nanoseconds.reserveCapacity(iterations)
        let clock = ContinuousClock()
        for _ in 0..<iterations {
            let elapsed = clock.measure(body)
            let parts = elapsed.components
            sample.nanoseconds.append(Double(parts.seconds) * 1e9 + Double(parts.attoseconds) / 1e9)
        }
        return sample
    }

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
