import Logging

/// Tries the database while ``DatabaseReadiness`` says it is out of reach,
/// so the server notices by itself when it is back.
enum ReadinessProbe {
    /// How often an unreachable database is tried.
    static let interval = Duration.seconds(1)

    /// The service that runs ``check(store:readiness:)`` every ``interval``
    /// until the server shuts down.
    static func service(store: any SessionStorage, readiness: DatabaseReadiness) -> RepeatingService {
        RepeatingService(interval: interval) { await check(store: store, readiness: readiness) }
    }

    /// When the database is marked out of reach, tries it once and records the answer.
    static func check(store: any SessionStorage, readiness: DatabaseReadiness) async {
        guard !readiness.isReady else { return }
        do {
            try await store.checkReachable()
            readiness.record(reachable: true)
        } catch {
            readiness.record(reachable: false)
        }
    }
}
