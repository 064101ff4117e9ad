import Foundation
import Synchronization

/// Samples the size of a server's database file and its WAL at a fixed
/// interval while a benchmark runs, keeping the largest WAL seen and one
/// reading per reporting step.
final class FileSizeWatch: Sendable {
    /// One reading: when, and the two files' sizes in bytes.
    struct Reading: Sendable {
        /// Time since the watch started.
        let elapsed: Duration
        /// The `-wal` file's size (0 when there is none).
        let walBytes: Int
        /// The database file's size.
        let databaseBytes: Int
    }

    private struct State {
        var largestWALBytes = 0
        var readings: [Reading] = []
        var lastStep = -1
    }

    private let database: URL
    private let step: Duration
    private let state = Mutex(State())

    /// A watch over `database` (and `database-wal`) that keeps a reading every `step`.
    init(database: URL, step: Duration) {
        self.database = database
        self.step = step
    }

    /// The largest WAL seen so far, in bytes.
    var largestWALBytes: Int { state.withLock { $0.largestWALBytes } }
    /// One reading per step, oldest first.
    var readings: [Reading] { state.withLock { $0.readings } }

    /// The two sizes now.
    func read(at elapsed: Duration) -> Reading {
        Reading(elapsed: elapsed, walBytes: Self.size(database.path + "-wal"), databaseBytes: Self.size(database.path))
    }

    /// Reads every `interval` until the task is cancelled.
    func run(every interval: Duration) async {
        let clock = ContinuousClock()
        let start = clock.now
        while !Task.isCancelled {
            let elapsed = clock.now - start
            let reading = read(at: elapsed)
            let stepIndex = Int(elapsed / step)
            state.withLock { state in
                state.largestWALBytes = max(state.largestWALBytes, reading.walBytes)
                if stepIndex > state.lastStep {
                    state.lastStep = stepIndex
                    state.readings.append(reading)
                }
            }
            try? await clock.sleep(for: interval)
        }
    }

    private static func size(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }
}
