@testable import AssistServer
import Foundation

/// A short-code service on one node of a database, with virtual time and
/// its own metrics.
struct ShortCodeFixture {
    let time: VirtualTime
    let metrics = ServerMetrics()
    let service: ShortCodeService

    /// A service on `node`.
    init(
        node: ShortCodeNode, time: VirtualTime = VirtualTime(), timeToLive: TimeInterval = 300,
        random: some RandomNumberGenerator & Sendable = SystemRandomNumberGenerator()
    ) {
        self.time = time
        service = ShortCodeService(
            storage: node.storage, sealer: node.sealer, metrics: metrics, timeToLive: timeToLive,
            rateLimits: node.rateLimits, now: { time.now }, random: random)
    }

    /// A service on a new SQLite database in memory.
    init() throws {
        self.init(node: .sqlite(try SupportDatabase(path: ":memory:")))
    }

    /// What redeeming `code` by `role` from `address` answers.
    func redemption(
        of code: String, by role: ShortCodeRole = .agent, from address: String
    ) async -> Result<ShortCodeGrant, ShortCodeRefusal> {
        do throws(ShortCodeRefusal) {
            return .success(try await service.redeem(code, by: role, from: address))
        } catch {
            return .failure(error)
        }
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
