import Foundation

/// The words of the "Screen share" section: how it was measured, and what
/// the figures say.
extension ScreenShareSection {
    /// What was measured and how, and on which machine.
    var description: [String] {
        let sampled = result.cases.video.png.map { "\($0.framesSampled)" } ?? "some"
        let track = result.videoTrack
        let window = result.window
        return [
            "## Screen share",
            "",
            "`Tests/screen/screen_benchmark.py`: the \(result.build) `assist-desktop` shares the whole"
                + " \(result.monitor.width)×\(result.monitor.height) monitor of a headless GNOME session",
            "(\(result.compositor) `--headless`, software rendering, GTK's cairo renderer) through the ScreenCast portal with a",
            "scripted agent (`Tests/ui/scripted_agent.py`, protocol version 3) through a \(result.build) `assist-server` on loopback,",
            "over two transports measured one after the other in the same share (docs/protocol.md §13.5): first the **tile",
            "path** (64-pixel tiles, only what changed, PNG or solid, at most 15 frames/s, nothing when still, relayed by the",
            "server); then the **video track**: the agent offers a receive-only VP8 m-line (`Tests/screen/video_receiver.py`,",
            "GStreamer's `webrtcbin` in the benchmark's process, as a console would), the app answers with its screen encoder",
            "(`vp8enc` fed with the same covered pictures), the media goes peer to peer on loopback, and the app sends no tiles",
            "while it is connected (\(track.latency.tileFramesMeanwhile) tile frames came while the changes were timed over it).",
            "",
            "Glass to glass = from the test window (`pattern_window.py`, \(window.width)×\(window.height) at"
                + " (\(window.x), \(window.y))) drawing its new colour (its own",
            "event, wall clock, 1 ms) to the agent holding a picture that shows it over ≥ 90 % of the window: on the tile path",
            "the relayed frame after which its picture (every frame drawn in order, `agent_picture.py`; drawing not counted)",
            "shows it; over the track the decoded picture (`vp8dec`, RGBA, dated at the `appsink`; within 24 levels, VP8 is",
            "lossy). \(result.latency.changes) changes 0.45–0.6 s apart on each. Floor = as many changes timed up to the desktop's",
            "own stream by a consumer of mutter's screen cast that does no work (`screen_cast_probe.py watch`): what no consumer",
            "of the portal's stream can beat on this machine.",
            "",
            "Traffic and CPU over \(ReportFormat.seconds(.seconds(result.measureSeconds))) per content and transport: nothing"
                + " changes; `scrolling_text.py` (800×500, a",
            "monospace text view getting 20 lines a second, kept at its end); `moving_picture.py` (800×500, a smooth random",
            "picture panning at up to 30 frames/s). Bytes = on the tile path the relayed frames the agent received (WebSocket",
            "framing not counted), over the track the RTP payload received (a browser's `inbound-rtp` `bytesReceived`; RTP",
            "headers, SRTP, RTCP and STUN not counted); frames/s = relayed frames, or pictures decoded. CPU = user + system",
            "time over wall time (`/proc`, percent of one core) of each process; \"agent\" = the benchmark's own process (the",
            "scripted agent; over the track also its decoder); \"other work\" = every core's busy time (`/proc/stat`) less this",
            "benchmark's processes: what else ran on the shared machine; \"of which PNG\" = the PNG tiles of \(sampled) of the",
            "frames the agent got, encoded again after the run with GTK's encoder (`gdk_texture_save_to_png_bytes`, the app's),",
            "one core: the tile path's own floor, whatever the build. The baseline, in the same run on the same contents once",
            "the app's share stopped, is `screen_cast_probe.py vp8`:",
            "`\(result.vp8Pipeline)`",
            "on its own recording of the monitor (mutter's ScreenCast API, which the portal itself calls), with the encoder",
            "settings of the app's screen track (`CallPipelineDescription.videoEncoder(for: .pictures)`:"
                + " \(Self.bitrate(result.vp8TargetBitrate)), a key frame at",
            "most every 300 frames), so the ratio is the app's cost over the bare capture and encode: its copy out of PipeWire",
            "and masks, RTP, SRTP and ICE. The track and the baseline are lossy where the tile path is lossless.",
            "",
            "- Machine: \(result.machine.processor), \(result.machine.cores) cores,"
                + " \(String(format: "%.0f", result.machine.memoryGiB)) GiB, \(result.machine.system)",
            "- Date: \(result.date)",
            "- Build: \(result.build); load average (1 min) \(String(format: "%.2f", result.loadAverage.before)) before,"
                + " \(String(format: "%.2f", result.loadAverage.after)) after the run (the machine is shared)",
            "- Video track: connected \(String(format: "%.0f", track.negotiation.offerToConnectedMilliseconds)) ms after the"
                + " offer, first picture after \(String(format: "%.0f", track.negotiation.offerToPictureMilliseconds)) ms;"
                + " \(track.keyframes) key frames received, \(track.keyframesRequested) asked for, \(track.restarts) restarts",
            "",
        ]
    }

