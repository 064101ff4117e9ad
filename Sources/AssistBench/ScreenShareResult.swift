import Foundation

/// The screen share's figures as `Tests/screen/screen_benchmark.py` writes
/// them: the app sharing the whole monitor of a headless GNOME session with
/// a scripted agent, on the tile path and then over the video track, and a
/// bare VP8 encode of the same screen measured in the same run.
struct ScreenShareResult: Decodable {
    /// The machine the script ran on.
    struct Machine: Decodable {
        /// The processor's model name (`/proc/cpuinfo`).
        let processor: String
        /// The cores the script could use.
        let cores: Int
        /// Physical memory, in GiB.
        let memoryGiB: Double
        /// The operating system's name.
        let system: String
    }

    /// A width and a height in pixels.
    struct Size: Decodable {
        /// Pixels across.
        let width: Int
        /// Pixels down.
        let height: Int
    }

    /// A rectangle in the monitor's pixels.
    struct Rect: Decodable {
        /// The left edge.
        let x: Int
        /// The top edge.
        let y: Int
        /// Pixels across.
        let width: Int
        /// Pixels down.
        let height: Int
    }

    /// The colour changes of the test window, timed.
    struct Latency: Decodable {
        /// Colour changes made, each timed twice: to the agent and to the desktop's stream.
        let changes: Int
        /// Changes the agent's picture never showed before the next one.
        let missed: Int
        /// From the window drawing its new colour to the agent receiving the frame that shows it.
        let drawnToAgentMilliseconds: [Double]
        /// From SIGUSR1 to the window drawing its new colour.
        let signalToDrawnMilliseconds: [Double]
        /// From the window drawing its new colour to a frame of the desktop's stream showing it.
        let drawnToStreamMilliseconds: [Double]
        /// Changes the desktop's stream never showed before the next one.
        let streamMissed: Int
        /// The CPU of the machine's other work (not this benchmark's processes)
        /// while the changes were timed to the agent, in percent of one core.
        let othersCpuPercentToAgent: Double
        /// The same while they were timed to the desktop's stream.
        let othersCpuPercentToStream: Double
    }

    /// What the app sent while sharing one content.
    struct AppShare: Decodable {
        /// Bytes of relayed frames the agent received, per second.
        let bytesPerSecond: Double
        /// Relayed frames the agent received, per second.
        let framesPerSecond: Double
        /// The app process's CPU time over wall time, in percent of one core.
        let cpuPercent: Double
        /// The compositor's (mutter's) CPU, in percent of one core.
        let compositorCpuPercent: Double
        /// The server's CPU, in percent of one core.
        let serverCpuPercent: Double
        /// The agent's CPU (the script drawing the frames), in percent of one core.
        let agentCpuPercent: Double
        /// The CPU of the machine's other work (not this benchmark's processes), in percent of one core.
        let othersCpuPercent: Double
    }

    /// What the bare VP8 encode made of the same content.
    struct VP8Encode: Decodable {
        /// Encoded bytes per second.
        let bytesPerSecond: Double
        /// Encoded frames per second (one per frame the desktop delivered).
        let framesPerSecond: Double
        /// The `gst-launch-1.0` process's CPU, in percent of one core.
        let cpuPercent: Double
        /// The compositor's (mutter's) CPU, in percent of one core.
        let compositorCpuPercent: Double
        /// The app's CPU meanwhile, in the same session but not sharing.
        let appNotSharingCpuPercent: Double
        /// The CPU of the machine's other work (not this benchmark's processes), in percent of one core.
        let othersCpuPercent: Double
    }

    /// The PNG tiles of some of the frames the agent got, encoded again after
    /// the run with GTK's PNG encoder (the app's): the encoding alone, on one
    /// core, whatever the build of the app.
    struct PNGFloor: Decodable {
        /// Frames sampled from the measured seconds.
        let framesSampled: Int
        /// Tiles per frame (PNG and solid).
        let tilesPerFrame: Double
        /// PNG tiles per frame.
        let pngTilesPerFrame: Double
        /// Milliseconds of one core to encode a frame's PNG tiles.
        let encodeMillisecondsPerFrame: Double
    }

    /// One content on the screen, shared by the app and then encoded by the baseline.
    struct Case: Decodable {
        /// Lines (scrolling text) or frames (video) the content window drew per
        /// second while the app shared it; 0 when nothing changes.
        let content: Double
        /// The same while the baseline encoded it; absent when nothing changes.
        let vp8Content: Double?
        /// The app's share.
        let app: AppShare
        /// The baseline.
        let vp8: VP8Encode
        /// The PNG encoding of the frames the app sent; absent when nothing changes.
        let png: PNGFloor?
    }

    /// The three contents.
    struct Cases: Decodable {
        /// Nothing on the screen changes.
        let idle: Case
        /// A monospace text view gets a new line many times a second and stays scrolled to its end.
        let scrolling: Case
        /// A smooth random picture pans across a window at up to 30 frames a second.
        let video: Case
    }

    /// The one-minute load average of the machine.
    struct Load: Decodable {
        /// When the run began.
        let before: Double
        /// When it ended.
        let after: Double
    }

    /// Which build of the app and the server was measured: "debug" or "release".
    let build: String
    /// The machine.
    let machine: Machine
    /// When the run began (ISO 8601, UTC).
    let date: String
    /// The virtual monitor shared.
    let monitor: Size
    /// The compositor and its version.
    let compositor: String
    /// Seconds each content was measured over.
    let measureSeconds: Double
    /// The baseline's `target-bitrate`, in bits per second.
    let vp8TargetBitrate: Int
    /// The baseline's pipeline after `gst-launch-1.0 -v`.
    let vp8Pipeline: String
    /// How busy the machine was around the run.
    let loadAverage: Load
    /// Where the test window's colour showed in the agent's picture.
    let window: Rect
    /// The timed colour changes.
    let latency: Latency
    /// Traffic and CPU per content, on the tile path.
    let cases: Cases
    /// The same contents over the share's video track.
    let videoTrack: ScreenVideoTrackResult

    /// The figures in `file`; says which file when they do not read.
    static func read(from file: String) throws -> ScreenShareResult {
        try ScriptFigures.read(ScreenShareResult.self, from: file, named: "the screen share's figures")
    }

    /// Glass to glass: drawn to the agent, as a sample in nanoseconds.
    var toAgent: LatencySample { LatencySample(nanoseconds: latency.drawnToAgentMilliseconds.map { $0 * 1e6 }) }
    /// The floor: drawn to the desktop's stream, as a sample in nanoseconds.
    var toStream: LatencySample { LatencySample(nanoseconds: latency.drawnToStreamMilliseconds.map { $0 * 1e6 }) }
}
