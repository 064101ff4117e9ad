import Synchronization

/// Every WebSocket connection whose handler is running, and where in its
/// life each one is, so that a shutdown that waits too long can say what
/// it is waiting for (``GoingAwayService``).
///
/// A graceful shutdown ends when every connection's handler has returned;
/// one that does not return keeps the process alive until the shutdown's
/// time is up. The log line this makes names each such connection, its
/// phase and the state of its writer.
final class OpenConnections: Sendable {
    /// Where a connection's handler is.
    enum Phase: String, Sendable {
        /// Registering with the hub (or the cluster's leader).
        case registering
        /// Closed at once on registering (a shutdown had begun): waiting for
        /// its close to be written.
        case writingEarlyClose = "writing its early close"
        /// Reading frames from its peer.
        case reading
        /// Its peer is done or its close was decided: waiting for the close
        /// to be written, then telling the hub it is gone.
        case finishing
    }

    private struct Entry {
        let link: PeerLink
        var phase: Phase
    }

    private let entries = Mutex<[Int: Entry]>([:])

    /// How many connections' handlers are running.
    var count: Int { entries.withLock { $0.count } }

    /// Records that `link`'s handler has reached `phase`.
    func enter(_ phase: Phase, _ link: PeerLink) {
        entries.withLock { $0[link.id] = Entry(link: link, phase: phase) }
    }

    /// Records that `link`'s handler returned.
    func leave(_ link: PeerLink) {
        _ = entries.withLock { $0.removeValue(forKey: link.id) }
    }

    /// One line per running handler, oldest connection first, such as
    /// `consumer #12: reading; 0 frames waiting, close queued`.
    func report() -> [String] {
        entries.withLock { entries in
            entries.keys.sorted().compactMap { id in
                guard let entry = entries[id] else { return nil }
                return "\(entry.link.role) #\(id): \(entry.phase.rawValue); \(entry.link.writerState)"
            }
        }
    }
}
