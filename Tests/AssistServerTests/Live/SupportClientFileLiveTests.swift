import AssistCore
import AssistServer
import Foundation
import Testing

@Suite("The app's support client sends and saves files")
struct SupportClientFileLiveTests {
    private static func configuration(server: String) -> Configuration {
        var configuration = Configuration()
        configuration.server = URL(string: server)
        configuration.destination = "support"
        return configuration
    }

    @Test("the person's file reaches the agent with its progress shown; the agent's is saved into the folder given")
    func filesBothWays() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assist-client-files-\(UUID().uuidString)")
        let downloads = folder.appendingPathComponent("Downloads")
        try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let screenshot = folder.appendingPathComponent("screen.png")
        let bytes = AttachmentLiveTests.png(size: 2_500_000)
        try bytes.write(to: screenshot)

        try await TestServer.run(try TestServer.settings()) { url in
            let client = try SupportClient(
                configuration: Self.configuration(server: url),
                submission: PrechatSubmission(answers: [], visitorName: "Ada"))
            await client.saveReceivedFiles(in: downloads)
            let probe = ConsumerClientProbe(client)
            try await client.start()
            let sam = try await TestServer.agent(url)
            try await sam.send(.acceptNext)
            let assignment = try await sam.expect("assignment") { if case .sessionAssigned(let a) = $0 { a } else { nil } }
            try await probe.wait("the agent") { events in
                events.contains { if case .phaseChanged(.withAgent) = $0 { true } else { false } }
            }

            await client.sendFile(screenshot)
            try await probe.wait("an upload in progress") { events in
                events.contains { event in
                    guard case .transcriptChanged(let transcript) = event,
                        case .uploading(let sent, let size)? = transcript.entries.first?.file
                    else { return false }
                    return sent > 0 && sent < size
                }
            }
            let received = try await sam.expect("the file's message") { if case .chat(_, let m) = $0 { m } else { nil } }
            #expect(received.attachment?.name == "screen.png")
            #expect(received.attachment?.size == bytes.count)
            try await probe.wait("delivered") { events in
                events.last { if case .transcriptChanged = $0 { true } else { false } }
                    .map { if case .transcriptChanged(let t) = $0 { t.entries.first?.delivery == .delivered } else { false } } ?? false
            }

            let agentFile = try await Self.agentUpload(
                Data("Restart the router.\n".utf8), name: "steps.txt", url: url, session: assignment.sessionID.rawValue)
            try await sam.send(
                .chat(sessionID: assignment.sessionID, clientMessageID: "a-1", text: "steps.txt", attachment: agentFile))
            try await probe.wait("the agent's file saved") { events in
                events.contains { event in
                    guard case .transcriptChanged(let transcript) = event else { return false }
                    return transcript.entries.contains { $0.file == .saved(path: downloads.appendingPathComponent("steps.txt").path) }
                }
            }
            #expect(try String(contentsOf: downloads.appendingPathComponent("steps.txt"), encoding: .utf8) == "Restart the router.\n")
            await client.endSupport()
        }
    }

    @Test("a file the server refuses shows its sentence on the entry and sends no message")
    func refused() async throws {
        var settings = try TestServer.settings()
        settings.attachments.maxBytes = 1_000
        try await Self.withWaitingClient(settings, picture: 5_000) { client, probe, big in
            await client.sendFile(big)
            try await probe.wait("the refusal on the entry") { events in
                events.contains { event in
                    guard case .transcriptChanged(let transcript) = event else { return false }
                    return transcript.entries.first?.file == .notSent("The file is larger than the 1 KB allowed.")
                }
            }
            #expect(await client.transcript.entries.first?.delivery == nil, "no message went out")
            await client.endSupport()
        }
    }

    @Test("Cancel stops an upload under way: the entry says so and no message goes to the agent")
    func cancelled() async throws {
        try await Self.withWaitingClient(try TestServer.settings(), picture: 20_000_000) { client, probe, big in
            await client.sendFile(big)
            let id = try #require(await client.transcript.entries.first?.id)
            try await probe.wait("the first part on the server") { events in
                events.contains { event in
                    guard case .transcriptChanged(let transcript) = event,
                        case .uploading(let sent, _)? = transcript.entries.first?.file
                    else { return false }
                    return sent > 0
                }
            }
            await client.cancelFile(id)
            try await probe.wait("the entry cancelled") { events in
                events.contains { event in
                    guard case .transcriptChanged(let transcript) = event else { return false }
                    return transcript.entries.first?.file == .cancelled
                }
            }
            #expect(await client.transcript.entries.first?.delivery == nil, "no message went out")
            await client.endSupport()
        }
    }

    /// A client waiting in the queue of a server started with `settings`,
    /// its probe, and a picture of `picture` bytes to send.
    private static func withWaitingClient(
        _ settings: ServerSettings, picture size: Int,
        _ body: @Sendable (SupportClient, ConsumerClientProbe, URL) async throws -> Void
    ) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("assist-client-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let picture = folder.appendingPathComponent("big.png")
        try AttachmentLiveTests.png(size: size).write(to: picture)
        try await TestServer.run(settings) { url in
            let client = try SupportClient(
                configuration: Self.configuration(server: url), submission: PrechatSubmission(answers: [], visitorName: nil))
            let probe = ConsumerClientProbe(client)
            try await client.start()
            try await probe.wait("a welcome") { events in
                events.contains { if case .phaseChanged(.waiting) = $0 { true } else { false } }
            }
            try await body(client, probe, picture)
        }
    }

    /// The ticket of a file Sam uploads into `session`.
    private static func agentUpload(_ bytes: Data, name: String, url: String, session: String) async throws -> AttachmentTicket {
        let requests = AttachmentRequests(server: url)
        let id = try await requests.upload(bytes, name: name, mediaType: "text/plain", token: TestServer.samToken, sid: session)
        let status = try await requests.status(of: id, token: TestServer.samToken)
        return AttachmentTicket(rawValue: try #require(status.json["ticket"] as? String))
    }
}
