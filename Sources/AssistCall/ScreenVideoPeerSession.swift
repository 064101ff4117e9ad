public import AssistCore
public import AssistGtk

extension GStreamerCallMedia: ScreenVideoFactory {
    /// A connection that sends a shared screen's pictures as VP8 and
    /// receives nothing (`docs/protocol.md` §13.5).
    public func makeScreenVideo(iceServers: [IceServer]) throws -> any ScreenVideoSession {
        let configuration = CallPeerConfiguration(
            tracks: CallTracks(sendsAudio: false, receivesAudio: false, sendsVideo: true, receivesVideo: false),
            iceServers: CallIceServers(iceServers), source: .pictures, audioOutput: .discard)
        return ScreenVideoPeerSession(peer: CallPeer(configuration: configuration))
    }
}

/// A ``CallPeer`` fed with pictures, as the GTK layer drives a shared
/// screen's video track.
@MainActor
final class ScreenVideoPeerSession: ScreenVideoSession {
    let peer: CallPeer
    var onEvent: (CallMediaEvent) -> Void = { _ in }

    init(peer: CallPeer) {
        self.peer = peer
        peer.onEvent = { [weak self] event in self?.peerReported(event) }
    }

    func receiveOffer(_ sdp: String) throws { try peer.receiveOffer(sdp) }

    func addRemoteCandidate(_ candidate: String, sdpMLineIndex: Int) throws {
        try peer.addRemoteCandidate(candidate, mLineIndex: sdpMLineIndex)
    }

    func send(_ picture: PixelBuffer) { peer.send(picture) }

    func requestKeyframe() { peer.requestKeyframe() }

    func stop() { peer.stop() }

    private func peerReported(_ event: CallPeerEvent) {
        if let reported = CallMediaEvent(answering: event, media: "the shared screen's video track") { onEvent(reported) }
    }
}
