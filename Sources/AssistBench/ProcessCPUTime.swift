import Foundation

/// The CPU time a process has used as Linux reports it.
enum ProcessCPUTime {
    /// User plus system time of process `pid` and all its threads so far:
    /// fields 14 and 15 (`utime`, `stime`) of `/proc/<pid>/stat`, in clock
    /// ticks (10 ms at the usual 100 a second); `nil` when unreadable.
    static func of(_ pid: Int32) -> Duration? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let nameEnd = stat.lastIndex(of: ")")
        else { return nil }
        // The name (field 2) may hold spaces; after its ")" come field 3 (the state) onwards.
        let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
        guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
        return .seconds(Double(user + system) / Double(sysconf(Int32(_SC_CLK_TCK))))
    }
}
