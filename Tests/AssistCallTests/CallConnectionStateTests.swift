import CGstreamer
import Testing

@testable import AssistCall

@Suite("The connection state webrtcbin's two properties make")
struct CallConnectionStateTests {
    @Test("connection-state is reported as it is while ICE has not lost the path")
    func peerConnectionState() {
        let ice = GST_WEBRTC_ICE_CONNECTION_STATE_CONNECTED
        #expect(CallConnectionState(peerConnection: GST_WEBRTC_PEER_CONNECTION_STATE_NEW, ice: ice) == .new)
        #expect(CallConnectionState(peerConnection: GST_WEBRTC_PEER_CONNECTION_STATE_CONNECTING, ice: ice) == .connecting)
        #expect(CallConnectionState(peerConnection: GST_WEBRTC_PEER_CONNECTION_STATE_CONNECTED, ice: ice) == .connected)
        #expect(CallConnectionState(peerConnection: GST_WEBRTC_PEER_CONNECTION_STATE_CLOSED, ice: ice) == .closed)
        #expect(CallConnectionState(peerConnection: GST_WEBRTC_PEER_CONNECTION_STATE_FAILED, ice: ice) == .failed)
    }

    @Test("ICE failed or disconnected wins over a connection-state still at connected")
    func iceLostThePath() {
        let connected = GST_WEBRTC_PEER_CONNECTION_STATE_CONNECTED
        #expect(CallConnectionState(peerConnection: connected, ice: GST_WEBRTC_ICE_CONNECTION_STATE_FAILED) == .failed)
        #expect(
            CallConnectionState(peerConnection: connected, ice: GST_WEBRTC_ICE_CONNECTION_STATE_DISCONNECTED)
                == .disconnected)
    }
}
