import AssistCall
import Testing

/// The floor `assist-bench` measures a call against must do a call's media
/// work and nothing of the call itself.
@Suite("The bare call pipeline")
struct BareCallPipelineTests {
    @Test("it has the call's encoders and decoders and no WebRTC")
    func sameCodecsNoWebRTC() {
        let description = BareCallPipeline.launchDescription
        for element in ["vp8enc", "vp8dec", "opusenc", "opusdec", "rtpvp8pay", "rtpvp8depay", "videotestsrc"] {
            #expect(description.contains(element), "no \(element) in \(description)")
        }
        #expect(!description.contains("webrtcbin"))
        #expect(!description.contains("autovideosrc"))
    }

    @Test("it builds and plays for a second without an error")
    func playsForASecond() throws {
        try BareCallPipeline.run(seconds: 1)
    }
}
