import Foundation

/// The machine a benchmark ran on, as the report prints it.
struct MachineDescription {
    let processor: String
    let cores: Int
    let memoryGiB: Double
    let system: String

    /// Reads the description of this machine.
    static func current() -> MachineDescription {
        let info = ProcessInfo.processInfo
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n")
            .first { $0.hasPrefix("model name") }
            .flatMap { $0.split(separator: ":", maxSplits: 1).last }
            .map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown processor"
        return MachineDescription(
            processor: model,
            cores: info.activeProcessorCount,
            memoryGiB: Double(info.physicalMemory) / 1_073_741_824,
            system: info.operatingSystemVersionString)
    }

    /// One line for the report.
    var summary: String {
        "\(processor), \(cores) cores, \(String(format: "%.0f", memoryGiB)) GiB, \(system)"
    }
}
