import AssistCore
import AssistServer
import Testing

@Suite("Live server: resuming after a dropped connection")
struct ResumeLiveTests {
    @Test("a consumer that resumes gets every missed message once, in order, and its held message is stored once")
    func resumeLosesAndRepeatsNothing() async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let (consumer, welcome) = try await TestServer.consumer(url)
            let sam = try await TestServer.agent(url)
            try await sam.send(.acceptNext)
            _ = try await consumer.expect("agent joined") { if case .agentJoined(let a) = $0 { a } else { nil } }

            await consumer.close()
            var carried = await consumer.channelForResume()
            for number in 1...3 {
                try await sam.send(.chat(sessionID: welcome.sessionID, clientMessageID: ClientMessageID("a-\(number)"), text: "agent \(number)"))
                _ = try await sam.expect("receipt \(number)") { if case .chatReceipt = $0 { true } else { nil } }
            }
            #expect(carried.send(.chat(clientMessageID: "c-held", text: "typed while offline")) == .hold)

            let resumed = ConsumerPeer(server: url, path: "/v1/consumer", channel: carried)
            try await resumed.sendHandshake(
                .resume(ResumeRequest(resumeToken: welcome.resumeToken, lastReceivedSeq: carried.lastReceivedSeq)))
            let again = try await resumed.expect("welcome") { if case .welcome(let w) = $0 { w } else { nil } }
            #expect(again.sessionID == welcome.sessionID)
            var texts: [String] = []
            while texts.count < 3 {
                texts.append(try await resumed.expect("missed chat") { if case .chat(let m) = $0 { m.text } else { nil } })
            }
            #expect(texts == ["agent 1", "agent 2", "agent 3"])
            let held = try await sam.expect("held chat") { if case .chat(_, let m) = $0 { m } else { nil } }
            #expect(held.text == "typed while offline")

            try await resumed.send(.chat(clientMessageID: "c-held", text: "typed while offline"))
            let receipt = try await resumed.expect("receipt of the resend") {
                if case .chatReceipt(let r) = $0, r.clientMessageID == "c-held" { r } else { nil }
            }
            #expect(receipt.messageID == held.id)
            try await resumed.send(.chat(clientMessageID: "c-next", text: "next"))
            let next = try await sam.expect("next chat") { if case .chat(_, let m) = $0 { m.text } else { nil } }
            #expect(next == "next", "the resent message reached the agent a second time")
        }
    }

    @Test("a resume with an unknown token is refused with 4002")
    func unknownTokenRefused() async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let peer = ConsumerPeer(server: url, path: "/v1/consumer")
            try await peer.sendHandshake(.resume(ResumeRequest(resumeToken: "no-such-token", lastReceivedSeq: 0)))
            let report = try await peer.expect("error") { if case .error(let r) = $0 { r } else { nil } }
            #expect(report.code == .resumeRejected)
            #expect(try await peer.closeCode() == 4002)
        }
    }

    @Test("after the grace period the session ends with a clear reason and cannot be resumed")
    func gracePeriodEndsSession() async throws {
        try await TestServer.run(try TestServer.settings(gracePeriodSeconds: 0)) { url in
            let (consumer, welcome) = try await TestServer.consumer(url)
            let sam = try await TestServer.agent(url)
            try await sam.send(.acceptNext)
            _ = try await consumer.expect("agent joined") { if case .agentJoined(let a) = $0 { a } else { nil } }
            await consumer.close()
            let ended = try await sam.expect("session ended") {
                if case .sessionEnded(let id, let reason, _) = $0, id == welcome.sessionID { reason } else { nil }
            }
            #expect(ended == .gracePeriodExpired)
        }
    }
}
