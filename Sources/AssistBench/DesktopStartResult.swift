/// The figures of one program over its launches.
struct Measurements {
    /// Spawn to first drawn frame.
    let start: LatencySample
    /// Idle resident memory, KiB, one value per launch.
    let residentKiB: [Int]

    init(_ launches: [DesktopStartBenchmark.Launch]) {
        start = LatencySample(nanoseconds: launches.map(\.startNanoseconds))
        residentKiB = launches.map(\.residentKiB).sorted()
    }

    /// The median idle resident memory, KiB.
    var medianResidentKiB: Int { residentKiB.isEmpty ? 0 : residentKiB[residentKiB.count / 2] }
}

/// `assist-desktop` against the minimal GTK window, both under one GL condition.
struct DesktopStartResult {
    /// Whether GTK loaded GL in these launches.
    let gl: GLLoading
    /// `assist-desktop`.
    let app: Measurements
    /// `gtk-minimal-window`.
    let baseline: Measurements

    /// p50 start time of the app over the baseline's.
    var startRatio: Double { app.start.median / max(baseline.start.median, 1) }
    /// Median idle RSS of the app over the baseline's.
    var residentRatio: Double { Double(app.medianResidentKiB) / Double(max(baseline.medianResidentKiB, 1)) }
}
