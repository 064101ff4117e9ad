/// Which media the person's side of a call sends and receives: the table of
/// `docs/protocol.md` §13.4, decided by the person's ``VideoMode`` whatever
/// the agent offers.
///
/// Audio always flows both ways. Video goes out only in ``VideoMode/full``
/// and comes in unless the mode is ``VideoMode/none`` or the call is voice only.
public struct CallTracks: Sendable, Hashable {
    /// The person's microphone is sent.
    public var sendsAudio: Bool
    /// The agent's audio is played.
    public var receivesAudio: Bool
    /// The person's camera is sent.
    public var sendsVideo: Bool
    /// The agent's video is shown.
    public var receivesVideo: Bool

    /// The tracks of a call with `media` for a person whose app runs in `videoMode`.
    public init(videoMode: VideoMode, media: CallMedia) {
        sendsAudio = true
        receivesAudio = true
        let video = media == .video
        sendsVideo = video && videoMode == .full
        receivesVideo = video && videoMode != .none
    }

    /// Tracks given one by one.
    public init(sendsAudio: Bool, receivesAudio: Bool, sendsVideo: Bool, receivesVideo: Bool) {
        self.sendsAudio = sendsAudio
        self.receivesAudio = receivesAudio
        self.sendsVideo = sendsVideo
        self.receivesVideo = receivesVideo
    }

    /// The direction the person's video transceiver answers with;
    /// ``MediaDirection/inactive`` when video is neither sent nor received
    /// (an offered video m-line is answered inactive).
    public var videoDirection: MediaDirection {
        MediaDirection(sends: sendsVideo, receives: receivesVideo)
    }

    /// The direction of the person's audio transceiver.
    public var audioDirection: MediaDirection {
        MediaDirection(sends: sendsAudio, receives: receivesAudio)
    }
}

/// An SDP media direction, as a transceiver is set to.
public enum MediaDirection: String, Sendable, Hashable {
    /// Sends and receives.
    case sendrecv
    /// Sends only.
    case sendonly
    /// Receives only.
    case recvonly
    /// Neither.
    case inactive

    /// The direction that sends and receives as given.
    public init(sends: Bool, receives: Bool) {
        switch (sends, receives) {
        case (true, true): self = .sendrecv
        case (true, false): self = .sendonly
        case (false, true): self = .recvonly
        case (false, false): self = .inactive
        }
    }
}
