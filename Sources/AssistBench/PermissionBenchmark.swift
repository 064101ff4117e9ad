import AssistCore

/// How long deciding every widget of a window takes, against the floor of one
/// set look-up per widget.
enum PermissionBenchmark {
    /// A window of `widgetCount` widgets, each a path of up to 12 levels with
    /// a marker on every third level.
    static func run(widgetCount: Int = 2_000, iterations: Int = 300) -> BenchmarkResult {
        let markerNames = ["default", "A", "B", "C", "secret"]
        let paths: [[String?]] = (0..<widgetCount).map { widget in
            (0...(widget % 12)).map { level in
                level % 3 == 0 ? markerNames[(widget + level) % markerNames.count] : nil
            }
        }
        let agent = AgentPermissions(viewable: ["default", "A", "B", "C"], interactive: ["B"])
        var sink = 0
        let measured = LatencySample.measure(iterations: iterations) {
            for path in paths where agent.access(markers: path).isViewable { sink &+= 1 }
        }
        let ownMarkers = paths.map { $0.compactMap { $0 }.last ?? "default" }
        let baseline = LatencySample.measure(iterations: iterations) {
            for marker in ownMarkers where agent.viewable.contains(marker) { sink &+= 1 }
        }
        precondition(sink > 0)
        return BenchmarkResult(
            name: "permissions",
            detail: "decide \(widgetCount) widgets (paths of 1–12 levels)",
            measured: measured,
            baselineName: "one set look-up per widget",
            baseline: baseline)
    }
}
