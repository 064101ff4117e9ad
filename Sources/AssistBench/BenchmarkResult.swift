/// One benchmark's measurements next to the baseline measured in the same run.
struct BenchmarkResult {
    let name: String
    let detail: String
    let measured: LatencySample
    let baselineName: String
    let baseline: LatencySample

    /// Median time of the measured operation over the baseline's median.
    var ratio: Double { measured.median / max(baseline.median, 1) }
}
