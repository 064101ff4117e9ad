import AssistCore
import AssistServer
import Foundation
import Testing

@Suite("Live server: chat masked before it is stored or relayed")
struct ChatMaskingLiveTests {
    /// The server's arguments for a database and an agents file (sam) in
    /// `folder`, which is created, followed by `more`.
    private static func arguments(in folder: URL, _ more: [String]) throws -> [String] {
        try RestartLiveTests.arguments(in: folder) + more
    }

    private static func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("assist-masking-\(UUID().uuidString)")
    }

    /// A consumer in a session Sam has taken, on the server at `url`, and the session's id.
    private static func session(on url: String) async throws -> (consumer: ConsumerPeer, sam: AgentPeer, id: SessionID) {
        let (consumer, _) = try await TestServer.consumer(url)
        let sam = try await TestServer.agent(url)
        try await sam.send(.acceptNext)
        let id = try await sam.expect("assigned") { if case .sessionAssigned(let a) = $0 { a.sessionID } else { nil } }
        _ = try await consumer.expect("agent joined") { if case .agentJoined(let a) = $0 { a } else { nil } }
        return (consumer, sam, id)
    }

    /// The numbers the session below says, each as typed and undivided.
    private static let secrets = [
        "4111 1111 1111 1111", "4111111111111111", "5555-5555-5555-4444", "5555555555554444", "078-05-1120", "078051120",
        "DE89 3704 0044 0532 0130 00", "DE89370400440532013000", "M-24680",
    ]

    @Test("after a session in which both sides typed card, social security and IBAN numbers, the database file and its WAL hold none of them")
    func nothingUnmaskedAtRest() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = try Self.arguments(in: folder, ["--mask-pattern", #"member id=M-\d{5}"#])
        let path = folder.appendingPathComponent("assist.sqlite").path
        try await ServerProcess.run(arguments: arguments) { server in
            let (consumer, sam, id) = try await Self.session(on: server.url)
            try await consumer.send(
                .chat(clientMessageID: "c-1", text: "Card 4111 1111 1111 1111, SSN 078-05-1120, member M-24680"))
            let fromConsumer = try await sam.expect("the consumer's chat") {
                if case .chat(_, let m) = $0, m.author == .consumer { m.text } else { nil }
            }
            #expect(fromConsumer == "Card •••• •••• •••• 1111, SSN •••-••-••••, member •••••••")
            let consumerReceipt = try await consumer.expect("receipt") { if case .chatReceipt(let r) = $0 { r } else { nil } }
            #expect(consumerReceipt.masked == MaskedText(text: fromConsumer, kinds: [.cardNumber, .socialSecurityNumber, .pattern("member id")]))

            try await sam.send(
                .chat(sessionID: id, clientMessageID: "a-1", text: "Refund to DE89 3704 0044 0532 0130 00 or 5555-5555-5555-4444?"))
            let fromSam = try await consumer.expect("Sam's chat") { if case .chat(let m) = $0 { m.text } else { nil } }
            #expect(fromSam == "Refund to •••• •••• •••• •••• •••• •• or ••••-••••-••••-4444?")
            let samReceipt = try await sam.expect("Sam's receipt") { if case .chatReceipt(_, let r) = $0 { r } else { nil } }
            #expect(samReceipt.masked == MaskedText(text: fromSam, kinds: [.iban, .cardNumber]))

            try await consumer.send(.chat(clientMessageID: "c-2", text: "ssn 078051120 and DE89370400440532013000 / 4111111111111111"))
            _ = try await sam.expect("the second chat") {
                if case .chat(_, let m) = $0, m.author == .consumer, m.text.contains("ssn") { m.text } else { nil }
            }
            let running = try StoredBytes(databaseAt: path)
            #expect(
                !running.places(of: "•••-••-••••").isEmpty,
                "the scan does not see what is stored: the masked text is in none of \(running.files.map(\.name))")
            for secret in Self.secrets {
                #expect(running.places(of: secret).isEmpty, "\(secret) is stored in \(running.places(of: secret))")
            }
            await consumer.close()
            await sam.close()
        }
        let stopped = try StoredBytes(databaseAt: path)
        for secret in Self.secrets {
            #expect(stopped.places(of: secret).isEmpty, "\(secret) is stored in \(stopped.places(of: secret)) after the stop")
        }
    }

    @Test("with --chat-masking off the text is relayed and stored as typed, and the receipt says nothing was masked")
    func maskingOff() async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = try Self.arguments(in: folder, ["--chat-masking", "off"])
        try await ServerProcess.run(arguments: arguments) { server in
            let (consumer, sam, _) = try await Self.session(on: server.url)
            try await consumer.send(.chat(clientMessageID: "c-1", text: "Card 4111 1111 1111 1111"))
            let relayed = try await sam.expect("the consumer's chat") {
                if case .chat(_, let m) = $0, m.author == .consumer { m.text } else { nil }
            }
            #expect(relayed == "Card 4111 1111 1111 1111")
            let receipt = try await consumer.expect("receipt") { if case .chatReceipt(let r) = $0 { r } else { nil } }
            #expect(receipt.masked == nil)
            let stored = try StoredBytes(databaseAt: folder.appendingPathComponent("assist.sqlite").path)
            #expect(!stored.places(of: "4111 1111 1111 1111").isEmpty)
            await consumer.close()
            await sam.close()
        }
    }

    @Test(
        "a --mask-pattern that cannot be used stops the server before it listens, in a sentence naming the option and the value",
        arguments: [
            ("broken=[a-", #"--mask-pattern "broken=[a-": the regular expression of "broken" cannot be used"#),
            ("no-name-here", #"--mask-pattern "no-name-here": write it as NAME=REGEX"#),
            ("iban=DE\\d+", #"--mask-pattern "iban=DE\d+": the name "iban" is a built-in kind's"#),
        ])
    func badPattern(value: String, sentence: String) async throws {
        let folder = Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = try Self.arguments(in: folder, ["--mask-pattern", value])
        let log = folder.appendingPathComponent("server.log").path
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("assist-server").path
        await #expect(throws: ChildProcess.Failure.self) {
            try await ChildProcess.runDetached([binary, "--port", "0"] + arguments, log: log, timeout: .seconds(30))
        }
        let output = try String(contentsOfFile: log, encoding: .utf8)
        #expect(output.contains(sentence), "the server said: \(output)")
        #expect(!output.contains("listening on"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("assist.sqlite").path))
    }
}
