import AssistCore
import AssistServer
import Foundation
import Testing

@Suite("Live server: kill -9 and restart")
struct RestartLiveTests {
    /// The server's arguments for a database and an agents file (one agent,
    /// sam) in `folder`, which is created.
    static func arguments(in folder: URL) throws -> [String] {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let agentsFile = folder.appendingPathComponent("agents.json")
        try Data(
            #"{"agents":[{"id":"sam","name":"Sam","token":"\#(TestServer.samToken)","capacity":1,"destinations":["support"]}]}"#
                .utf8
        ).write(to: agentsFile)
        return [
            "--database", folder.appendingPathComponent("assist.sqlite").path, "--agents", agentsFile.path,
            "--allow-origin", "ws://127.0.0.1",
        ]
    }

    /// A consumer in a session that Sam, signed in with `hello` on the
    /// server at `url`, has taken from the queue.
    static func chatWithSam(
        on url: String
    ) async throws -> (consumer: ConsumerPeer, welcome: ConsumerWelcome, sam: AgentPeer, samWelcome: AgentWelcome) {
        let (consumer, welcome) = try await TestServer.consumer(url)
        let sam = AgentPeer(server: url, path: "/v1/agent")
        try await sam.sendHandshake(.hello(AgentHello(token: TestServer.samToken)))
        let samWelcome = try await sam.expect("agent welcome") { if case .welcome(let w) = $0 { w } else { nil } }
        try await sam.send(.acceptNext)
        _ = try await consumer.expect("agent joined") { if case .agentJoined(let a) = $0 { a } else { nil } }
        return (consumer, welcome, sam, samWelcome)
    }

    /// After a restart: Sam's "after the restart" reaches the consumer
    /// (within `timeout`), and the consumer's "thanks" reaches Sam as the
    /// next message, not a duplicate of an earlier one.
    private static func expectChatsBothWays(
        consumer: ConsumerPeer, sam: AgentPeer, session: SessionID, agentMessageID: ClientMessageID,
        timeout: Duration = .seconds(10)
    ) async throws {
        try await sam.send(.chat(sessionID: session, clientMessageID: agentMessageID, text: "after the restart"))
        let after = try await consumer.expect("chat after the restart", timeout: timeout) {
            if case .chat(let m) = $0 { m.text } else { nil }
        }
        #expect(after == "after the restart")
        try await consumer.send(.chat(clientMessageID: "c-2", text: "thanks"))
        let reply = try await sam.expect("consumer chat after the restart") {
            if case .chat(_, let m) = $0 { m.text } else { nil }
        }
        #expect(reply == "thanks", "the agent got something other than the new message (a duplicate?)")
    }

