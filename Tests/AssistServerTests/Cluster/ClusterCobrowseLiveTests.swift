import AssistCore
import Testing

@Suite("Cluster: co-browse across nodes", .serialized, .timeLimit(.minutes(5)))
struct ClusterCobrowseLiveTests {
    /// Sam asks `consumer` for a share of `session` as `requestID`, and the consumer accepts.
    private static func share(
        _ consumer: ConsumerPeer, with sam: AgentPeer, session: SessionID, requestID: RequestID
    ) async throws {
        try await sam.send(.requestScreenShare(sessionID: session, requestID: requestID))
        _ = try await consumer.expect("share request") { if case .screenShareRequest(let id, _, _) = $0 { id } else { nil } }
        try await consumer.send(.screenShareAnswer(requestID: requestID, accepted: true))
        _ = try await sam.expect("answer") { if case .consumerAnswered(_, _, _, let accepted, _) = $0 { accepted } else { nil } }
    }

    @Test("pictures from an app on one node reach the agent on the other unchanged; the share goes on after the leader's death, until Stop")
    func picturesCrossNodes() async throws {
        try await ClusterFixture.run { cluster in
            let leader = try await cluster.leaderIndex()
            let follower = 1 - leader
            let (consumer, welcome) = try await TestServer.consumer(try cluster.url(ofNode: follower))
            let samURL = try cluster.url(ofNode: leader)
            let sam = AgentPeer(server: samURL, path: "/v1/agent")
            try await sam.sendHandshake(.hello(AgentHello(token: TestServer.samToken)))
            let samWelcome = try await sam.expect("agent welcome") { if case .welcome(let w) = $0 { w } else { nil } }
            try await sam.send(.acceptNext)
            _ = try await consumer.expect("agent joined") { if case .agentJoined(let a) = $0 { a } else { nil } }
            try await Self.share(consumer, with: sam, session: welcome.sessionID, requestID: "share-1")

            let keyframe = TestFrames.appFrame(1, keyframe: true)
            await consumer.sendBinary(keyframe)
            #expect(try await sam.nextBinary("the keyframe") == CobrowseFrameCodec.relay(keyframe, session: welcome.sessionID))
            let delta = TestFrames.appFrame(2, keyframe: false)
            await consumer.sendBinary(delta)
            #expect(try await sam.nextBinary("the delta") == CobrowseFrameCodec.relay(delta, session: welcome.sessionID))

            let consumerChannel = await consumer.channelForResume()
            let samChannel = await sam.channelForResume()
            await cluster.kill(node: leader)
            _ = try await consumer.messagesUntilClosed(timeout: .seconds(30))
            try await ClusterFixture.waitUntilReady(try cluster.url(ofNode: follower))
            let survivor = try cluster.url(ofNode: follower)
            let resumedConsumer = ConsumerPeer(server: survivor, path: "/v1/consumer", channel: consumerChannel)
            try await resumedConsumer.sendHandshake(
                .resume(ResumeRequest(resumeToken: welcome.resumeToken, lastReceivedSeq: consumerChannel.lastReceivedSeq)))
            _ = try await resumedConsumer.expect("welcome on the survivor", timeout: .seconds(30)) {
                if case .welcome(let w) = $0 { w } else { nil }
            }
            let resumedSam = AgentPeer(server: survivor, path: "/v1/agent", channel: samChannel)
            try await resumedSam.sendHandshake(
                .resume(ResumeRequest(resumeToken: samWelcome.resumeToken, lastReceivedSeq: samChannel.lastReceivedSeq)))
            _ = try await resumedSam.expect("agent welcome on the survivor", timeout: .seconds(30)) {
                if case .welcome(let w) = $0 { w } else { nil }
            }

            // The share goes on where it was, with no new request and no new prompt (protocol §12.3).
            let again = TestFrames.appFrame(3, keyframe: true)
            await resumedConsumer.sendBinary(again)
            #expect(
                try await resumedSam.nextBinary("the share's keyframe after the failover")
                    == CobrowseFrameCodec.relay(again, session: welcome.sessionID))
            let next = TestFrames.appFrame(4, keyframe: false)
            await resumedConsumer.sendBinary(next)
            #expect(try await resumedSam.nextBinary("a delta after it") == CobrowseFrameCodec.relay(next, session: welcome.sessionID))

            // And it still ends by Stop: the app hears it, and its next picture is refused.
            try await resumedSam.send(.screenShareEnd(sessionID: welcome.sessionID, requestID: "share-1"))
            _ = try await resumedConsumer.expect("the agent's Stop") {
                if case .screenShareEnd(let id) = $0, id == "share-1" { true } else { nil }
            }
            await resumedConsumer.sendBinary(TestFrames.appFrame(5, keyframe: true))
            let ended = try await resumedConsumer.expect("the share is over") { if case .error(let e) = $0 { e } else { nil } }
            #expect(ended.code == .notAllowed)
            #expect(ended.refType == "cobrowseFrame")
        }
    }
}
