import AssistCore
import AssistServer
import Foundation
import Testing

@Suite("Live server: the kept session")
struct KeptSessionLiveTests {
    private static let submission = PrechatSubmission(answers: [], visitorName: "Ada")

    private static func configuration(server: String) throws -> Configuration {
        var configuration = Configuration()
        configuration.server = URL(string: server)
        configuration.destination = "support"
        return configuration
    }

    /// A store in a fresh folder, removed by the caller.
    private static func store() -> KeptSessionStore {
        KeptSessionStore(
            folder: FileManager.default.temporaryDirectory.appendingPathComponent("assist-kept-live-\(UUID().uuidString)"))
    }

    @Test("the session is kept from its welcome on, with what was sent, and deleted when the person ends support")
    func keptThenDeletedOnEnd() async throws {
        let store = Self.store()
        defer { try? FileManager.default.removeItem(at: store.folder) }
        try await TestServer.run(try TestServer.settings()) { url in
            let client = try SupportClient(
                configuration: try Self.configuration(server: url), submission: Self.submission, keeping: store)
            let probe = ConsumerClientProbe(client)
            try await client.start()
            let sam = try await TestServer.agent(url)
            try await sam.send(.acceptNext)
            let assignment = try await sam.expect("assignment") { if case .sessionAssigned(let a) = $0 { a } else { nil } }
            try await probe.wait("the agent") { $0.contains { if case .phaseChanged(.withAgent) = $0 { true } else { false } } }
            await client.send("Kept before it goes")
            let record = try #require(try store.load())
            #expect(record.sessionID == assignment.sessionID)
            #expect(record.transcript.map(\.text).contains("Kept before it goes"))

            await client.endSupport()
            try await probe.wait("the end") { $0.contains { if case .phaseChanged(.ended) = $0 { true } else { false } } }
            #expect(try store.load() == nil)
        }
    }

    @Test("a client resuming a kept session, as a relaunched app does, continues the same session with the agent")
    func resumedByANewClient() async throws {
        let first = Self.store()
        let second = Self.store()
        defer {
            try? FileManager.default.removeItem(at: first.folder)
            try? FileManager.default.removeItem(at: second.folder)
        }
        try await TestServer.run(try TestServer.settings()) { url in
            let configuration = try Self.configuration(server: url)
            let earlier = try SupportClient(configuration: configuration, submission: Self.submission, keeping: first)
            try await earlier.start()
            let sam = try await TestServer.agent(url)
            try await sam.send(.acceptNext)
            let assignment = try await sam.expect("assignment") { if case .sessionAssigned(let a) = $0 { a } else { nil } }
            try await sam.send(.chat(sessionID: assignment.sessionID, clientMessageID: "a-1", text: "Hi, I'm Sam"))
            let earlierProbe = ConsumerClientProbe(earlier)
            try await earlierProbe.wait("the greeting") { $0.transcript?.entries.contains { $0.text == "Hi, I'm Sam" } == true }
            let kept = try #require(try first.load(for: configuration))
            try second.save(kept)

            let later = try SupportClient(configuration: configuration, resuming: kept, keeping: second)
            guard case .withAgent(let agent) = await later.phase else {
                Issue.record("the resumed client is not with the agent: \(await later.phase)")
                return
            }
            #expect(agent.name == "Sam")
            #expect(await later.transcript.entries.map(\.text) == ["Hi, I'm Sam"])
            try await later.start()
            await later.send("After the relaunch")
            let chat = try await sam.expect("the person's message") {
                if case .chat(let id, let message) = $0, message.text == "After the relaunch" { id } else { nil }
            }
            #expect(chat == assignment.sessionID)
            #expect(try second.load()?.sessionID == assignment.sessionID)
        }
    }

    @Test("a kept session the server does not know is refused with 4002 and its record deleted")
    func unknownSessionDeleted() async throws {
        let store = Self.store()
        defer { try? FileManager.default.removeItem(at: store.folder) }
        try await TestServer.run(try TestServer.settings()) { url in
            let configuration = try Self.configuration(server: url)
            var kept = try sampleKeptRecord(server: url)
            kept.resumeToken = "a-token-this-server-never-gave"
            try store.save(kept)
            let client = try SupportClient(configuration: configuration, resuming: kept, keeping: store)
            let error = await #expect(throws: LinkClosure.self) { try await client.start() }
            #expect(error?.code == .resumeRejected)
            #expect(try store.load() == nil)
        }
    }

    /// A record of a session with nothing unacknowledged, as a welcome leaves it.
    private func sampleKeptRecord(server: String) throws -> KeptSession {
        var session = ConsumerSession(hello: ConsumerHello(destination: "support", visitorName: "Ada"))
        _ = try session.connectionOpened()
        let welcome = try ProtocolCodec.encode(
            Envelope(
                ServerToConsumerMessage.welcome(
                    ConsumerWelcome(sessionID: "s-gone", resumeToken: "r-gone", gracePeriodSeconds: 120))))
        _ = session.receive(welcome, at: .now)
        return try #require(try session.kept(server: server))
    }
}
