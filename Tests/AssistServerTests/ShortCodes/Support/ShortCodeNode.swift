@testable import AssistServer

/// One server's view of a short-code database: its storage, on connections
/// of its own, and its sealer, whose key every node of the database shares.
struct ShortCodeNode: Sendable {
    let storage: any ShortCodeStorage
    let sealer: TokenSealer

    /// A node on a SQLite database, as the server opens it.
    static func sqlite(_ database: SupportDatabase) -> ShortCodeNode {
        ShortCodeNode(storage: ShortCodeStore(writer: database.writer), sealer: database.tokenSealer)
    }
}