    /// A paragraph for each goal missed, with the floor that stops it, and
    /// the transports compared.
    var findings: [String] {
        var paragraphs = [
            latencyFinding("the tile path", result.toAgent, result.latency.othersCpuPercentToAgent),
            latencyFinding("the video track", result.videoTrack.toAgent, result.videoTrack.latency.othersCpuPercentToAgent),
        ].compactMap { $0 }
        if result.cases.idle.app.bytesPerSecond > 0 {
            paragraphs.append(
                "Finding: the tile path is not silent while nothing changes"
                    + " (\(Self.bytes(result.cases.idle.app.bytesPerSecond))); the desktop's stream delivered"
                    + " \(String(format: "%.1f", result.cases.idle.vp8.framesPerSecond)) frames/s to the baseline over the same"
                    + " still screen.")
        }
        if result.build != "release" {
            paragraphs.append(
                "Measured with the \(result.build) build of the app and the server; the release build (`./build.sh bench`)"
                    + " is the one to judge the app's CPU by.")
        }
        paragraphs.append(comparison)
        return paragraphs.flatMap { ["", $0] }
    }

    /// Why glass to glass over `transport` misses 100 ms, or `nil` when it does not.
    private func latencyFinding(_ transport: String, _ sample: LatencySample, _ others: Double) -> String? {
        let p95 = sample.percentile(0.95)
        guard p95 > Self.latencyTarget else { return nil }
        let floor = result.toStream
        let where_ =
            floor.percentile(0.95) > Self.latencyTarget
            ? "That floor alone is above the goal: no consumer of the portal's stream meets it on this machine."
            : "What stops it is above the desktop: \(ReportFormat.time(sample.median - floor.median)) at p50 and"
                + " \(ReportFormat.time(p95 - floor.percentile(0.95))) at p95 (glass to glass less the floor)."
        return "Finding: glass to glass over \(transport) misses its goal (p95 \(ReportFormat.time(p95)) against 100 ms)."
            + " The desktop's own stream shows a change after \(ReportFormat.time(floor.median)) at p50 and"
            + " \(ReportFormat.time(floor.percentile(0.95))) at p95. \(where_) Other work on the machine took"
            + " \(Self.percent(others)) of a core meanwhile."
    }

    /// The two transports against the bare pipeline, and the one the app uses.
    private var comparison: String {
        let (scrolling, video) = (result.cases.scrolling, result.cases.video)
        let (trackScrolling, trackVideo) = (result.videoTrack.cases.scrolling, result.videoTrack.cases.video)
        let rate = { (value: Double) in String(format: "%.1f", value) }
        var text =
            "Against the bare VP8 pipeline, the tile path sends"
            + " \(Self.ratio(scrolling.app.bytesPerSecond, scrolling.vp8.bytesPerSecond)) the bytes for the scrolling text and"
            + " \(Self.ratio(video.app.bytesPerSecond, video.vp8.bytesPerSecond)) for the video at"
            + " \(Self.ratio(scrolling.app.cpuPercent, scrolling.vp8.cpuPercent)) and"
            + " \(Self.ratio(video.app.cpuPercent, video.vp8.cpuPercent)) the CPU, delivering"
            + " \(rate(scrolling.app.framesPerSecond)) and \(rate(video.app.framesPerSecond)) frames/s; the video track sends"
            + " \(Self.ratio(trackScrolling.bytesPerSecond, scrolling.vp8.bytesPerSecond)) and"
            + " \(Self.ratio(trackVideo.bytesPerSecond, video.vp8.bytesPerSecond)) the bytes at"
            + " \(Self.ratio(trackScrolling.cpuPercent, scrolling.vp8.cpuPercent)) and"
            + " \(Self.ratio(trackVideo.cpuPercent, video.vp8.cpuPercent)) the CPU, delivering"
            + " \(rate(trackScrolling.framesPerSecond)) and \(rate(trackVideo.framesPerSecond)) frames/s, where the desktop gave"
            + " the bare encoder \(rate(scrolling.vp8.framesPerSecond)) and \(rate(video.vp8.framesPerSecond))."
        if let scrollingPNG = scrolling.png, let videoPNG = video.png {
            text +=
                " PNG alone (GTK's encoder, the tiles actually sent) takes"
                + " \(String(format: "%.1f", scrollingPNG.encodeMillisecondsPerFrame)) ms of a core per scrolling frame and"
                + " \(String(format: "%.1f", videoPNG.encodeMillisecondsPerFrame)) ms per video frame: the tile path's own floor."
        }
        return text
            + " So a shared screen goes over the video track whenever the agent's console offers one (§13.5), and the tile"
            + " path stays what carries the first pictures, an agent that offers no track, and the time after a track stops."
    }

    /// A bit rate such as 1 Mbit/s or 256 kbit/s.
    private static func bitrate(_ bitsPerSecond: Int) -> String {
        bitsPerSecond >= 1_000_000
            ? String(format: "%g Mbit/s", Double(bitsPerSecond) / 1e6)
            : String(format: "%g kbit/s", Double(bitsPerSecond) / 1e3)
    }
}
