import AssistCore
import AssistServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

@Suite("Attachments: files between the person and the agent, through the real server")
struct AttachmentLiveTests {
    /// A PNG of `size` bytes: the signature, then random bytes.
    static func png(size: Int) -> Data {
        var generator = SystemRandomNumberGenerator()
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        return Data(signature + (0..<(size - signature.count)).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// A session with Sam assigned, on a fresh server: the server's URL, the
    /// person's resume token and the session's id.
    static func withAssignedSession(
        _ settings: ServerSettings? = nil,
        _ body: @Sendable (_ url: String, _ consumerToken: String, _ session: String) async throws -> Void
    ) async throws {
        try await TestServer.run(try settings ?? TestServer.settings()) { url in
            let (consumer, welcome) = try await TestServer.consumer(url)
            let sam = try await TestServer.agent(url)
            try await sam.send(.acceptNext)
            _ = try await consumer.expect("agent joined") { if case .agentJoined(let a) = $0 { a } else { nil } }
            try await body(url, welcome.resumeToken.rawValue, welcome.sessionID.rawValue)
        }
    }

    @Test("a file the person uploads in parts is downloaded by the session's agent byte for byte, with its name and type")
    func personToAgent() async throws {
        try await Self.withAssignedSession { url, consumerToken, session in
            let requests = AttachmentRequests(server: url)
            let file = Self.png(size: 700_000)
            let id = try await requests.upload(file, name: "../../screen shot.png", mediaType: "image/png", token: consumerToken)
            let status = try await requests.status(of: id, token: TestServer.samToken)
            #expect(status.json["complete"] as? Bool == true)
            #expect(status.json["name"] as? String == "screen shot.png", "folders are dropped from the name")
            let (download, response) = try await requests.download(id, sid: session, token: TestServer.samToken)
            #expect(download.status == 200)
            #expect(download.body == file)
            #expect(response?.value(forHTTPHeaderField: "Content-Type") == "image/png")
            #expect(response?.value(forHTTPHeaderField: "Content-Disposition")?.contains("screen shot.png") == true)
        }
    }

    @Test("a file the agent uploads into its session is downloaded by the person byte for byte")
    func agentToPerson() async throws {
        try await Self.withAssignedSession { url, consumerToken, session in
            let requests = AttachmentRequests(server: url)
            let text = Data(String(repeating: "Step 1: open Settings — ça marche. ", count: 2_000).utf8)
            let id = try await requests.upload(
                text, name: "steps.txt", mediaType: "text/plain", token: TestServer.samToken, sid: session)
            let (download, response) = try await requests.download(id, sid: session, token: consumerToken)
            #expect(download.status == 200)
            #expect(download.body == text)
            #expect(response?.value(forHTTPHeaderField: "Content-Type") == "text/plain; charset=utf-8")
        }
    }

    @Test("anyone but the session's two parties is refused: another session's person and an agent not assigned get 404")
    func thirdParties() async throws {
        let settings = try TestServer.settings(agents: [
            AgentAccount(id: "sam", name: "Sam", token: TestServer.samToken, capacity: 1, destinations: ["support"]),
            AgentAccount(id: "kim", name: "Kim", token: "kim-token-0123456789", capacity: 1, destinations: ["support"]),
        ])
        try await Self.withAssignedSession(settings) { url, consumerToken, session in
            let requests = AttachmentRequests(server: url)
            let id = try await requests.upload(Self.png(size: 5_000), name: "a.png", mediaType: "image/png", token: consumerToken)
            let (_, other) = try await TestServer.consumer(url, visitor: "Eve")
            #expect(try await requests.download(id, sid: session, token: other.resumeToken.rawValue).0.status == 404)
            #expect(try await requests.download(id, sid: session, token: "kim-token-0123456789").0.status == 404)
            #expect(try await requests.status(of: id, token: other.resumeToken.rawValue).status == 404)
            #expect(try await requests.download(id, sid: session, token: nil).0.status == 401)
            #expect(try await requests.download(id, sid: "another-session", token: consumerToken).0.status == 404)
            let intrusion = try await requests.start(
                token: "kim-token-0123456789", sid: session, name: "x.png", size: 10, mediaType: "image/png")
            #expect(intrusion.status == 403)
            #expect(intrusion.message == "Only the person and the agent of a session can send files in it.")
        }
    }

    @Test("a card number in a file's name is masked before the name is stored or shown, as in chat")
    func maskedName() async throws {
        try await Self.withAssignedSession { url, consumerToken, _ in
            let requests = AttachmentRequests(server: url)
            let id = try await requests.upload(
                Self.png(size: 5_000), name: "card 4111 1111 1111 1111.png", mediaType: "image/png", token: consumerToken)
            let status = try await requests.status(of: id, token: TestServer.samToken)
            #expect(status.json["name"] as? String == "card •••• •••• •••• 1111.png")
        }
    }

    @Test("a file over the limit, of a type not allowed, or whose content is not its type is refused with one sentence")
    func refusals() async throws {
        try await Self.withAssignedSession { url, consumerToken, _ in
            let requests = AttachmentRequests(server: url)
            let big = try await requests.start(
                token: consumerToken, name: "huge.png", size: 25_000_001, mediaType: "image/png")
            #expect(big.status == 413)
            #expect(big.message == "The file is larger than the 25 MB allowed.")
            let program = try await requests.start(
                token: consumerToken, name: "setup.exe", size: 1_000, mediaType: "application/x-msdownload")
            #expect(program.status == 415)
            #expect(program.message == "Files of this type (application/x-msdownload) cannot be sent.")

            let disguised = try await requests.start(token: consumerToken, name: "cat.png", size: 6, mediaType: "image/png")
            let id = try #require(disguised.json["attachmentId"] as? String)
            let put = try await requests.put(Data([0x4D, 0x5A, 0x90, 0, 3, 0]), to: id, at: 0, token: consumerToken)
            #expect(put.status == 415)
            #expect(put.message == "The file's contents are not what its type says (image/png), so it cannot be sent.")
            #expect(try await requests.status(of: id, token: consumerToken).status == 404, "the refused upload is deleted")
        }
    }

    @Test("a part sent from the wrong offset gets 409 with what the server holds; the upload continues from there")
    func resumesFromWhatTheServerHolds() async throws {
        try await Self.withAssignedSession { url, consumerToken, session in
            let requests = AttachmentRequests(server: url)
            let file = Self.png(size: 600_000)
            let started = try await requests.start(token: consumerToken, name: "a.png", size: file.count, mediaType: "image/png")
            let id = try #require(started.json["attachmentId"] as? String)
            #expect(try await requests.put(file.subdata(in: 0..<300_000), to: id, at: 0, token: consumerToken).status == 200)
            let again = try await requests.put(file.subdata(in: 0..<300_000), to: id, at: 0, token: consumerToken)
            #expect(again.status == 409)
            let held = try #require(again.json["received"] as? Int)
            #expect(held == 300_000)
            let rest = try await requests.put(file.subdata(in: held..<file.count), to: id, at: held, token: consumerToken)
            #expect(rest.json["complete"] as? Bool == true)
            #expect(try await requests.download(id, sid: session, token: TestServer.samToken).0.body == file)
        }
    }

    @Test("an upload its sender cancels is gone; nobody else may cancel it, and a file not complete is not served")
    func cancel() async throws {
        try await Self.withAssignedSession { url, consumerToken, session in
            let requests = AttachmentRequests(server: url)
            let started = try await requests.start(token: consumerToken, name: "a.png", size: 600_000, mediaType: "image/png")
            let id = try #require(started.json["attachmentId"] as? String)
            #expect(try await requests.put(Self.png(size: 300_000), to: id, at: 0, token: consumerToken).status == 200)
            #expect(try await requests.download(id, sid: session, token: TestServer.samToken).0.status == 409)
            #expect(try await requests.delete(id, token: TestServer.samToken).status == 403)
            #expect(try await requests.delete(id, token: consumerToken).status == 204)
            #expect(try await requests.status(of: id, token: consumerToken).status == 404)
        }
    }
}

@Suite("Attachments in chat: a file goes as a chat message with its ticket")
struct AttachmentChatLiveTests {
    @Test("the person's file reaches the agent as a chat message describing it; the agent's reaches the person")
    func fileMessagesBothWays() async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let (consumer, welcome) = try await TestServer.consumer(url)
            let sam = try await TestServer.agent(url)
            try await sam.send(.acceptNext)
            _ = try await consumer.expect("agent joined") { if case .agentJoined(let a) = $0 { a } else { nil } }
            let requests = AttachmentRequests(server: url)
            let session = welcome.sessionID

            let ticket = try await Self.uploadTicket(
                AttachmentLiveTests.png(size: 40_000), name: "screen.png", mediaType: "image/png",
                token: welcome.resumeToken.rawValue, requests: requests)
            try await consumer.send(.chat(clientMessageID: "c-1", text: "screen.png", attachment: ticket))
            let received = try await sam.expect("the person's file") { if case .chat(_, let m) = $0 { m } else { nil } }
            let file = try #require(received.attachment)
            #expect(file.name == "screen.png")
            #expect(file.size == 40_000)
            #expect(file.mediaType == "image/png")
            let (download, _) = try await requests.download(file.id, sid: session.rawValue, token: TestServer.samToken)
            #expect(download.body.count == 40_000)

            let agentTicket = try await Self.uploadTicket(
                Data("Restart the router, then sign in again.\n".utf8), name: "steps.txt", mediaType: "text/plain",
                token: TestServer.samToken, sid: session.rawValue, requests: requests)
            try await sam.send(.chat(sessionID: session, clientMessageID: "a-1", text: "steps.txt", attachment: agentTicket))
            let answer = try await consumer.expect("the agent's file") { if case .chat(let m) = $0 { m } else { nil } }
            #expect(answer.attachment?.name == "steps.txt")
            #expect(answer.attachment?.mediaType == "text/plain")
        }
    }

