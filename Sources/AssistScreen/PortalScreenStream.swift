import AssistCore
import AssistGtk

/// The monitor or window the person picked in the portal's dialog, until
/// ``stop()``: its pictures come from the session's PipeWire stream.
///
/// It ends once, for whichever comes first: ``stop()`` (nothing is reported),
/// the session's `closed` signal, or the end or an error of the stream
/// (``start(onFrame:onEnded:)``'s `onEnded`). Either way the pipeline stops,
/// the PipeWire connection and the portal session close, and the desktop
/// drops the stream's PipeWire node.
///
/// Known gap (mutter 43, xdg-desktop-portal-gnome 43, pipewiresrc 0.3.65):
/// when a shared window closes, mutter ends its stream without a word — the
/// portal does not emit `closed` and pipewiresrc posts neither end-of-stream
/// nor an error — so `onEnded` is not called then; pictures simply stop.
@MainActor
final class PortalScreenStream: ScreenStream {
    /// What the person picked.
    let source: SharedSource
    /// The portal's description of the stream.
    let stream: StreamDescription
    /// The token that restores this choice without the portal's dialog.
    let restoreToken: String?
    private let session: PortalSession
    private var phase = Phase.ready
    private var pipeline: ScreenFramePipeline?
    private var onFrame: (@MainActor (PixelBuffer) -> Void)?
    private var onEnded: (@MainActor () -> Void)?

    private enum Phase {
        case ready, running, ended
    }

    /// The stream `stream` of the started `session`, which it owns from now
    /// on, with the session's `restoreToken` if the choice was kept.
    init(session: PortalSession, stream: StreamDescription, restoreToken: String?) {
        self.session = session
        self.stream = stream
        self.restoreToken = restoreToken
        self.source = stream.source
    }

    isolated deinit {
        finish()
    }

    /// Opens the session's PipeWire connection and starts the pipeline.
    ///
    /// - Throws: ``ScreenChoiceError/failed(detail:)`` when the portal gives
    ///   no PipeWire connection, GStreamer or one of its elements is missing,
    ///   the pipeline does not start, or the stream was started or stopped
    ///   before.
    func start(
        onFrame: @escaping @MainActor (PixelBuffer) -> Void, onEnded: @escaping @MainActor () -> Void
    ) throws(ScreenChoiceError) {
        guard phase == .ready else {
            throw .failed(detail: phase == .running ? "the screen share was already started" : "the screen share has ended")
        }
        guard let descriptor = session.openPipeWireRemote() else {
            finish()
            throw .failed(detail: "the desktop gave no PipeWire connection for the screen share")
        }
        let mailbox = ScreenFrameMailbox { [weak self] frame in self?.deliver(frame) }
        do throws(ScreenChoiceError) {
            pipeline = try ScreenFramePipeline(
                .pipeWire(descriptor: descriptor, node: stream.nodeID), frames: mailbox,
                ended: { [weak self] _ in self?.desktopEnded() })
        } catch {
            finish()
            throw error
        }
        self.onFrame = onFrame
        self.onEnded = onEnded
        phase = .running
        session.onClosed { [weak self] in self?.desktopEnded() }
    }

    /// Ends the stream and the portal session; no picture is delivered and
    /// `onEnded` is not called after it returns. Safe to call twice.
    func stop() {
        finish()
    }

    private func deliver(_ frame: PixelBuffer) {
        guard phase == .running else { return }
        onFrame?(frame)
    }

    /// The desktop or the pipeline ended the stream: tear down, then tell.
    private func desktopEnded() {
        guard phase == .running else { return }
        let ended = onEnded
        finish()
        ended?()
    }

    private func finish() {
        phase = .ended
        onFrame = nil
        onEnded = nil
        pipeline?.stop()
        pipeline = nil
        session.close()
    }
}
