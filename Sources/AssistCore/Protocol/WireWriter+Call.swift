extension WireWriter {
    /// A ``CallSignal`` object, checked against the limits the reader applies.
    mutating func callSignal(_ signal: CallSignal, _ key: String) throws {
        var object = object(key)
        try object.text(signal.kind, "kind", max: ProtocolLimits.maxIdentifier)
        switch signal {
        case .offer(let negotiation, let sdp), .answer(let negotiation, let sdp):
            try object.integer(negotiation, "negotiation", min: 1)
            try object.text(sdp, "sdp", max: ProtocolLimits.maxSDP)
        case .candidate(let negotiation, let index, let candidate):
            try object.integer(negotiation, "negotiation", min: 1)
            guard index <= ProtocolLimits.maxMLineIndex else {
                throw object.problem("sdpMLineIndex", "must be at most \(ProtocolLimits.maxMLineIndex)")
            }
            try object.integer(index, "sdpMLineIndex")
            try object.text(candidate, "candidate", max: ProtocolLimits.maxCandidate, allowEmpty: true)
        case .restart:
            break
        }
    }

    /// The `microphone` and `camera` members of a `callMediaState` body.
    mutating func callMediaState(_ state: CallMediaState) throws {
        try encode(state.microphone, "microphone")
        try encode(state.camera, "camera")
    }

    /// An array of at most ``ProtocolLimits/maxIceServers`` ``IceServer``s, left out when `nil`.
    mutating func iceServersIfPresent(_ servers: [IceServer]?, _ key: String) throws {
        if let servers { try array(servers, key, max: ProtocolLimits.maxIceServers) }
    }
}
