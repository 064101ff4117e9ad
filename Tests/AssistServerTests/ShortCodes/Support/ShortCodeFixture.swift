@testable import AssistServer
import Foundation

/// A short-code service over a fresh database, with virtual time and its
/// own metrics.
struct ShortCodeFixture {
    let time: VirtualTime
    let metrics = ServerMetrics()
    let database: SupportDatabase
    let service: ShortCodeService

    init(
        path: String = ":memory:", time: VirtualTime = VirtualTime(), timeToLive: TimeInterval = 300,
        random: some RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()
    ) throws {
        self.time = time
        database = try SupportDatabase(path: path)
        service = ShortCodeService(
            database: database, metrics: metrics, timeToLive: timeToLive, now: { time.now }, random: random)
    }

    /// The value of the counter `assist_<name>_total` in the rendered metrics.
    func counter(_ name: String) -> Double? {
        let prefix = "assist_\(name)_total "
        return metrics.render().split(separator: "\n")
            .first { $0.hasPrefix(prefix) }
            .flatMap { Double($0.dropFirst(prefix.count)) }
    }
}

/// A unique folder under the temporary directory, removed by `remove()`.
struct TemporaryFolder {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("assist-shortcodes-\(UUID().uuidString)")

    /// A path for a file database inside the folder.
    var databasePath: String { url.appendingPathComponent("assist-server.sqlite").path }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
