/// The same share's figures over the video track (`docs/protocol.md` §13.5),
/// as `Tests/screen/screen_benchmark.py` writes them under `videoTrack`: the
/// agent's end a receive-only `webrtcbin` in the script's process, the app
/// sending no tiles while it is connected.
struct ScreenVideoTrackResult: Decodable {
    /// From the agent's offer to the track carrying the screen.
    struct Negotiation: Decodable {
        /// From the offer to the connection's state "connected", in milliseconds.
        let offerToConnectedMilliseconds: Double
        /// From the offer to the first decoded picture showing the test window.
        let offerToPictureMilliseconds: Double
    }

    /// The colour changes timed over the track.
    struct Latency: Decodable {
        /// Colour changes made.
        let changes: Int
        /// Changes no decoded picture ever showed.
        let missed: Int
        /// Drawn to decoded, per change timed.
        let drawnToAgentMilliseconds: [Double]
        /// Other work on the machine while the changes were timed, in percent of one core.
        let othersCpuPercentToAgent: Double
        /// Tile frames the agent got meanwhile (the protocol says none).
        let tileFramesMeanwhile: Int
    }

    /// What the app sent over the track while sharing one content.
    struct Share: Decodable {
        /// What the content's window drew per second (lines or frames); 0 for a still screen.
        let content: Double
        /// RTP payload bytes the agent received, per second.
        let bytesPerSecond: Double
        /// Pictures the agent decoded, per second.
        let framesPerSecond: Double
        /// Tile frames the agent got, per second (the protocol says none).
        let tileFramesPerSecond: Double
        /// The app process's CPU, in percent of one core.
        let cpuPercent: Double
        /// The compositor's CPU, in percent of one core.
        let compositorCpuPercent: Double
        /// The server's CPU (it relays nothing but signals now), in percent of one core.
        let serverCpuPercent: Double
        /// The agent's CPU (the script, with its decoder), in percent of one core.
        let agentCpuPercent: Double
        /// The CPU of the machine's other work, in percent of one core.
        let othersCpuPercent: Double
    }

    /// One share per content.
    struct Cases: Decodable {
        /// Nothing changes on the screen.
        let idle: Share
        /// A terminal-like text view scrolling.
        let scrolling: Share
        /// A moving picture.
        let video: Share
    }

    /// From the offer to the track carrying the screen.
    let negotiation: Negotiation
    /// The colour changes timed over the track.
    let latency: Latency
    /// Key frames the agent received.
    let keyframes: Int
    /// Key frames the agent asked for (PLI).
    let keyframesRequested: Int
    /// How often the app asked the agent to offer again.
    let restarts: Int
    /// Traffic and CPU per content.
    let cases: Cases

    /// Glass to glass over the track, as a sample in nanoseconds.
    var toAgent: LatencySample { LatencySample(nanoseconds: latency.drawnToAgentMilliseconds.map { $0 * 1e6 }) }
}
