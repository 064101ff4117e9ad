@testable import AssistServer

/// One server's view of a short-code database: its storage, on connections
/// of its own, its sealer, whose key every node of the database shares, and
/// its rate limits' ledger, as the server picks it for the engine.
struct ShortCodeNode: Sendable {
    let storage: any ShortCodeStorage
    let sealer: TokenSealer
    let rateLimits: any RateLimitLedger

    /// A node on a SQLite database, as the server opens it: its rate limits in its own memory.
    static func sqlite(_ database: SupportDatabase) -> ShortCodeNode {
        ShortCodeNode(
            storage: ShortCodeStore(writer: database.writer), sealer: database.tokenSealer,
            rateLimits: InMemoryRateLimitLedger())
    }
}
