import Synchronization

/// Counts, across many connections, how many got ready (a consumer's
/// `welcome`, an echo's first answer), how many failed before that, how many
/// have ended, and the protocol problems seen; keeps the first failure's text.
final class ConnectionTally: Sendable {
    private struct Counts {
        var ready = 0
        var failed = 0
        var ended = 0
        var protocolProblems = 0
        var firstFailure: String?
    }

    private let counts = Mutex(Counts())

    /// Creates a tally at zero.
    init() {}

    /// A connection is ready for use.
    func markReady() {
        counts.withLock { $0.ready += 1 }
    }

    /// A connection ended; `failure` says why it never got ready, if it did not.
    func markEnded(failure: String?) {
        counts.withLock { counts in
            counts.ended += 1
            guard let failure else { return }
            counts.failed += 1
            if counts.firstFailure == nil { counts.firstFailure = failure }
        }
    }

    /// A frame that did not decode, broke the sequencing, or was an `error`.
    func markProtocolProblem() {
        counts.withLock { $0.protocolProblems += 1 }
    }

    /// Connections ready so far.
    var ready: Int { counts.withLock { $0.ready } }
    /// Connections that ended without getting ready.
    var failed: Int { counts.withLock { $0.failed } }
    /// Connections that have ended, ready or not.
    var ended: Int { counts.withLock { $0.ended } }
    /// Protocol problems seen on any connection.
    var protocolProblems: Int { counts.withLock { $0.protocolProblems } }
    /// Why the first failed connection failed.
    var firstFailure: String? { counts.withLock { $0.firstFailure } }
}
