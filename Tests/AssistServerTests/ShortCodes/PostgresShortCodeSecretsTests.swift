@testable import AssistServer
import Foundation
import Logging
import PostgresNIO
import Testing

@Suite("Short-code secrets at rest on PostgreSQL")
struct PostgresShortCodeSecretsTests {
    @Test("after codes are created and redeemed, no table holds a session token, while it holds their cids")
    func noPlainSessionToken() async throws {
        let url = try PostgresDatabaseURL(parsing: try await ThrowawayPostgres.shared.freshDatabaseURL())
        let logger = Logger(label: "shortcode-secrets-test")
        let client = PostgresClient(configuration: url.clientConfiguration, backgroundLogger: logger)
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { await client.run() }
            defer { group.cancelAll() }
            let storage = try await PostgresShortCodeStore(migrating: client, logger: logger)
            let fixture = ShortCodeFixture(
                node: ShortCodeNode(
                    storage: storage, sealer: TokenSealer(),
                    rateLimits: try await PostgresRateLimitLedger(migrating: client, logger: logger)))
            var issues: [ShortCodeIssue] = []
            for round in 0..<3 {
                let issue = try await fixture.service.create(auditName: "caller \(round)")
                issues.append(issue)
                _ = try await fixture.service.redeem(issue.code, by: .consumer, from: "203.0.113.7")
                if round > 0 { _ = try await fixture.service.redeem(issue.code, by: .agent, from: "203.0.113.7") }
            }

            let stored = try await PostgresStoredBytes(client: client, logger: logger)
            for issue in issues {
                #expect(stored.places(of: issue.sessionToken).isEmpty)
                #expect(stored.places(of: issue.correlationID) == ["table short_codes"])
            }
        }
    }
}
