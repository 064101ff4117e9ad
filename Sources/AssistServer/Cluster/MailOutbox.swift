import Logging
import NIOCore
import PostgresNIO
import Synchronization

/// Writes mail for other nodes into `cluster_mail` and rings their
/// doorbells, in the order it was posted.
///
/// Posting never waits: mail posted while a write is under way goes out
/// together in the next one, in one transaction (one `INSERT` of all its
/// rows, one `pg_notify` per recipient), written without waiting for the
/// log to reach the disk, as the mail table is not logged anyway.
final class MailOutbox: Sendable {
    private struct State {
        var queued: [AddressedMail] = []
        var writing = false
    }

    private let client: PostgresClient
    private let logger: Logger
    private let state = Mutex(State())
    /// How long one write may take before its batch is given up, like a
    /// failed one: a write waiting for a connection the pool cannot make
    /// would otherwise hold every later mail of this node.
    static let writeLimit = Duration.seconds(6)

    /// An outbox writing through `client`, which must be running.
    init(client: PostgresClient, logger: Logger) {
        self.client = client
        self.logger = logger
    }

    /// Queues `mail`; it is written after everything posted before it.
    func post(_ mail: AddressedMail) {
        let startWriter = state.withLock { state -> Bool in
            state.queued.append(mail)
            guard !state.writing else { return false }
            state.writing = true
            return true
        }
        if startWriter {
            Task { await self.writeQueued() }
        }
    }

    private func writeQueued() async {
        while true {
            let batch = state.withLock { state -> [AddressedMail] in
                let batch = state.queued
                state.queued = []
                if batch.isEmpty { state.writing = false }
                return batch
            }
            if batch.isEmpty { return }
            do {
                try await withinDeadline(Self.writeLimit) { try await self.write(batch) }
            } catch {
                // The recipients' connections end when this node or the
                // database is found gone (ClusterMembership); the mail is lost
                // with them, and their clients resume from what was stored.
                logger.error("could not write mail for other nodes", metadata: ["error": "\(error)", "mail": "\(batch.count)"])
            }
        }
    }

    private func write(_ batch: [AddressedMail]) async throws {
        let recipients = batch.map(\.recipient)
        let senders = batch.map(\.sender)
        let links = batch.map { Int64($0.link) }
        let kinds = batch.map(\.mail.kind)
        let bodies = batch.map { ByteBuffer(bytes: $0.mail.body) }
        let channels = Array(Set(recipients)).map { MailChannel.of(node: $0) }
        let logger = logger
        try await client.withTransaction(logger: logger) { connection in
            try await connection.query("SET LOCAL synchronous_commit TO OFF", logger: logger)
            try await connection.query(
                """
                INSERT INTO cluster_mail (recipient, sender, link, kind, body)
                SELECT * FROM unnest(\(recipients)::text[], \(senders)::text[], \(links)::bigint[], \(kinds)::smallint[],
                  \(bodies)::bytea[])
                """, logger: logger)
            try await connection.query("SELECT pg_notify(channel, '') FROM unnest(\(channels)::text[]) AS channel", logger: logger)
        }
    }
}
