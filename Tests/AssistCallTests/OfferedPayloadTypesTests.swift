import Testing

@testable import AssistCall

@Suite("The payload numbers of a remote offer")
struct OfferedPayloadTypesTests {
    @Test("VP8 and Opus are read from a browser's rtpmap lines, whatever their case and order")
    func browserOffer() {
        let sdp = [
            "v=0", "m=audio 9 UDP/TLS/RTP/SAVPF 111 63 9", "a=rtpmap:111 opus/48000/2", "a=rtpmap:63 red/48000/2",
            "m=video 9 UDP/TLS/RTP/SAVPF 96 97 98 102", "a=rtpmap:98 VP9/90000", "a=rtpmap:96 VP8/90000",
            "a=rtpmap:97 rtx/90000", "a=rtpmap:102 H264/90000",
        ].joined(separator: "\r\n")
        let types = OfferedPayloadTypes(sdp: sdp)
        #expect(types.vp8 == 96)
        #expect(types.opus == 111)
    }

    @Test("an offer without VP8 or Opus gives no number for them")
    func missingCodecs() {
        let types = OfferedPayloadTypes(sdp: "v=0\r\nm=video 9 RTP/AVP 98\r\na=rtpmap:98 VP9/90000\r\n")
        #expect(types.vp8 == nil)
        #expect(types.opus == nil)
    }

    @Test("a number outside the dynamic range 96–127, or no number, is ignored")
    func badNumbers() {
        let types = OfferedPayloadTypes(sdp: "a=rtpmap:8 VP8/90000\na=rtpmap:x opus/48000/2\na=rtpmap:120 opus/48000/2\n")
        #expect(types.vp8 == nil)
        #expect(types.opus == 120)
    }
}
