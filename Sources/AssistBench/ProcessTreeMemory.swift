import Foundation

/// The memory of a process and of every process below it, as Linux reports
/// it: what an app costs when part of it runs in child processes (WebKit's
/// web, network and sandbox processes).
struct ProcessTreeMemory {
    /// How many processes the tree held.
    let processes: Int
    /// Their command names, each once, sorted.
    let commands: [String]
    /// The root process's own `VmRSS`, KiB.
    let rootResidentKiB: Int
    /// The sum of their `VmRSS`, KiB (pages they share are counted in each).
    let residentKiB: Int
    /// The sum of their `Pss`, KiB (each shared page split among its users,
    /// so nothing is counted twice).
    let proportionalKiB: Int

    /// The tree rooted at `root`; `nil` when `root` cannot be read.
    static func measure(root: Int32) -> ProcessTreeMemory? {
        guard let rootResident = ResidentMemory.kibibytes(ofProcess: root) else { return nil }
        let below = descendants(of: root)
        let commands = Set(([root] + below).compactMap(command(of:))).sorted()
        var resident = rootResident
        var proportional = proportionalKibibytes(ofProcess: root) ?? 0
        for pid in below {
            resident += ResidentMemory.kibibytes(ofProcess: pid) ?? 0
            proportional += proportionalKibibytes(ofProcess: pid) ?? 0
        }
        return ProcessTreeMemory(
            processes: below.count + 1, commands: commands, rootResidentKiB: rootResident, residentKiB: resident, proportionalKiB: proportional)
    }

    /// Every process whose chain of parents reaches `root`.
    private static func descendants(of root: Int32) -> [Int32] {
        var children: [Int32: [Int32]] = [:]
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = Int32(entry), let parent = parent(of: pid) else { continue }
            children[parent, default: []].append(pid)
        }
        var found: [Int32] = []
        var next = children[root] ?? []
        while let pid = next.popLast() {
            found.append(pid)
            next += children[pid] ?? []
        }
        return found
    }

    /// The parent's pid, from `/proc/<pid>/stat` (the field after the state,
    /// which follows the command name's closing parenthesis).
    private static func parent(of pid: Int32) -> Int32? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? Int32(fields[1]) : nil
    }

    /// The program of process `pid`: the file name of its first argument,
    /// from `/proc/<pid>/cmdline` (`comm` is cut at 15 characters).
    private static func command(of pid: Int32) -> String? {
        guard let arguments = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"),
            let first = arguments.split(separator: 0).first
        else { return nil }
        return URL(fileURLWithPath: String(decoding: first, as: UTF8.self)).lastPathComponent
    }

    /// `Pss` of process `pid` in KiB, from `/proc/<pid>/smaps_rollup`.
    private static func proportionalKibibytes(ofProcess pid: Int32) -> Int? {
        guard let rollup = try? String(contentsOfFile: "/proc/\(pid)/smaps_rollup", encoding: .utf8) else { return nil }
        return rollup.split(separator: "\n")
            .first { $0.hasPrefix("Pss:") }
            .flatMap { $0.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first }
            .flatMap { Int($0) }
    }
}
