@testable import AssistServer
import Testing

@Suite("Migrating a PostgreSQL database")
struct PostgresMigrationTests {
    @Test("nodes opening the same new database at once both succeed and share one schema")
    func concurrentOpens() async throws {
        try await StoreEngine.postgres.withFreshDatabase { open in
            async let first = open()
            async let second = open()
            let stores = try await [first, second]
            let session = StoredRows.session("s-1", createdAt: 1)
            try await stores[0].commit(StoredRows.changes(sessions: [session]))
            #expect(try await stores[1].openSessions() == [session])
        }
    }
}
