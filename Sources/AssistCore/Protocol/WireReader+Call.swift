extension WireReader {
    /// A ``CallMedia`` string: `audio` or `video`.
    func callMedia(_ key: String) throws -> CallMedia {
        let raw = try text(key, max: ProtocolLimits.maxIdentifier)
        guard let media = CallMedia(rawValue: raw) else { throw problem(key, "must be \"audio\" or \"video\"") }
        return media
    }

    /// A ``CallEndReason`` string; an unknown reason is kept as it came.
    func callEndReason(_ key: String) throws -> CallEndReason {
        CallEndReason(rawValue: try text(key, max: ProtocolLimits.maxIdentifier))
    }

    /// The `microphone` and `camera` members of a `callMediaState` body.
    func callMediaState() throws -> CallMediaState {
        CallMediaState(microphone: try bool("microphone"), camera: try bool("camera"))
    }

    /// A ``CallSignal`` object, by its `kind`.
    func callSignal(_ key: String) throws -> CallSignal {
        let object = try object(key)
        switch try object.text("kind", max: ProtocolLimits.maxIdentifier) {
        case "offer":
            return .offer(
                negotiation: try object.integer("negotiation", min: 1),
                sdp: try object.text("sdp", max: ProtocolLimits.maxSDP))
        case "answer":
            return .answer(
                negotiation: try object.integer("negotiation", min: 1),
                sdp: try object.text("sdp", max: ProtocolLimits.maxSDP))
        case "candidate":
            let index = try object.integer("sdpMLineIndex")
            if index > ProtocolLimits.maxMLineIndex {
                throw object.problem("sdpMLineIndex", "must be at most \(ProtocolLimits.maxMLineIndex)")
            }
            return .candidate(
                negotiation: try object.integer("negotiation", min: 1), sdpMLineIndex: index,
                candidate: try object.text("candidate", max: ProtocolLimits.maxCandidate, allowEmpty: true))
        case "restart":
            return .restart
        default:
            throw object.problem("kind", "must be \"offer\", \"answer\", \"candidate\" or \"restart\"")
        }
    }
}

extension WireReader {
    /// An array of at most ``ProtocolLimits/maxIceServers`` ``IceServer``s,
    /// or `nil` when absent (a welcome on a connection below version 3).
    func iceServersIfPresent(_ key: String) throws -> [IceServer]? {
        try has(key) ? array(key, max: ProtocolLimits.maxIceServers, of: IceServer.self) : nil
    }
}
