import AssistCore
import Foundation

/// Runs the video track of one running share of a monitor or a window
/// (`docs/protocol.md` §13.5): takes the agent's `screenSignal`s into its
/// ``ScreenVideoMachine`` and performs what it decides — a connection from
/// the ``ScreenVideoFactory`` per offer, fed by the ``ScreenSharer``'s
/// pictures, the signals to the agent, and the sharer's tiles stopped while
/// the track carries the pictures and back when it stops.
@MainActor
final class ScreenVideoController {
    private let factory: any ScreenVideoFactory
    private let sharer: ScreenSharer
    private let send: (CallSignal) -> Void
    private var machine = ScreenVideoMachine()
    private var media: (any ScreenVideoSession)?
    /// The ICE servers of the `welcome`, once read; signals wait until then.
    private var iceServers: [IceServer]?
    private var waiting: [CallSignal] = []

    /// A controller for the share `sharer` shows; `send` sends a signal to
    /// the agent, `iceServers` reads the servers the `welcome` named.
    init(
        factory: any ScreenVideoFactory, sharer: ScreenSharer, send: @escaping (CallSignal) -> Void,
        iceServers: @escaping () async -> [IceServer]
    ) {
        self.factory = factory
        self.sharer = sharer
        self.send = send
        Task { [weak self] in
            let servers = await iceServers()
            self?.serversKnown(servers)
        }
    }

    /// A `screenSignal` from the agent for this share.
    func receive(_ signal: CallSignal) {
        guard iceServers != nil else { return waiting.append(signal) }
        perform(machine.received(signal))
    }

    /// The agent asked for a whole picture: while the track carries the
    /// pictures its next frame is a key frame (the tiles answer otherwise).
    func requestKeyframe() {
        guard machine.isConnected else { return }
        media?.requestKeyframe()
    }

    /// The share ended: the connection closes, and nothing more is sent.
    func stop() {
        waiting = []
        perform(machine.shareEnded())
    }

    private func serversKnown(_ servers: [IceServer]) {
        iceServers = servers
        let signals = waiting
        waiting = []
        for signal in signals { perform(machine.received(signal)) }
    }

    private func perform(_ actions: [ScreenVideoMachine.Action]) {
        for action in actions {
            switch action {
            case .answer(let offer): answer(offer)
            case .addCandidate(let candidate, let index): try? media?.addRemoteCandidate(candidate, sdpMLineIndex: index)
            case .send(let signal): send(signal)
            case .stopMedia: stopMedia()
            case .resumeTiles: sharer.sendsTiles = true
            }
        }
    }

    private func answer(_ offer: String) {
        stopMedia()
        do {
            let media = try factory.makeScreenVideo(iceServers: iceServers ?? [])
            media.onEvent = { [weak self, weak media] event in
                guard let self, let media, self.media === media else { return }
                self.mediaReported(event)
            }
            self.media = media
            sharer.onPicture = { [weak media] picture in media?.send(picture) }
            try media.receiveOffer(offer)
            sharer.repeatNewestPicture()
        } catch {
            FileHandle.standardError.write(Data("assist: the shared screen's video track failed: \(error)\n".utf8))
            perform(machine.mediaLost())
        }
    }

    private func mediaReported(_ event: CallMediaEvent) {
        switch event {
        case .answerCreated(let sdp): perform(machine.answerCreated(sdp))
        case .candidateGathered(let index, let candidate):
            perform(machine.candidateGathered(candidate, sdpMLineIndex: index))
        case .connected:
            perform(machine.mediaConnected())
            sharer.sendsTiles = machine.sendsTiles
            sharer.repeatNewestPicture()
        case .disconnected:
            perform(machine.mediaLost())
        }
    }

    private func stopMedia() {
        sharer.onPicture = nil
        media?.stop()
        media = nil
    }
}
