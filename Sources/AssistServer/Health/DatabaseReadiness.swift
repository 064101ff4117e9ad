import Logging
import Synchronization

/// Whether the server can write to its database, which decides whether it
/// takes new work: a server that cannot store what it would acknowledge
/// refuses new connections (so a load balancer's next try, or the client's
/// next attempt, finds another node) and says so in `GET /healthz`.
///
/// Every transaction's outcome is recorded; while the database is out of
/// reach, ``ReadinessProbe`` tries it every second, so the server recovers
/// by itself, also when no connection is left to write anything.
final class DatabaseReadiness: Sendable {
    private let reachable = Atomic<Bool>(true)
    private let logger: Logger

    /// Readiness that starts ready (the server listens only after opening
    /// and migrating its database); `logger` hears each change.
    init(logger: Logger) {
        self.logger = logger
    }

    /// Whether the last write (or probe) reached the database.
    var isReady: Bool { reachable.load(ordering: .relaxed) }

    /// Records whether a write or probe reached the database; a change is logged.
    func record(reachable now: Bool) {
        let before = reachable.exchange(now, ordering: .relaxed)
        guard before != now else { return }
        if now {
            logger.notice("the database is reachable again; accepting new connections")
        } else {
            logger.error("the database cannot be written; refusing new connections until it is back")
        }
    }
}
