import AssistCore
import AssistServer
import Testing

@Suite("Live server: bad input never crashes it or touches another session")
struct BadInputLiveTests {
    @Test("a text frame over 64 KiB closes with 1009")
    func oversizedFrame() async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let (consumer, _) = try await TestServer.consumer(url)
            await consumer.sendRaw(String(repeating: "x", count: 70_000))
            #expect(try await consumer.closeCode() == 1009)
        }
    }

    @Test("malformed JSON closes with 1007, a binary frame on a version-1 connection with 1003, and other sessions carry on")
    func malformedAndBinary() async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let (bystander, _) = try await TestServer.consumer(url, visitor: "Bystander")
            let (broken, _) = try await TestServer.consumer(url, visitor: "Broken")
            await broken.sendRaw("{not json")
            #expect(try await broken.closeCode() == 1007)
            let (binary, _) = try await TestServer.consumer(url, visitor: "Binary", versions: [1])
            await binary.sendBinary([1, 2, 3])
            #expect(try await binary.closeCode() == 1003)

            try await bystander.send(.chat(clientMessageID: "b-1", text: "still here"))
            let receipt = try await bystander.expect("receipt") { if case .chatReceipt(let r) = $0 { r } else { nil } }
            #expect(receipt.status == .stored)
        }
    }

    @Test("a client sending faster than the frame rate is slowed down, not cut off: every message arrives")
    func fastSenderThrottled() async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let (consumer, _) = try await TestServer.consumer(url)
            for number in 1...90 {
                try await consumer.send(.chat(clientMessageID: ClientMessageID("c-\(number)"), text: "message \(number)"))
            }
            var receipts = Set<ClientMessageID>()
            while receipts.count < 90 {
                receipts.insert(try await consumer.expect("receipt") { if case .chatReceipt(let r) = $0 { r.clientMessageID } else { nil } })
            }
            #expect(receipts.count == 90)
        }
    }

    @Test("an unknown message type gets an error frame and the connection stays open")
    func unknownType() async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let (consumer, _) = try await TestServer.consumer(url)
            await consumer.sendRaw(#"{"v":1,"type":"teleport"}"#)
            let report = try await consumer.expect("error") { if case .error(let r) = $0 { r } else { nil } }
            #expect(report.code == .unknownType)
            try await consumer.send(.chat(clientMessageID: "c-1", text: "hello"))
            _ = try await consumer.expect("receipt") { if case .chatReceipt(let r) = $0 { r } else { nil } }
        }
    }

    @Test("anything but hello or resume first is refused with 1008")
    func handshakeFirst() async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let peer = ConsumerPeer(server: url, path: "/v1/consumer")
            await peer.sendRaw(#"{"v":1,"type":"chat","seq":1,"body":{"clientMessageId":"c","text":"hi"}}"#)
            let report = try await peer.expect("error") { if case .error(let r) = $0 { r } else { nil } }
            #expect(report.code == .notAllowed)
            #expect(try await peer.closeCode() == 1008)
        }
    }

    @Test("a wrong agent token is refused with 4003")
    func wrongToken() async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let peer = AgentPeer(server: url, path: "/v1/agent")
            try await peer.sendHandshake(.hello(AgentHello(token: "not-the-token")))
            let report = try await peer.expect("error") { if case .error(let r) = $0 { r } else { nil } }
            #expect(report.code == .authenticationFailed)
            #expect(try await peer.closeCode() == 4003)
        }
    }

    @Test("an agent connecting from an origin not on the allow-list is not upgraded")
    func originRejected() async throws {
        try await TestServer.run(try TestServer.settings(allowClientOrigin: false)) { url in
            let peer = AgentPeer(server: url, path: "/v1/agent")
            try await peer.sendHandshake(.hello(AgentHello(token: TestServer.samToken)))
            #expect(try await peer.closeCode() == nil)
        }
    }

    @Test("a WebSocket upgrade on a path that is neither endpoint is not upgraded; a trailing slash and a query are allowed")
    func unknownPathRejected() async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let stray = ConsumerPeer(server: url, path: "/v1/elsewhere")
            try await stray.sendHandshake(TestServer.hello("support", visitor: "Stray"))
            #expect(try await stray.closeCode() == nil)
            let slashed = ConsumerPeer(server: url, path: "/v1/consumer/?from=test")
            try await slashed.sendHandshake(TestServer.hello("support", visitor: "Slashed"))
            _ = try await slashed.expect("welcome") { if case .welcome(let w) = $0 { w } else { nil } }
        }
    }

    @Test("an agent cannot act on a session that is not its own")
    func agentConfinedToOwnSessions() async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let (_, welcome) = try await TestServer.consumer(url)
            let sam = try await TestServer.agent(url)
            try await sam.send(.chat(sessionID: welcome.sessionID, clientMessageID: "a-1", text: "sneaky"))
            let report = try await sam.expect("error") { if case .error(let r) = $0 { r } else { nil } }
            #expect(report.code == .unknownSession)
        }
    }
}
