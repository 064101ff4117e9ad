import AssistCore
@testable import AssistServer
import Foundation
import GRDB
import Testing

@Suite("The WAL stays bounded")
struct WalBoundTests {
    /// Commits between two checkpoints, as the server's one-second timer might see.
    private static let commitsPerCheckpoint = 40

    /// One relayed chat's transaction, as the hub writes it: the session's
    /// stream counters, the frame kept for the peer, the trim of what the
    /// peer acknowledged, and the transcript row.
    private static func chatChanges(_ index: Int, session: SessionID, stream: StreamRow) -> StoreChanges {
        var row = stream
        row.lastSentSeq = index
        row.peerAcknowledgedSeq = index - 1
        var changes = StoreChanges()
        changes.streams = [row]
        changes.outboxAppends = [(stream.id, index, String(repeating: "x", count: 300) + "\(index)")]
        changes.outboxTrims = [(stream.id, index - 1)]
        changes.chats = [
            StoredChat(
                sessionID: session, clientMessageID: ClientMessageID("c-\(index)"),
                message: ChatMessage(
                    id: ServerMessageID("m-\(index)"), author: .consumer, text: "message number \(index)",
                    sentAt: Date(timeIntervalSince1970: Double(index))))
        ]
        return changes
    }

    /// The pages the WAL file at `path` has room for (its frames).
    private static func walPages(_ path: String, pageSize: Int) -> Int {
        let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int) ?? 0
        return size <= 32 ? 0 : (size - 32) / (pageSize + 24)
    }

    @Test("a WAL grown while a reader held it back is emptied by the next checkpoint, and stays under the page limit after every checkpoint since")
    func walIsTruncatedAfterGrowth() throws {
        let folder = TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url, withIntermediateDirectories: true)
        defer { folder.remove() }
        let database = try SupportDatabase(path: folder.databasePath)
        let store = SessionStore(writer: database.writer)
        let pageSize = try database.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") } ?? 4096
        let session = SessionID("s-1")
        let stream = StreamRow(
            id: StreamRow.consumerStreamID(session), resumeDigest: SecretDigest(of: "token"), lastSentSeq: 0,
            peerAcknowledgedSeq: 0, lastReceivedSeq: 0)
        var opening = StoreChanges()
        opening.sessions = [
            SessionRow(
                id: session, destination: "support", hello: ConsumerHello(destination: "support"), phase: .queued,
                agentID: nil, createdAt: Date(timeIntervalSince1970: 0))
        ]
        opening.streams = [stream]
        try store.commit(opening)

        let pool = try #require(database.writer as? DatabasePool)
        var lingeringReader: DatabaseSnapshot?
        var largestWhileHeld = 0
        var index = 0
        for tick in 0..<60 {
            if tick == 10 { lingeringReader = try pool.makeSnapshot() }
            if tick == 30 { try lingeringReader?.close() }
            for _ in 0..<Self.commitsPerCheckpoint {
                index += 1
                try store.commit(Self.chatChanges(index, session: session, stream: stream))
            }
            try database.checkpoint()
            let pages = Self.walPages(folder.databasePath, pageSize: pageSize)
            if (10..<30).contains(tick) {
                largestWhileHeld = max(largestWhileHeld, pages)
            } else {
                #expect(pages <= SupportDatabase.walPageLimit, "after checkpoint \(tick) the WAL has \(pages) pages")
            }
        }
        #expect(largestWhileHeld > SupportDatabase.walPageLimit, "the reader did not make the WAL grow past the limit")
    }
}
