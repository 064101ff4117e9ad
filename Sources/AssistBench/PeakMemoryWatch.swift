import Foundation

/// Samples a process's resident memory every 10 ms until stopped, and keeps the highest.
final class PeakMemoryWatch: Sendable {
    private let sampler: Task<Int, Never>

    /// Starts watching process `pid`.
    init(pid: Int32) {
        sampler = Task.detached {
            var peak = 0
            while !Task.isCancelled {
                peak = max(peak, ResidentMemory.kibibytes(ofProcess: pid) ?? 0)
                try? await Task.sleep(for: .milliseconds(10))
            }
            return max(peak, ResidentMemory.kibibytes(ofProcess: pid) ?? 0)
        }
    }

    /// Stops watching; the highest resident memory seen, in KiB.
    func stop() async -> Int {
        sampler.cancel()
        return await sampler.value
    }
}
