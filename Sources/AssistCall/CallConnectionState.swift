import CGstreamer

/// The state of a call's connection to the other side, as a browser's
/// `RTCPeerConnection.connectionState` names it.
public enum CallConnectionState: String, Sendable, Hashable {
    /// Nothing negotiated yet.
    case new
    /// ICE and DTLS are working on a path.
    case connecting
    /// Media can flow.
    case connected
    /// The path was lost; ICE may find it again.
    case disconnected
    /// No path could be found.
    case failed
    /// The peer was stopped.
    case closed

    /// The state webrtcbin reports through its `connection-state` and
    /// `ice-connection-state` properties. ICE speaks first when it has lost
    /// the path: webrtcbin 1.22 can leave `connection-state` at connected
    /// after ICE has failed or disconnected.
    init(peerConnection: GstWebRTCPeerConnectionState, ice: GstWebRTCICEConnectionState) {
        switch ice {
        case GST_WEBRTC_ICE_CONNECTION_STATE_FAILED:
            self = .failed
            return
        case GST_WEBRTC_ICE_CONNECTION_STATE_DISCONNECTED:
            self = .disconnected
            return
        default:
            break
        }
        switch peerConnection {
        case GST_WEBRTC_PEER_CONNECTION_STATE_CONNECTING: self = .connecting
        case GST_WEBRTC_PEER_CONNECTION_STATE_CONNECTED: self = .connected
        case GST_WEBRTC_PEER_CONNECTION_STATE_DISCONNECTED: self = .disconnected
        case GST_WEBRTC_PEER_CONNECTION_STATE_FAILED: self = .failed
        case GST_WEBRTC_PEER_CONNECTION_STATE_CLOSED: self = .closed
        default: self = .new
        }
    }
}
