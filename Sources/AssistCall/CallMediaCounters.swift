/// How many buffers passed each point of a call's pipeline, for tests and
/// diagnostics. Counts start at zero when the peer is made and keep their
/// values after it stops.
public struct CallMediaCounters: Sendable, Hashable {
    /// Buffers the microphone (or the test tone) produced.
    public var capturedAudioBuffers = 0
    /// Frames the camera (or the test pattern) produced.
    public var capturedVideoFrames = 0
    /// Encoded audio buffers handed to the RTP payloader: what is sent.
    public var audioBuffersSent = 0
    /// Encoded video frames handed to the RTP payloader: what is sent.
    public var videoFramesSent = 0
    /// Decoded audio buffers of the remote side.
    public var audioBuffersReceived = 0
    /// Decoded video frames of the remote side.
    public var videoFramesDecoded = 0
}
