import Foundation

/// The call's figures as `Tests/ui/call_benchmark.py` writes them: the app
/// and the console in Chromium calling each other through a live server,
/// and the bare pipeline measured in the same run.
struct CallBenchResult: Decodable {
    /// A process's CPU and resident memory over the measured seconds.
    struct Usage: Decodable {
        /// CPU time over wall time, in percent of one core.
        let cpuPercent: Double
        /// The mean of `VmRSS` sampled every half second, in KiB.
        let residentMeanKiB: Double
        /// The largest `VmRSS` sample, in KiB.
        let residentMaxKiB: Double
    }

    /// Video calls timed.
    let calls: Int
    /// Seconds each usage figure was measured over.
    let holdSeconds: Double
    /// From the person's Answer to the app showing the agent's first frame, per call.
    let appFirstFrameMilliseconds: [Double]
    /// From the person's Answer to the console decoding the app's first frame, per call.
    let consoleFirstFrameMilliseconds: [Double]
    /// The app during a 640×480 video call.
    let appInCall: Usage
    /// The app in the same session before any call.
    let appIdleInSession: Usage
    /// `assist-bench --bare-call-pipeline`: the same encode and decode without WebRTC or GTK.
    let barePipeline: Usage

    /// The figures in `file`; says which file when they do not read.
    static func read(from file: String) throws -> CallBenchResult {
        try ScriptFigures.read(CallBenchResult.self, from: file, named: "the call's figures")
    }

    /// The first-frame times of the app, as a sample in nanoseconds.
    var appFirstFrame: LatencySample { LatencySample(nanoseconds: appFirstFrameMilliseconds.map { $0 * 1e6 }) }
    /// The first-frame times of the console, as a sample in nanoseconds.
    var consoleFirstFrame: LatencySample {
        LatencySample(nanoseconds: consoleFirstFrameMilliseconds.map { $0 * 1e6 })
    }
}
