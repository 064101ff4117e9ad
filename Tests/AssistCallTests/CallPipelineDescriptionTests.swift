import AssistCore
import Foundation
import Testing

@testable import AssistCall

@Suite("The bins a call's configuration makes")
struct CallPipelineDescriptionTests {
    private func description(_ mode: VideoMode, _ media: CallMedia, source: CallMediaSource = .devices)
        -> CallPipelineDescription
    {
        CallPipelineDescription(
            configuration: CallPeerConfiguration(tracks: CallTracks(videoMode: mode, media: media), source: source),
            vp8PayloadType: 100, opusPayloadType: 111)
    }

    @Test("only a full video call creates a camera; every call creates a microphone", arguments: VideoMode.allCases)
    func cameraOnlyWhenVideoIsSent(mode: VideoMode) {
        for media in CallMedia.allCases {
            let bins = description(mode, media)
            #expect((bins.videoSender != nil) == (mode == .full && media == .video))
            #expect(bins.videoSender?.contains("autovideosrc") ?? true)
            #expect(bins.audioSender?.contains("autoaudiosrc") == true)
        }
    }

    @Test("test sources replace the devices")
    func testSources() throws {
        let bins = description(.full, .video, source: .testSources)
        let video = try #require(bins.videoSender)
        let audio = try #require(bins.audioSender)
        #expect(video.contains("videotestsrc") && !video.contains("autovideosrc"))
        #expect(audio.contains("audiotestsrc") && !audio.contains("autoaudiosrc"))
    }

    @Test("the offer's payload numbers are the ones sent with")
    func payloadNumbers() throws {
        let bins = description(.full, .video)
        #expect(try #require(bins.videoSender).contains("rtpvp8pay pt=100"))
        #expect(try #require(bins.audioSender).contains("rtpopuspay pt=111"))
        #expect(bins.videoCaps.hasSuffix("payload=100"))
        #expect(bins.audioCaps.hasSuffix("payload=111"))
    }

    @Test("the valves sit right after the sources, before anything is encoded")
    func valvesFirst() throws {
        let bins = description(.full, .video)
        let video = try #require(bins.videoSender).components(separatedBy: " ! ")
        let audio = try #require(bins.audioSender).components(separatedBy: " ! ")
        #expect(video[1].hasPrefix("valve name=camera-valve"))
        #expect(audio[1].hasPrefix("valve name=microphone-valve"))
    }

    @Test("the agent's audio goes to the speakers, or to a fakesink when discarded")
    func audioOutput() {
        #expect(description(.full, .audio).audioReceiver.hasSuffix("autoaudiosink"))
        let discarded = CallPipelineDescription(
            configuration: CallPeerConfiguration(
                tracks: CallTracks(videoMode: .full, media: .audio), audioOutput: .discard),
            vp8PayloadType: 96, opusPayloadType: 97)
        #expect(discarded.audioReceiver.hasSuffix("fakesink sync=false"))
    }
}