    static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("assist-restart-\(UUID().uuidString)")
    }

    @Test("after kill -9 and a restart on the same database nothing acknowledged is lost and both sides resume")
    func killHardAndRestart() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = try Self.arguments(in: folder)

        let first = try await ServerProcess.start(arguments: arguments)
        let (consumer, welcome, sam, samWelcome) = try await Self.chatWithSam(on: first.url)
        try await consumer.send(.chat(clientMessageID: "c-1", text: "before the crash"))
        _ = try await consumer.expect("receipt") { if case .chatReceipt(let r) = $0 { r } else { nil } }
        _ = try await sam.expect("consumer chat") { if case .chat(_, let m) = $0 { m } else { nil } }
        await consumer.close()
        try await sam.send(.chat(sessionID: welcome.sessionID, clientMessageID: "a-1", text: "while you were away"))
        _ = try await sam.expect("receipt for a-1") { if case .chatReceipt = $0 { true } else { nil } }
        // The closing connection may still have received it: then the consumer
        // has it, and the resume must not send it again.
        let beforeClose = try await consumer.messagesUntilClosed()
        let receivedBeforeClose = beforeClose.contains { if case .chat(let m) = $0 { m.text == "while you were away" } else { false } }
        let consumerChannel = await consumer.channelForResume()
        let samChannel = await sam.channelForResume()

        await first.killHard()
        try await ServerProcess.run(arguments: arguments) { second in
            let resumedConsumer = ConsumerPeer(server: second.url, path: "/v1/consumer", channel: consumerChannel)
            try await resumedConsumer.sendHandshake(
                .resume(ResumeRequest(resumeToken: welcome.resumeToken, lastReceivedSeq: consumerChannel.lastReceivedSeq)))
            if !receivedBeforeClose {
                let missed = try await resumedConsumer.expect("chat sent before the crash", timeout: .seconds(30)) {
                    if case .chat(let m) = $0 { m.text } else { nil }
                }
                #expect(missed == "while you were away")
            }

            let resumedSam = AgentPeer(server: second.url, path: "/v1/agent", channel: samChannel)
            try await resumedSam.sendHandshake(
                .resume(ResumeRequest(resumeToken: samWelcome.resumeToken, lastReceivedSeq: samChannel.lastReceivedSeq)))
            _ = try await resumedSam.expect("agent welcome after restart", timeout: .seconds(30)) { if case .welcome(let w) = $0 { w } else { nil } }
            try await Self.expectChatsBothWays(
                consumer: resumedConsumer, sam: resumedSam, session: welcome.sessionID, agentMessageID: "a-2",
                timeout: .seconds(30))
        }
    }

    @Test("a screen-share request pending at kill -9 can still be answered after the restart")
    func pendingRequestSurvivesRestart() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = try Self.arguments(in: folder)

        let first = try await ServerProcess.start(arguments: arguments)
        let (consumer, welcome, sam, samWelcome) = try await Self.chatWithSam(on: first.url)
        try await sam.send(.requestScreenShare(sessionID: welcome.sessionID, requestID: "share-1"))
        let requested = try await consumer.expect("screen-share request") {
            if case .screenShareRequest(let requestID, _, _) = $0 { requestID } else { nil }
        }
        #expect(requested == "share-1")
        let consumerChannel = await consumer.channelForResume()
        let samChannel = await sam.channelForResume()

        await first.killHard()
        try await ServerProcess.run(arguments: arguments) { second in
            let resumedConsumer = ConsumerPeer(server: second.url, path: "/v1/consumer", channel: consumerChannel)
            try await resumedConsumer.sendHandshake(
                .resume(ResumeRequest(resumeToken: welcome.resumeToken, lastReceivedSeq: consumerChannel.lastReceivedSeq)))
            _ = try await resumedConsumer.expect("welcome after restart", timeout: .seconds(30)) { if case .welcome(let w) = $0 { w } else { nil } }
            let resumedSam = AgentPeer(server: second.url, path: "/v1/agent", channel: samChannel)
            try await resumedSam.sendHandshake(
                .resume(ResumeRequest(resumeToken: samWelcome.resumeToken, lastReceivedSeq: samChannel.lastReceivedSeq)))
            _ = try await resumedSam.expect("agent welcome after restart", timeout: .seconds(30)) { if case .welcome(let w) = $0 { w } else { nil } }

            try await resumedConsumer.send(.screenShareAnswer(requestID: "share-1", accepted: true))
            let answer = try await resumedSam.expect("the consumer's answer") {
                if case .consumerAnswered(_, let requestID, let kind, let accepted, _) = $0 { (requestID, kind, accepted) } else { nil }
            }
            #expect(answer.0 == "share-1")
            #expect(answer.1 == .screenShare)
            #expect(answer.2)
        }
    }

    @Test("a running share with control granted goes on after kill -9: the agent's input still reaches the app")
    func runningShareSurvivesRestart() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = try Self.arguments(in: folder)

        let first = try await ServerProcess.start(arguments: arguments)
        let (consumer, welcome, sam, samWelcome) = try await Self.chatWithSam(on: first.url)
        try await sam.send(.requestScreenShare(sessionID: welcome.sessionID, requestID: "share-1"))
        _ = try await consumer.expect("screen-share request") { if case .screenShareRequest = $0 { true } else { nil } }
        try await consumer.send(.screenShareAnswer(requestID: "share-1", accepted: true, shared: .appWindow))
        _ = try await sam.expect("share accepted") { if case .consumerAnswered(_, "share-1", _, true, _) = $0 { true } else { nil } }
        try await sam.send(.requestControl(sessionID: welcome.sessionID, requestID: "control-1"))
        _ = try await consumer.expect("control request") { if case .controlRequest = $0 { true } else { nil } }
        try await consumer.send(.controlAnswer(requestID: "control-1", accepted: true))
        _ = try await sam.expect("control granted") { if case .consumerAnswered(_, "control-1", _, true, _) = $0 { true } else { nil } }
        let consumerChannel = await consumer.channelForResume()
        let samChannel = await sam.channelForResume()

        await first.killHard()
        try await ServerProcess.run(arguments: arguments) { second in
            let resumedConsumer = ConsumerPeer(server: second.url, path: "/v1/consumer", channel: consumerChannel)
            try await resumedConsumer.sendHandshake(
                .resume(ResumeRequest(resumeToken: welcome.resumeToken, lastReceivedSeq: consumerChannel.lastReceivedSeq)))
            _ = try await resumedConsumer.expect("welcome after restart", timeout: .seconds(30)) { if case .welcome(let w) = $0 { w } else { nil } }
            let resumedSam = AgentPeer(server: second.url, path: "/v1/agent", channel: samChannel)
            try await resumedSam.sendHandshake(
                .resume(ResumeRequest(resumeToken: samWelcome.resumeToken, lastReceivedSeq: samChannel.lastReceivedSeq)))
            _ = try await resumedSam.expect("agent welcome after restart", timeout: .seconds(30)) { if case .welcome(let w) = $0 { w } else { nil } }

            try await resumedSam.send(.input(sessionID: welcome.sessionID, inputID: "input-1", event: .click(x: 5, y: 6)))
            let input = try await resumedConsumer.expect("the agent's input after the restart") {
                if case .agentInput(let id, _, let event) = $0 { (id, event) } else { nil }
            }
            #expect(input.0 == "input-1" && input.1 == .click(x: 5, y: 6))
        }
    }

    @Test("after a restart, what the consumer sends before its agent is back reaches the agent when it resumes")
    func consumerBackBeforeAgent() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = try Self.arguments(in: folder)

        let first = try await ServerProcess.start(arguments: arguments)
        let (consumer, welcome, sam, samWelcome) = try await Self.chatWithSam(on: first.url)
        let consumerChannel = await consumer.channelForResume()
        let samChannel = await sam.channelForResume()

        await first.killHard()
        try await ServerProcess.run(arguments: arguments) { second in
            let resumedConsumer = ConsumerPeer(server: second.url, path: "/v1/consumer", channel: consumerChannel)
            try await resumedConsumer.sendHandshake(
                .resume(ResumeRequest(resumeToken: welcome.resumeToken, lastReceivedSeq: consumerChannel.lastReceivedSeq)))
            _ = try await resumedConsumer.expect("welcome after restart", timeout: .seconds(30)) {
                if case .welcome(let w) = $0 { w } else { nil }
            }
            try await resumedConsumer.send(.chat(clientMessageID: "c-9", text: "are you still there?"))
            _ = try await resumedConsumer.expect("receipt") { if case .chatReceipt(let r) = $0 { r } else { nil } }

            let resumedSam = AgentPeer(server: second.url, path: "/v1/agent", channel: samChannel)
            try await resumedSam.sendHandshake(
                .resume(ResumeRequest(resumeToken: samWelcome.resumeToken, lastReceivedSeq: samChannel.lastReceivedSeq)))
            let waiting = try await resumedSam.expect("the message sent while the agent was away", timeout: .seconds(30)) {
                if case .chat(_, let m) = $0 { m.text } else { nil }
            }
            #expect(waiting == "are you still there?")
        }
    }

    @Test("SIGTERM closes the consumer and the agent with 1001, exits 0, and both resume on the next server")
    func gracefulRestartIsInvisible() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = try Self.arguments(in: folder)

        let first = try await ServerProcess.start(arguments: arguments)
        let (consumer, welcome, sam, samWelcome) = try await Self.chatWithSam(on: first.url)
        try await consumer.send(.chat(clientMessageID: "c-1", text: "before the restart"))
        _ = try await consumer.expect("receipt") { if case .chatReceipt(let r) = $0 { r } else { nil } }
        _ = try await sam.expect("consumer chat") { if case .chat(_, let m) = $0 { m } else { nil } }

        let clock = ContinuousClock()
        let signalled = clock.now
        let status = try await first.stop()
        let stopped = clock.now
        #expect(status == 0, "a graceful shutdown is no failure")
        #expect(try await consumer.closeCode() == CloseCode.goingAway.rawValue)
        #expect(try await sam.closeCode() == CloseCode.goingAway.rawValue)
        let consumerChannel = await consumer.channelForResume()
        let samChannel = await sam.channelForResume()

        let restarting = clock.now
        try await ServerProcess.run(arguments: arguments) { second in
            let resumedConsumer = ConsumerPeer(server: second.url, path: "/v1/consumer", channel: consumerChannel)
            try await resumedConsumer.sendHandshake(
                .resume(ResumeRequest(resumeToken: welcome.resumeToken, lastReceivedSeq: consumerChannel.lastReceivedSeq)))
            _ = try await resumedConsumer.expect("consumer welcome after the restart") {
                if case .welcome(let w) = $0 { w } else { nil }
            }
            print(
                "graceful restart: SIGTERM to exit \(signalled.duration(to: stopped)), "
                    + "new server start to the consumer resumed \(restarting.duration(to: clock.now))")
            let resumedSam = AgentPeer(server: second.url, path: "/v1/agent", channel: samChannel)
            try await resumedSam.sendHandshake(
                .resume(ResumeRequest(resumeToken: samWelcome.resumeToken, lastReceivedSeq: samChannel.lastReceivedSeq)))
            _ = try await resumedSam.expect("agent welcome after the restart") { if case .welcome(let w) = $0 { w } else { nil } }
            try await Self.expectChatsBothWays(
                consumer: resumedConsumer, sam: resumedSam, session: welcome.sessionID, agentMessageID: "a-1")
        }
    }
}
