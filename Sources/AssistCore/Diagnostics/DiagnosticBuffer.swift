import Synchronization

/// The diagnostic lines of one session waiting to be uploaded: at most
/// ``capacity``; when full, the oldest line makes room and is counted as
/// dropped, so a long outage cannot grow the app's memory.
public final class DiagnosticBuffer: Sendable {
    private struct Lines {
        var waiting: [DiagnosticLine] = []
        var dropped = 0
    }

    /// The most lines kept.
    public let capacity: Int
    private let lines = Mutex(Lines())

    /// An empty buffer keeping at most `capacity` lines.
    public init(capacity: Int = 500) {
        self.capacity = capacity
    }

    /// Adds a line, dropping the oldest when full.
    public func append(_ line: DiagnosticLine) {
        lines.withLock { lines in
            if lines.waiting.count >= capacity {
                lines.waiting.removeFirst()
                lines.dropped += 1
            }
            lines.waiting.append(line)
        }
    }

    /// Takes out the oldest lines, at most `limit`.
    public func take(upTo limit: Int) -> [DiagnosticLine] {
        lines.withLock { lines in
            let taken = Array(lines.waiting.prefix(limit))
            lines.waiting.removeFirst(taken.count)
            return taken
        }
    }

    /// Puts back lines whose upload failed, before any newer ones, as far
    /// as the capacity allows (the oldest are dropped first).
    public func putBack(_ failed: [DiagnosticLine]) {
        lines.withLock { lines in
            let room = max(capacity - lines.waiting.count, 0)
            let kept = failed.suffix(room)
            lines.dropped += failed.count - kept.count
            lines.waiting.insert(contentsOf: kept, at: 0)
        }
    }

    /// How many lines wait.
    public var count: Int { lines.withLock { $0.waiting.count } }

    /// How many lines were dropped because the buffer was full.
    public var dropped: Int { lines.withLock { $0.dropped } }
}
