import Logging
import NIOCore
import PostgresNIO

/// Reads the mail written for this node, oldest first, whenever its
/// doorbell rings (``MailChannel``) and at least every ``catchUpInterval``.
///
/// `NOTIFY` is only a doorbell: PostgreSQL forgets a notification sent
/// while nobody listens, and postgres-nio does not listen again after its
/// connection is lost. So the table is the truth: each read takes every row
/// addressed to this node, and the inbox reads after every (re)subscription
/// and on a timer, so no mail waits for a ring that never comes.
struct MailInbox: Sendable {
    /// How often the table is read without a ring.
    static let catchUpInterval = Duration.seconds(1)
    /// How long a lost subscription waits before it listens again.
    static let resubscribeDelay = Duration.seconds(1)
    /// How long one read may take before it is abandoned and the next ring
    /// or tick reads again: a read that waits for a connection the pool
    /// cannot make, or on one the database dropped, would otherwise stop this
    /// node's mail for good once the database is back.
    static let readLimit = Duration.seconds(6)

    let client: PostgresClient
    /// This node's id.
    let node: String
    let logger: Logger

    /// Reads mail and hands each batch, in order, to `deliver`, until the
    /// task is cancelled.
    func run(deliver: @escaping @Sendable ([AddressedMail]) async -> Void) async {
        let (rings, doorbell) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await listen(ringing: doorbell) }
            group.addTask {
                while (try? await Task.sleep(for: Self.catchUpInterval)) != nil {
                    doorbell.yield()
                }
            }
            group.addTask {
                for await _ in rings {
                    do {
                        let mail = try await withinDeadline(Self.readLimit) { try await take() }
                        if !mail.isEmpty { await deliver(mail) }
                    } catch {
                        logger.warning("could not read this node's mail", metadata: ["error": "\(error)"])
                    }
                }
            }
        }
    }

    /// Listens on this node's channel, ringing `doorbell` for each
    /// notification and once after each subscription; listens again after
    /// a lost connection, until cancelled.
    private func listen(ringing doorbell: AsyncStream<Void>.Continuation) async {
        let channel = MailChannel.of(node: node)
        while !Task.isCancelled {
            do {
                try await client.withConnection { connection in
                    try await connection.listen(on: channel) { notifications in
                        doorbell.yield()
                        for try await _ in notifications { doorbell.yield() }
                    }
                }
            } catch {
                if Task.isCancelled { return }
                logger.warning("lost this node's mail subscription", metadata: ["error": "\(error)"])
            }
            guard (try? await Task.sleep(for: Self.resubscribeDelay)) != nil else { return }
        }
    }

    /// Takes every row addressed to this node out of the table, oldest first.
    private func take() async throws -> [AddressedMail] {
        let rows = try await client.query(
            "DELETE FROM cluster_mail WHERE recipient = \(node) RETURNING seq, sender, link, kind, body", logger: logger)
        var taken: [(seq: Int64, mail: AddressedMail)] = []
        for try await (seq, sender, link, kind, body) in rows.decode((Int64, String, Int64, Int16, ByteBuffer).self) {
            guard let mail = ClusterMail(kind: kind, body: Array(body.readableBytesView)) else {
                logger.error("unreadable mail from another node", metadata: ["sender": "\(sender)", "kind": "\(kind)"])
                continue
            }
            taken.append((seq, AddressedMail(recipient: node, sender: sender, link: Int(link), mail: mail)))
        }
        return taken.sorted { $0.seq < $1.seq }.map(\.mail)
    }
}
