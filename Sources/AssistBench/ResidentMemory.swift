import Foundation

/// A process's resident set size as Linux reports it.
enum ResidentMemory {
    /// `VmRSS` of process `pid` in KiB, from `/proc/<pid>/status`; `nil` when unreadable.
    static func kibibytes(ofProcess pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        return status.split(separator: "\n")
            .first { $0.hasPrefix("VmRSS:") }
            .flatMap { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first }
            .flatMap { Int($0) }
    }
}
