import CGstreamer

/// What webrtcbin and the pipeline's bus report, carried from their
/// threads to the peer on the main thread.
enum WebRTCNotice: Sendable {
    /// webrtcbin wants an offer (the offering side makes one).
    case negotiationNeeded
    /// A local candidate was gathered.
    case localCandidate(mLineIndex: Int, candidate: String)
    /// ICE gathering finished.
    case gatheringComplete
    /// `connection-state` or `ice-connection-state` changed; both as they are now.
    case connectionChanged(GstWebRTCPeerConnectionState, GstWebRTCICEConnectionState)
    /// The pipeline posted an error.
    case pipelineError(String)
}

/// Connects webrtcbin's signals to one notice handler. Each handler runs on
/// the thread webrtcbin emits from, reads what it needs there and passes a
/// ``WebRTCNotice`` on.
final class WebRTCSignalRelay: Sendable {
    private let notify: @Sendable (WebRTCNotice) -> Void

    /// A relay handing every notice to `notify` (which hops to the main thread).
    init(_ notify: @escaping @Sendable (WebRTCNotice) -> Void) {
        self.notify = notify
    }

    /// Connects the relay to `webrtc`'s negotiation, candidate and state
    /// signals. Each connection holds the relay until webrtcbin is finalized.
    func connect(to webrtc: UnsafeMutablePointer<GstElement>) {
        let negotiationNeeded: @convention(c) (gpointer?, gpointer?) -> Void = { _, userData in
            relay(userData)?.notify(.negotiationNeeded)
        }
        connect(webrtc, "on-negotiation-needed", unsafeBitCast(negotiationNeeded, to: GCallback.self))

        let candidate: @convention(c) (gpointer?, guint, UnsafePointer<gchar>?, gpointer?) -> Void = {
            _, mLineIndex, candidate, userData in
            guard let candidate else { return }
            relay(userData)?.notify(.localCandidate(mLineIndex: Int(mLineIndex), candidate: String(cString: candidate)))
        }
        connect(webrtc, "on-ice-candidate", unsafeBitCast(candidate, to: GCallback.self))

        let gathering: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { webrtc, _, userData in
            guard let webrtc else { return }
            if assist_object_get_enum(webrtc, "ice-gathering-state")
                == Int32(GST_WEBRTC_ICE_GATHERING_STATE_COMPLETE.rawValue)
            {
                relay(userData)?.notify(.gatheringComplete)
            }
        }
        connect(webrtc, "notify::ice-gathering-state", unsafeBitCast(gathering, to: GCallback.self))

        let connection: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { webrtc, _, userData in
            guard let webrtc else { return }
            let peer = GstWebRTCPeerConnectionState(UInt32(assist_object_get_enum(webrtc, "connection-state")))
            let ice = GstWebRTCICEConnectionState(UInt32(assist_object_get_enum(webrtc, "ice-connection-state")))
            relay(userData)?.notify(.connectionChanged(peer, ice))
        }
        connect(webrtc, "notify::connection-state", unsafeBitCast(connection, to: GCallback.self))
        connect(webrtc, "notify::ice-connection-state", unsafeBitCast(connection, to: GCallback.self))
    }

    /// Passes the pipeline bus's errors on; the watch runs on the main
    /// context and holds the relay until it is removed.
    func watch(_ bus: UnsafeMutablePointer<GstBus>) {
        let message: GstBusFunc = { _, message, userData in
            guard let message, message.pointee.type == GST_MESSAGE_ERROR else { return gboolean(1) }
            let source = message.pointee.src.flatMap { gst_object_get_name($0) }
            defer { g_free(source) }
            let text = CallBins.errorText(of: message)
            let name = source.map { String(cString: $0) } ?? "pipeline"
            relay(userData)?.notify(.pipelineError("\(name): \(text)"))
            return gboolean(1)
        }
        gst_bus_add_watch_full(bus, G_PRIORITY_DEFAULT, message, Unmanaged.passRetained(self).toOpaque(), releaseRelay)
    }

    private func connect(_ webrtc: UnsafeMutablePointer<GstElement>, _ signal: String, _ handler: GCallback) {
        let release: GClosureNotify = { userData, _ in releaseRelay(userData) }
        g_signal_connect_data(
            webrtc, signal, handler, Unmanaged.passRetained(self).toOpaque(), release, GConnectFlags(0))
    }
}

/// The relay behind a handler's user data.
private func relay(_ userData: gpointer?) -> WebRTCSignalRelay? {
    userData.map { Unmanaged<WebRTCSignalRelay>.fromOpaque($0).takeUnretainedValue() }
}

/// Releases the reference a connection or watch held.
private func releaseRelay(_ userData: gpointer?) {
    if let userData { Unmanaged<WebRTCSignalRelay>.fromOpaque(userData).release() }
}
