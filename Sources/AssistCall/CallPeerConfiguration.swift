public import AssistCore

/// Everything a ``CallPeer`` needs to know before the call starts.
public struct CallPeerConfiguration: Sendable, Hashable {
    /// What the person's side sends and receives (`docs/protocol.md` §13.4).
    public var tracks: CallTracks
    /// The STUN and TURN servers, as webrtcbin takes them.
    public var iceServers: CallIceServers
    /// Where the outgoing audio and video come from.
    public var source: CallMediaSource
    /// Where the agent's audio goes.
    public var audioOutput: CallAudioOutput

    /// A configuration of the call's tracks, servers, source and audio output.
    public init(
        tracks: CallTracks, iceServers: CallIceServers = CallIceServers(),
        source: CallMediaSource = .devices, audioOutput: CallAudioOutput = .speakers
    ) {
        self.tracks = tracks
        self.iceServers = iceServers
        self.source = source
        self.audioOutput = audioOutput
    }
}

/// The ICE servers of a call, as URIs in the form webrtcbin expects:
/// `stun://host:port` and `turn://user:password@host:port` (or `turns://`).
/// The protocol's `IceServer` (§13.1) is mapped to these by the app.
public struct CallIceServers: Sendable, Hashable {
    /// The STUN server; webrtcbin uses at most one.
    public var stunServer: String?
    /// The TURN servers, with their credentials in the URI.
    public var turnServers: [String]

    /// Servers given as URIs; none by default (host candidates only).
    public init(stunServer: String? = nil, turnServers: [String] = []) {
        self.stunServer = stunServer
        self.turnServers = turnServers
    }
}

/// Where a call's outgoing media comes from.
public enum CallMediaSource: Sendable, Hashable {
    /// The desktop's camera and microphone, through whatever GStreamer finds
    /// (`autovideosrc`: PipeWire or V4L2; `autoaudiosrc`: PulseAudio or ALSA).
    case devices
    /// Live test sources: colour bars and a 440 Hz tone. For tests and demos.
    case testSources
    /// No camera or microphone: the video is the pictures handed to
    /// ``CallPeer/send(_:)`` — a shared screen (`docs/protocol.md` §13.5).
    case pictures
}

/// Where a call's incoming audio goes.
public enum CallAudioOutput: Sendable, Hashable {
    /// The desktop's speakers (`autoaudiosink`).
    case speakers
    /// Decoded and dropped (`fakesink`): for tests, where only the count of
    /// received buffers matters.
    case discard
}
