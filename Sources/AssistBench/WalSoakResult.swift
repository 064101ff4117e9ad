import Foundation

/// What the WAL soak measured.
struct WalSoakResult: Sendable {
    /// Sessions the chats were spread over.
    let sessions: Int
    /// Chats sent.
    let chats: Int
    /// The rate they were sent at, per second.
    let chatsPerSecond: Double
    /// Chat relay latency through the server (each chat is one commit before it is relayed).
    let relay: LatencySample
    /// Chats that never reached the agent.
    let lost: Int
    /// The largest WAL file seen while chatting, in bytes.
    let largestWALBytes: Int
    /// Sizes while chatting, one reading per step.
    let readings: [FileSizeWatch.Reading]
    /// The WAL and the database file when the server was killed (`kill -9`) after the soak.
    let atKill: FileSizeWatch.Reading
    /// From starting the server again on that database to its `listening on` line.
    let restartTime: Duration
}
