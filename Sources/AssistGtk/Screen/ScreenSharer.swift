import AssistCore

/// Shows a ``ScreenStream`` to an agent while a share of the screen or of
/// another window lasts: the newest picture the desktop delivered is tiled
/// (``FrameTiler``, only what changed, PNG tiles) at most 15 times a second
/// (``FramePacer``) and handed to `send` one frame at a time, so a desktop
/// that does not change sends nothing.
///
/// When `send` cannot take a frame (offline, or the connection is behind),
/// the next frame is a keyframe, so the agent's picture never mixes frames.
///
/// While the share's video track carries the pictures (`docs/protocol.md`
/// §13.5), ``sendsTiles`` is off and every picture, covered, goes to
/// ``onPicture`` as it arrives instead.
@MainActor
public final class ScreenSharer {
    /// What the person picked, or the stream of the desktop's control
    /// session once the agent was given control (``replaceStream(with:)``).
    public private(set) var stream: any ScreenStream
    /// The size of the newest picture, in pixels: what the agent's
    /// coordinates refer to. `nil` before the first picture.
    public private(set) var pictureSize: (width: Int, height: Int)?
    /// Called once when the desktop ended the stream on its own.
    public var onEnded: () -> Void = {}
    /// Paints over each picture before it is tiled — the masks of the
    /// app's window where it lies on the screen, when that is known (X11).
    public var cover: ((inout PixelBuffer) -> Void)?
    /// Takes every picture as it arrives, already covered, while set: the
    /// share's video track.
    public var onPicture: ((PixelBuffer) -> Void)?
    /// Whether pictures go to the agent as tiles; off while the video track
    /// carries them. Turned back on, the next tile frame is a keyframe.
    public var sendsTiles = true {
        didSet {
            guard sendsTiles, !oldValue else { return }
            requestKeyframe()
        }
    }

    private let send: @MainActor ([UInt8]) async -> Bool
    private var pacing: PacedCaptures?
    private var tiler = FrameTiler()
    private var newest: PixelBuffer?
    private var running = false

    /// A sharer of `stream`; nothing is sent before ``start()``.
    public init(stream: any ScreenStream, send: @escaping @MainActor ([UInt8]) async -> Bool) {
        self.stream = stream
        self.send = send
        pacing = PacedCaptures { [weak self] in await self?.tileAndSend() }
    }

    isolated deinit {
        stop()
    }

    /// Starts the stream: a keyframe of its first picture, then a frame
    /// after every change.
    public func start() throws(ScreenChoiceError) {
        guard !running else { return }
        running = true
        tiler.requestKeyframe()
        pacing?.start()
        do {
            try deliver(from: stream)
        } catch {
            running = false
            pacing?.stop()
            throw error
        }
    }

    /// Stops at once: the desktop's stream ends, and no frame is sent after
    /// this returns.
    public func stop() {
        guard running else { return }
        running = false
        pacing?.stop()
        newest = nil
        stream.stop()
    }

    /// Goes on with `replacement` instead of the stream shown so far (which
    /// stops): the next frame is a keyframe of its first picture.
    ///
    /// - Throws: why `replacement` did not start; the share then ends as
    ///   if the desktop had ended it (``onEnded`` is called).
    public func replaceStream(with replacement: any ScreenStream) throws(ScreenChoiceError) {
        stream.stop()
        stream = replacement
        newest = nil
        guard running else { return }
        tiler.requestKeyframe()
        do {
            try deliver(from: replacement)
        } catch {
            streamEnded()
            throw error
        }
    }

    /// The agent needs a whole picture: the next frame is a keyframe, soon.
    public func requestKeyframe() {
        guard running else { return }
        tiler.requestKeyframe()
        pacing?.keyframeRequested()
    }

    /// Hands the newest picture, covered, to ``onPicture`` again: a track
    /// that just connected starts with what the screen shows now.
    public func repeatNewestPicture() {
        guard running, let newest else { return }
        hand(newest)
    }

    /// Starts `stream`, its pictures and its end coming here.
    private func deliver(from stream: any ScreenStream) throws(ScreenChoiceError) {
        try stream.start(
            onFrame: { [weak self] picture in self?.pictureArrived(picture) },
            onEnded: { [weak self] in self?.streamEnded() })
    }

    private func pictureArrived(_ picture: PixelBuffer) {
        guard running else { return }
        newest = picture
        pictureSize = (picture.width, picture.height)
        hand(picture)
        if sendsTiles { pacing?.contentChanged() }
    }

    private func hand(_ picture: PixelBuffer) {
        guard let onPicture else { return }
        var covered = picture
        cover?(&covered)
        onPicture(covered)
    }

    private func streamEnded() {
        guard running else { return }
        stop()
        onEnded()
    }

    private func tileAndSend() async {
        guard running, sendsTiles, var picture = newest else { return }
        cover?(&picture)
        let frame: CobrowseFrame?
        do {
            frame = try tiler.frame(of: picture) { buffer, rects in
                let payloads = PNGTileEncoder.encode(buffer, rects)
                if payloads.contains(where: \.isEmpty) { throw ScreenChoiceError.failed(detail: "a tile could not be encoded") }
                return payloads
            }
        } catch {
            tiler.requestKeyframe()
            frame = nil
        }
        if let frame, running {
            let delivered = await send(CobrowseFrameCodec.encode(frame))
            if !delivered { tiler.requestKeyframe() }
        }
    }
}