    @Test("a ticket of another session, or of the other party's file, is refused with invalidValue and nothing is relayed")
    func foreignTicketsAreRefused() async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let (consumer, welcome) = try await TestServer.consumer(url)
            let sam = try await TestServer.agent(url)
            try await sam.send(.acceptNext)
            _ = try await consumer.expect("agent joined") { if case .agentJoined(let a) = $0 { a } else { nil } }
            let (_, eve) = try await TestServer.consumer(url, visitor: "Eve")
            let requests = AttachmentRequests(server: url)
            let evesTicket = try await Self.uploadTicket(
                AttachmentLiveTests.png(size: 5_000), name: "eve.png", mediaType: "image/png",
                token: eve.resumeToken.rawValue, requests: requests)
            let samsTicket = try await Self.uploadTicket(
                AttachmentLiveTests.png(size: 5_000), name: "sam.png", mediaType: "image/png",
                token: TestServer.samToken, sid: welcome.sessionID.rawValue, requests: requests)

            for (index, ticket) in [evesTicket, samsTicket, AttachmentTicket(rawValue: "bm90IGEgdGlja2V0")].enumerated() {
                try await consumer.send(.chat(clientMessageID: ClientMessageID("c-\(index)"), text: "x.png", attachment: ticket))
                let refusal = try await consumer.expect("refusal \(index)") { if case .error(let e) = $0 { e } else { nil } }
                #expect(refusal.code == .invalidValue)
            }
            try await consumer.send(.chat(clientMessageID: "c-plain", text: "just text"))
            let first = try await sam.expect("the first chat relayed") { if case .chat(_, let m) = $0 { m } else { nil } }
            #expect(first.text == "just text", "no refused file was relayed")
        }
    }

    /// Uploads `bytes` whole and returns the ticket of the last part's answer.
    private static func uploadTicket(
        _ bytes: Data, name: String, mediaType: String, token: String, sid: String? = nil, requests: AttachmentRequests
    ) async throws -> AttachmentTicket {
        let id = try await requests.upload(bytes, name: name, mediaType: mediaType, token: token, sid: sid)
        let status = try await requests.status(of: id, token: token)
        return AttachmentTicket(rawValue: try #require(status.json["ticket"] as? String))
    }
}

