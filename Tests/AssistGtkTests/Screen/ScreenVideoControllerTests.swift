import AssistCore
import CGtk
import Testing

@testable import AssistGtk

@Suite("A shared screen's video track: tiles until it connects, the track while it does (protocol §13.5)", .serialized)
@MainActor
struct ScreenVideoControllerTests {
    typealias FakeStream = ScreenSharerTests.FakeStream

    /// A connection that records what it was given and reports what the test says.
    final class FakeVideo: ScreenVideoSession {
        var onEvent: (CallMediaEvent) -> Void = { _ in }
        var offers: [String] = []
        var candidates: [String] = []
        var pictures: [PixelBuffer] = []
        var stops = 0
        var keyframeRequests = 0

        func receiveOffer(_ sdp: String) throws { offers.append(sdp) }
        func addRemoteCandidate(_ candidate: String, sdpMLineIndex: Int) throws { candidates.append(candidate) }
        func send(_ picture: PixelBuffer) { pictures.append(picture) }
        func requestKeyframe() { keyframeRequests += 1 }
        func stop() { stops += 1 }
    }

    /// Makes fake connections and keeps them, newest last.
    final class FakeFactory: ScreenVideoFactory {
        var made: [FakeVideo] = []
        var servers: [[IceServer]] = []

        func makeScreenVideo(iceServers: [IceServer]) throws -> any ScreenVideoSession {
            servers.append(iceServers)
            let video = FakeVideo()
            made.append(video)
            return video
        }
    }

    /// The frames and signals that went to the agent.
    final class Agent {
        var tiles: [CobrowseFrame] = []
        var signals: [CallSignal] = []
    }

    private let stun = IceServer(urls: ["stun:stun.example.org:3478"])

    init() {
        ViewHarness.start()
    }

    private func picture(_ blue: UInt8) -> PixelBuffer {
        PixelBuffer(width: 64, height: 32, stride: 256, bytes: [UInt8]((0..<(64 * 32)).flatMap { _ in [blue, 0x40, 0x20, 0xFF] }))
    }

    /// A running share with a controller whose servers are known.
    private func sharing() async throws -> (FakeStream, ScreenSharer, FakeFactory, ScreenVideoController, Agent) {
        let stream = FakeStream()
        let agent = Agent()
        let sharer = ScreenSharer(stream: stream) { bytes in
            if let frame = try? CobrowseFrameCodec.decode(bytes) { agent.tiles.append(frame) }
            return true
        }
        try sharer.start()
        let factory = FakeFactory()
        let controller = ScreenVideoController(
            factory: factory, sharer: sharer, send: { agent.signals.append($0) }, iceServers: { [stun] in [stun] })
        stream.onFrame?(picture(0x10))
        await ViewHarness.run(for: .seconds(5)) { !agent.tiles.isEmpty }
        return (stream, sharer, factory, controller, agent)
    }

    @Test("an offer makes a connection with the welcome's servers, fed with the newest picture, its answer and candidates sent")
    func offerAnswered() async throws {
        let (_, sharer, factory, controller, agent) = try await sharing()
        controller.receive(.offer(negotiation: 1, sdp: "offer-1"))
        await ViewHarness.run(for: .seconds(5)) { !factory.made.isEmpty }
        let video = try #require(factory.made.first)
        #expect(factory.servers == [[stun]])
        #expect(video.offers == ["offer-1"])
        #expect(video.pictures.count == 1, "the connection starts with what the screen shows")
        controller.receive(.candidate(negotiation: 1, sdpMLineIndex: 0, candidate: "candidate:1"))
        #expect(video.candidates == ["candidate:1"])
        video.onEvent(.answerCreated(sdp: "answer-1"))
        video.onEvent(.candidateGathered(sdpMLineIndex: 0, candidate: ""))
        #expect(agent.signals == [
            .answer(negotiation: 1, sdp: "answer-1"), .candidate(negotiation: 1, sdpMLineIndex: 0, candidate: ""),
        ])
        #expect(sharer.sendsTiles, "tiles stop only once media flows")
        controller.stop()
        sharer.stop()
    }

    @Test("once the track is connected every picture goes to it and no tile is sent; when it stops, tiles come back with a keyframe and a restart")
    func tilesStopWhileConnected() async throws {
        let (stream, sharer, factory, controller, agent) = try await sharing()
        controller.receive(.offer(negotiation: 1, sdp: "offer-1"))
        await ViewHarness.run(for: .seconds(5)) { !factory.made.isEmpty }
        let video = try #require(factory.made.first)
        video.onEvent(.connected)
        #expect(!sharer.sendsTiles)
        let tilesBefore = agent.tiles.count
        stream.onFrame?(picture(0x90))
        stream.onFrame?(picture(0xA0))
        await ViewHarness.run(for: .milliseconds(400))
        #expect(agent.tiles.count == tilesBefore, "a tile was sent while the track carried the pictures")
        #expect(video.pictures.suffix(2).map { $0.bytes[0] } == [0x90, 0xA0])
        controller.requestKeyframe()
        #expect(video.keyframeRequests == 1, "the agent's keyframe request goes to the track while it is connected")
        video.onEvent(.disconnected)
        #expect(sharer.sendsTiles)
        #expect(video.stops == 1)
        #expect(agent.signals.last == .restart)
        stream.onFrame?(picture(0xB0))
        await ViewHarness.run(for: .seconds(5)) { agent.tiles.count > tilesBefore }
        #expect(agent.tiles.last?.isKeyframe == true)
        controller.requestKeyframe()
        #expect(video.keyframeRequests == 1, "tiles answer a keyframe request once the track stopped")
        controller.stop()
        sharer.stop()
    }

    @Test("the pictures the track gets are covered like the tiles")
    func picturesAreCovered() async throws {
        let (stream, sharer, factory, controller, _) = try await sharing()
        let mask = Mask(rect: PixelRect(x: 0, y: 0, width: 8, height: 8), color: RGBAColor8(red: 0xFF, green: 0, blue: 0), reason: .permission)
        sharer.cover = { picture in picture.cover([mask], offsetBy: 0, 0) }
        controller.receive(.offer(negotiation: 1, sdp: "offer-1"))
        await ViewHarness.run(for: .seconds(5)) { !factory.made.isEmpty }
        stream.onFrame?(picture(0x10))
        let sent = try #require(factory.made.first?.pictures.last)
        #expect(Array(sent.bytes[0..<4]) != [0x10, 0x40, 0x20, 0xFF], "the covered corner reached the track uncovered")
        controller.stop()
        sharer.stop()
    }

    @Test("a newer offer replaces the connection; the share's end stops it and nothing more is sent")
    func replacedThenStopped() async throws {
        let (_, sharer, factory, controller, agent) = try await sharing()
        controller.receive(.offer(negotiation: 1, sdp: "offer-1"))
        controller.receive(.offer(negotiation: 2, sdp: "offer-2"))
        await ViewHarness.run(for: .seconds(5)) { factory.made.count == 2 }
        #expect(factory.made.first?.stops == 1)
        let second = try #require(factory.made.last)
        #expect(second.offers == ["offer-2"])
        factory.made.first?.onEvent(.answerCreated(sdp: "stale"))
        #expect(agent.signals.isEmpty, "the replaced connection's answer was sent")
        controller.stop()
        #expect(second.stops == 1)
        second.onEvent(.answerCreated(sdp: "late"))
        #expect(agent.signals.isEmpty)
        sharer.stop()
    }
}
