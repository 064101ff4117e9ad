public import AssistCore
public import AssistGtk
import CGtk
import Foundation

/// The call media Assist's GTK layer plugs in: WebRTC over GStreamer's
/// `webrtcbin`. Install it before starting support to take calls:
///
/// ```swift
/// AssistSDK.callMedia = GStreamerCallMedia()
/// ```
///
/// GStreamer is initialised only when the first call starts.
@MainActor
public final class GStreamerCallMedia: CallMediaFactory {
    /// A factory.
    public init() {}

    /// A peer for one call: the devices (or test sources) and speakers when a
    /// sound server runs, otherwise audio decoded and dropped.
    public func makeMedia(tracks: CallTracks, iceServers: [IceServer], testSources: Bool) throws
        -> any CallMediaSession
    {
        let configuration = CallPeerConfiguration(
            tracks: tracks, iceServers: CallIceServers(iceServers), source: testSources ? .testSources : .devices,
            audioOutput: Self.soundServerRuns ? .speakers : .discard)
        return PeerMediaSession(peer: CallPeer(configuration: configuration))
    }

    /// Whether PulseAudio or PipeWire listens in the user's runtime folder.
    static var soundServerRuns: Bool {
        guard let runtime = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"] else { return false }
        return ["pulse/native", "pipewire-0"].contains {
            FileManager.default.fileExists(atPath: "\(runtime)/\($0)")
        }
    }
}

/// A ``CallPeer`` as the GTK layer drives a call's media.
@MainActor
final class PeerMediaSession: CallMediaSession {
    let peer: CallPeer
    var onEvent: (CallMediaEvent) -> Void = { _ in }

    init(peer: CallPeer) {
        self.peer = peer
        peer.onEvent = { [weak self] event in self?.peerReported(event) }
    }

    var remoteVideo: UnsafeMutablePointer<GtkWidget> { peer.remoteVideo.widget }
    var selfView: UnsafeMutablePointer<GtkWidget> { peer.selfView.widget }

    func receiveOffer(_ sdp: String) throws { try peer.receiveOffer(sdp) }

    func addRemoteCandidate(_ candidate: String, sdpMLineIndex: Int) throws {
        try peer.addRemoteCandidate(candidate, mLineIndex: sdpMLineIndex)
    }

    func setMicrophoneEnabled(_ enabled: Bool) { peer.setMicrophoneEnabled(enabled) }

    func setCameraEnabled(_ enabled: Bool) { peer.setCameraEnabled(enabled) }

    func stop() { peer.stop() }

    private func peerReported(_ event: CallPeerEvent) {
        if let reported = CallMediaEvent(answering: event, media: "the call's media") { onEvent(reported) }
    }
}
