@testable import AssistServer
import Foundation
import Logging
import PostgresNIO
import Testing

/// A database engine the session store runs on, so one test checks both
/// implementations of ``SessionStorage`` the same way.
enum StoreEngine: String, Sendable, CaseIterable, CustomTestStringConvertible {
    /// ``SessionStore`` on a SQLite file in a temporary folder.
    case sqlite
    /// ``PostgresSessionStore`` on a database of its own in the test
    /// process's throw-away PostgreSQL (``ThrowawayPostgres``).
    case postgres

    /// How a test's arguments name the engine.
    var testDescription: String { rawValue }

    /// A new, empty database of an engine, as the stores open it.
    private enum FreshDatabase {
        /// A SQLite file at this path.
        case sqlite(path: String)
        /// A database of the throw-away PostgreSQL, through this running client.
        case postgres(PostgresClient, Logger)
    }

    /// Runs `body` with a new, empty database of this engine, removed or
    /// left behind (PostgreSQL's, with the throw-away server) afterwards.
    private func withNewDatabase(_ body: (FreshDatabase) async throws -> Void) async throws {
        switch self {
        case .sqlite:
            let folder = TemporaryFolder()
            try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
            defer { folder.remove() }
            try await body(.sqlite(path: folder.databasePath))
        case .postgres:
            let url = try PostgresDatabaseURL(parsing: try await ThrowawayPostgres.shared.freshDatabaseURL())
            let logger = Logger(label: "store-test")
            let client = PostgresClient(configuration: url.clientConfiguration, backgroundLogger: logger)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await client.run() }
                defer { group.cancelAll() }
                try await body(.postgres(client, logger))
            }
        }
    }

    /// Runs `body` with a new, empty database of this engine; `body` opens
    /// stores on it, migrating it each time, through the closure it is given.
    func withFreshDatabase(
        _ body: (_ open: @escaping @Sendable () async throws -> any SessionStorage) async throws -> Void
    ) async throws {
        try await withNewDatabase { database in
            switch database {
            case .sqlite(let path):
                try await body { SessionStore(writer: try SupportDatabase(path: path).writer) }
            case .postgres(let client, let logger):
                try await body { try await PostgresSessionStore(migrating: client, logger: logger) }
            }
        }
    }

    /// Runs `body` with a session store and an attachment store of this
    /// engine on one new, empty database.
    func withFreshStores(_ body: (any SessionStorage, any AttachmentStorage) async throws -> Void) async throws {
        try await withNewDatabase { database in
            switch database {
            case .sqlite(let path):
                let writer = try SupportDatabase(path: path).writer
                try await body(SessionStore(writer: writer), AttachmentStore(writer: writer))
            case .postgres(let client, let logger):
                let sessions = try await PostgresSessionStore(migrating: client, logger: logger)
                try await body(sessions, PostgresAttachmentStore(client: client, logger: logger))
            }
        }
    }

    /// Runs `body` with a store of this engine on a new, empty database.
    func withFreshStore(_ body: (any SessionStorage) async throws -> Void) async throws {
        try await withFreshDatabase { open in try await body(try await open()) }
    }
}
