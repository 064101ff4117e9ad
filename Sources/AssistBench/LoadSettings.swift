import Foundation

/// What the load benchmark does: how many sessions, how many of them chat,
/// and how the latency probes are paced.
struct LoadSettings: Sendable {
    /// Idle consumer sessions to open.
    var sessions: Int
    /// Sessions the agent takes and chat is relayed through.
    var relaySessions: Int
    /// The `assist-bench` executable, which also runs the echo servers.
    var benchExecutable: URL
    /// The Mosquitto broker the relay is compared with.
    var mosquittoExecutable = MosquittoBroker.defaultExecutable
    /// Timed samples per probe (the relay, each echo floor and Mosquitto).
    var samples = 3_000
    /// Samples sent first and not counted, per probe.
    var warmUpSamples = 200
    /// Samples per second, spread round-robin over the connections.
    var samplesPerSecond = 200.0
    /// Sessions opened at once; the next batch starts when all have answered.
    var batchSize = 100

    /// The `assist-server` built next to `assist-bench`.
    var serverExecutable: URL {
        benchExecutable.deletingLastPathComponent().appendingPathComponent("assist-server")
    }
}
