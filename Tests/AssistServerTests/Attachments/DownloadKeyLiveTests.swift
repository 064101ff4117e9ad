import AssistCore
import AssistServer
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

@Suite("Download keys: a file of the chat downloaded without Authorization, with the key its chat message carries")
struct DownloadKeyLiveTests {
    /// A session with Sam assigned in which Sam sent `file` as a chat
    /// message: the server's URL, the session, the person's resume token and
    /// the attachment as the person's and Sam's `chat` frames carry it.
    static func withAgentFile(
        _ file: Data,
        _ body: @Sendable (
            _ url: String, _ session: SessionID, _ consumerToken: String, _ toPerson: AttachmentInfo,
            _ toAgent: AttachmentInfo
        ) async throws -> Void
    ) async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let (consumer, welcome) = try await TestServer.consumer(url)
            let sam = try await TestServer.agent(url)
            try await sam.send(.acceptNext)
            _ = try await consumer.expect("agent joined") { if case .agentJoined(let a) = $0 { a } else { nil } }
            let requests = AttachmentRequests(server: url)
            let session = welcome.sessionID
            let id = try await requests.upload(
                file, name: "steps.txt", mediaType: "text/plain", token: TestServer.samToken, sid: session.rawValue)
            let ticket = AttachmentTicket(
                rawValue: try #require(try await requests.status(of: id, token: TestServer.samToken).json["ticket"] as? String))
            try await sam.send(.chat(sessionID: session, clientMessageID: "a-1", text: "steps.txt", attachment: ticket))
            let toPerson = try await consumer.expect("the agent's file") { if case .chat(let m) = $0 { m.attachment } else { nil } }

            let personTicket = try await Self.ticket(
                of: AttachmentLiveTests.png(size: 3_000), token: welcome.resumeToken.rawValue, requests: requests)
            try await consumer.send(.chat(clientMessageID: "c-1", text: "shot.png", attachment: personTicket))
            let toAgent = try await sam.expect("the person's file") { if case .chat(_, let m) = $0 { m.attachment } else { nil } }
            try await body(url, session, welcome.resumeToken.rawValue, toPerson, toAgent)
        }
    }

    private static func ticket(of png: Data, token: String, requests: AttachmentRequests) async throws -> AttachmentTicket {
        let id = try await requests.upload(png, name: "shot.png", mediaType: "image/png", token: token)
        return AttachmentTicket(rawValue: try #require(try await requests.status(of: id, token: token).json["ticket"] as? String))
    }

    @Test("the chat frame to the person and the one to the agent both carry a downloadKey")
    func chatFramesCarryTheKey() async throws {
        try await Self.withAgentFile(Data("Restart the router.\n".utf8)) { _, _, _, toPerson, toAgent in
            #expect(toPerson.downloadKey?.isEmpty == false)
            #expect(toAgent.downloadKey?.isEmpty == false)
            #expect(toPerson.downloadKey != toAgent.downloadKey, "each file has its own key")
        }
    }

    @Test("a valid key with the form sid downloads the file byte for byte without Authorization")
    func validKeyDownloads() async throws {
        let file = Data(String(repeating: "Step 1: open Settings. ", count: 500).utf8)
        try await Self.withAgentFile(file) { url, session, _, toPerson, _ in
            let key = try #require(toPerson.downloadKey)
            let (answer, response) = try await AttachmentRequests(server: url)
                .download(toPerson.id, key: key, form: "sid=\(session.rawValue)")
            #expect(answer.status == 200)
            #expect(answer.body == file)
            #expect(response?.value(forHTTPHeaderField: "Content-Disposition")?.contains("steps.txt") == true)
        }
    }

    @Test("a wrong key, another session's key, a missing or foreign sid, or another attachment's id is 404")
    func everythingElseIsNotFound() async throws {
        try await Self.withAgentFile(Data("Restart the router.\n".utf8)) { url, session, _, toPerson, toAgent in
            let requests = AttachmentRequests(server: url)
            let key = try #require(toPerson.downloadKey)
            let (_, eve) = try await TestServer.consumer(url, visitor: "Eve")
            var wrongKey = Array(key)
            wrongKey[0] = wrongKey[0] == "A" ? "B" : "A"
            let refused: [(String, String, String)] = [
                (toPerson.id, String(wrongKey), "sid=\(session.rawValue)"),
                (toPerson.id, "not-a-key", "sid=\(session.rawValue)"),
                (toPerson.id, key, "sid=\(eve.sessionID.rawValue)"),
                (toPerson.id, key, ""),
                (toPerson.id, key, "other=\(session.rawValue)"),
                (toAgent.id, key, "sid=\(session.rawValue)"),
            ]
            for (index, (id, candidate, form)) in refused.enumerated() {
                #expect(try await requests.download(id, key: candidate, form: form).0.status == 404, "case \(index)")
            }
        }
    }

    @Test("the key of one session does not open a file of another session, even with that session's sid")
    func keyOfAnotherSession() async throws {
        try await Self.withAgentFile(Data("Restart the router.\n".utf8)) { url, _, _, toPerson, _ in
            let (_, eveWelcome) = try await TestServer.consumer(url, visitor: "Eve")
            let requests = AttachmentRequests(server: url)
            let id = try await requests.upload(
                AttachmentLiveTests.png(size: 2_000), name: "eve.png", mediaType: "image/png",
                token: eveWelcome.resumeToken.rawValue)
            let key = try #require(toPerson.downloadKey)
            #expect(try await requests.download(id, key: key, form: "sid=\(eveWelcome.sessionID.rawValue)").0.status == 404)
        }
    }
}
