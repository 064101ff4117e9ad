import AssistCore
import AssistServer
import Foundation
import Testing

@Suite("Cluster: files in chat across nodes", .serialized, .timeLimit(.minutes(3)))
struct ClusterAttachmentLiveTests {
    @Test("a file the person uploads through one node reaches the agent on the other as a chat message, and downloads there byte for byte")
    func fileAcrossNodes() async throws {
        try await ClusterFixture.run { cluster in
            let personsNode = try cluster.url(ofNode: 0)
            let agentsNode = try cluster.url(ofNode: 1)
            let (consumer, welcome) = try await TestServer.consumer(personsNode)
            let sam = try await TestServer.agent(agentsNode)
            try await sam.send(.acceptNext)
            _ = try await consumer.expect("agent joined") { if case .agentJoined(let a) = $0 { a } else { nil } }

            let file = AttachmentLiveTests.png(size: 900_000)
            let uploads = AttachmentRequests(server: personsNode)
            let id = try await uploads.upload(file, name: "screen.png", mediaType: "image/png", token: welcome.resumeToken.rawValue)
            let ticket = try #require(
                try await uploads.status(of: id, token: welcome.resumeToken.rawValue).json["ticket"] as? String)
            try await consumer.send(.chat(clientMessageID: "c-1", text: "screen.png", attachment: AttachmentTicket(rawValue: ticket)))
            let received = try await sam.expect("the file's message") { if case .chat(_, let m) = $0 { m } else { nil } }
            let attachment = try #require(received.attachment)
            #expect(attachment.id == id)

            let (download, _) = try await AttachmentRequests(server: agentsNode).download(
                id, sid: welcome.sessionID.rawValue, token: TestServer.samToken)
            #expect(download.status == 200)
            #expect(download.body == file)
        }
    }

    @Test("the download key a chat message carries opens the file without Authorization on every node")
    func downloadKeyOnEveryNode() async throws {
        try await ClusterFixture.run { cluster in
            let personsNode = try cluster.url(ofNode: 0)
            let agentsNode = try cluster.url(ofNode: 1)
            let (consumer, welcome) = try await TestServer.consumer(personsNode)
            let sam = try await TestServer.agent(agentsNode)
            try await sam.send(.acceptNext)
            _ = try await consumer.expect("agent joined") { if case .agentJoined(let a) = $0 { a } else { nil } }

            let file = Data("Restart the router, then sign in again.\n".utf8)
            let uploads = AttachmentRequests(server: agentsNode)
            let session = welcome.sessionID
            let id = try await uploads.upload(
                file, name: "steps.txt", mediaType: "text/plain", token: TestServer.samToken, sid: session.rawValue)
            let ticket = try #require(try await uploads.status(of: id, token: TestServer.samToken).json["ticket"] as? String)
            try await sam.send(
                .chat(sessionID: session, clientMessageID: "a-1", text: "steps.txt", attachment: AttachmentTicket(rawValue: ticket)))
            let received = try await consumer.expect("the file's message") { if case .chat(let m) = $0 { m } else { nil } }
            let key = try #require(received.attachment?.downloadKey)

            for node in [personsNode, agentsNode] {
                let (keyed, _) = try await AttachmentRequests(server: node).download(id, key: key, form: "sid=\(session.rawValue)")
                #expect(keyed.status == 200, "\(node)")
                #expect(keyed.body == file, "\(node)")
            }
        }
    }
}