@Suite("Attachments survive the server's crash")
struct AttachmentRestartLiveTests {
    @Test("an upload cut by kill -9 of the server goes on after the restart from what was stored, and the file is whole")
    func uploadResumesAfterKillHard() async throws {
        let folder = RestartLiveTests.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = try RestartLiveTests.arguments(in: folder)
        let first = try await ServerProcess.start(arguments: arguments)
        let (_, welcome, _, _) = try await RestartLiveTests.chatWithSam(on: first.url)
        let token = welcome.resumeToken.rawValue
        let file = AttachmentLiveTests.png(size: 700_000)
        let started = try await AttachmentRequests(server: first.url).start(
            token: token, name: "screen.png", size: file.count, mediaType: "image/png")
        let id = try #require(started.json["attachmentId"] as? String)
        let firstPart = try await AttachmentRequests(server: first.url).put(
            file.subdata(in: 0..<300_000), to: id, at: 0, token: token)
        #expect(firstPart.status == 200)

        await first.killHard()
        try await ServerProcess.run(arguments: arguments) { second in
            let requests = AttachmentRequests(server: second.url)
            let again = try await requests.put(file.subdata(in: 0..<300_000), to: id, at: 0, token: token)
            #expect(again.status == 409, "the first part was stored before the crash")
            let held = try #require(again.json["received"] as? Int)
            #expect(held == 300_000)
            let rest = try await requests.put(file.subdata(in: held..<file.count), to: id, at: held, token: token)
            #expect(rest.json["complete"] as? Bool == true)
            let (download, _) = try await requests.download(id, sid: welcome.sessionID.rawValue, token: TestServer.samToken)
            #expect(download.body == file)
        }
    }
}
