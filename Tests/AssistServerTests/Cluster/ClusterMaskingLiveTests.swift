import AssistCore
@testable import AssistServer
import Foundation
import Logging
import PostgresNIO
import Testing

@Suite("Cluster: chat masked on the node that received it", .serialized, .timeLimit(.minutes(5)))
struct ClusterMaskingLiveTests {
    /// The numbers typed below, as typed.
    private static let secrets = ["4111 1111 1111 1111", "5555-5555-5555-4444", "078-05-1120"]

    /// The files under `folder` (recursively) holding `needle`'s UTF-8 bytes.
    private static func files(under folder: String, holding needle: String) -> [String] {
        let bytes = Data(needle.utf8)
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var found: [String] = []
        while let relative = enumerator?.nextObject() as? String {
            let path = folder + "/" + relative
            guard let data = FileManager.default.contents(atPath: path), data.range(of: bytes) != nil else { continue }
            found.append(relative)
        }
        return found
    }

    @Test("a person and an agent both on a follower: each other's numbers arrive masked, the receipts say so, and no table or file of PostgreSQL holds a number as typed")
    func followerMasksBeforeForwarding() async throws {
        try await ClusterFixture.run { cluster in
            let follower = 1 - (try await cluster.leaderIndex())
            let url = try cluster.url(ofNode: follower)
            let (consumer, welcome) = try await TestServer.consumer(url)
            let sam = try await TestServer.agent(url)
            try await sam.send(.acceptNext)
            _ = try await sam.expect("assignment") { if case .sessionAssigned(let a) = $0 { a } else { nil } }
            _ = try await consumer.expect("agent joined") { if case .agentJoined(let a) = $0 { a } else { nil } }

            try await consumer.send(.chat(clientMessageID: "c-1", text: "card 4111 1111 1111 1111, SSN 078-05-1120"))
            let relayed = try await sam.expect("the person's chat") { if case .chat(_, let m) = $0 { m.text } else { nil } }
            #expect(relayed == "card •••• •••• •••• 1111, SSN •••-••-••••")
            let receipt = try await consumer.expect("receipt") { if case .chatReceipt(let r) = $0 { r } else { nil } }
            #expect(receipt.masked == MaskedText(text: relayed, kinds: [.cardNumber, .socialSecurityNumber]))

            try await sam.send(.chat(sessionID: welcome.sessionID, clientMessageID: "a-1", text: "or 5555-5555-5555-4444?"))
            let answer = try await consumer.expect("the agent's chat") { if case .chat(let m) = $0 { m.text } else { nil } }
            #expect(answer == "or ••••-••••-••••-4444?")
            let samReceipt = try await sam.expect("Sam's receipt") { if case .chatReceipt(_, let r) = $0 { r } else { nil } }
            #expect(samReceipt.masked?.kinds == [.cardNumber])

            let database = try PostgresDatabaseURL(parsing: cluster.databaseURL)
            let logger = Logger(label: "cluster-masking-test")
            let client = PostgresClient(configuration: database.clientConfiguration, backgroundLogger: logger)
            let stored = try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await client.run() }
                defer { group.cancelAll() }
                return try await PostgresStoredBytes(client: client, logger: logger)
            }
            #expect(stored.places(of: "•••• •••• •••• 1111").contains("table chat_messages"), "the scan does not see the transcript")
            try await cluster.checkpoint()
            let dataFolder = try #require(ThrowawayPostgres.dataFolder)
            #expect(!Self.files(under: dataFolder, holding: "••••-••••-••••-4444").isEmpty, "the file scan sees nothing stored")
            for secret in Self.secrets {
                #expect(stored.places(of: secret).isEmpty, "\(secret) is stored in \(stored.places(of: secret))")
                let files = Self.files(under: dataFolder, holding: secret)
                #expect(files.isEmpty, "\(secret) is in PostgreSQL's files \(files)")
            }
            await consumer.close()
            await sam.close()
        }
    }
}
