import Foundation
import Glibc

/// Cold start of `assist-desktop` to its first drawn frame, and its idle
/// resident memory, against the smallest GTK 4 application that opens a
/// window (`gtk-minimal-window`), launched alternately in the same run.
///
/// Each launch: `CLOCK_MONOTONIC` is read just before the process is
/// spawned; the program prints the same clock after its window's first
/// paint (``first-frame`` line, see `MomentReporter`); the difference
/// is the start time. `VmRSS` is read two seconds later, with the window
/// idle. Both run with `GSK_RENDERER=cairo` and `GTK_A11Y=none` on the
/// display in `DISPLAY` (`./build.sh bench` provides one with xvfb-run),
/// with or without GL loaded (``GLLoading``).
enum DesktopStartBenchmark {
    /// Launches `app` and `baseline` `launches` times each, alternately.
    static func run(
        app: URL, appArguments: [String], baseline: URL, gl: GLLoading, launches: Int = 15
    ) throws -> DesktopStartResult {
        guard ProcessInfo.processInfo.environment["DISPLAY"] != nil else { throw DesktopStartError.noDisplay }
        var appLaunches: [Launch] = []
        var baselineLaunches: [Launch] = []
        for index in 0..<(launches + 1) {
            let appLaunch = try launch(app, arguments: appArguments, gl: gl)
            let baselineLaunch = try launch(baseline, arguments: [], gl: gl)
            guard index > 0 else { continue }
            appLaunches.append(appLaunch)
            baselineLaunches.append(baselineLaunch)
        }
        return DesktopStartResult(gl: gl, app: Measurements(appLaunches), baseline: Measurements(baselineLaunches))
    }

    /// One launch's figures.
    struct Launch {
        /// Spawn to first drawn frame.
        let startNanoseconds: Double
        /// The program's `VmRSS`, KiB, `settle` after its first frame.
        let residentKiB: Int
        /// The program and the processes it started, read at the same moment.
        let tree: ProcessTreeMemory
    }

    /// Launches `executable` once, reads its figures `settle` after its
    /// first frame, and kills it.
    static func launch(
        _ executable: URL, arguments: [String], gl: GLLoading, settle: Duration = .seconds(2)
    ) throws -> Launch {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GSK_RENDERER"] = "cairo"
        environment["GTK_A11Y"] = "none"
        environment["ASSIST_REPORT_MOMENTS"] = "1"
        environment.merge(gl.environment) { _, condition in condition }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let spawnedAt = monotonicNanoseconds()
        try process.run()
        defer {
            // SIGKILL: a child spawned from a concurrency thread inherits its
            // blocked signal mask, so SIGTERM would never arrive.
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        guard let drawnAt = firstFrame(in: output.fileHandleForReading) else {
            throw DesktopStartError.noFirstFrame(executable.lastPathComponent)
        }
        Thread.sleep(forTimeInterval: Double(LatencySample.nanoseconds(of: settle)) / 1e9)
        guard let resident = ResidentMemory.kibibytes(ofProcess: process.processIdentifier),
            let tree = ProcessTreeMemory.measure(root: process.processIdentifier)
        else {
            throw DesktopStartError.noFirstFrame(executable.lastPathComponent)
        }
        return Launch(startNanoseconds: Double(drawnAt - spawnedAt), residentKiB: resident, tree: tree)
    }

    private static func firstFrame(in handle: FileHandle) -> Int64? {
        var text = ""
        while !text.contains("\n") {
            let chunk = handle.availableData
            if chunk.isEmpty { return nil }
            text += String(decoding: chunk, as: UTF8.self)
        }
        return text.split(separator: "\n").lazy
            .compactMap { line in line.hasPrefix("first-frame ") ? Int64(line.dropFirst("first-frame ".count)) : nil }
            .first
    }

    private static func monotonicNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}

/// Whether GTK loads GL at start. With `GSK_RENDERER=cairo` nothing is
/// drawn with GL, yet GTK 4.8's X11 backend still initialises it at start
/// to choose a visual, which maps Mesa (llvmpipe and LLVM on this machine).
enum GLLoading: CaseIterable {
    /// `GDK_DEBUG=gl-disable`: GL is never initialised.
    case disabled
    /// GTK's default: GL is initialised though the renderer is cairo.
    case gtkDefault

    /// What the launch's environment adds.
    var environment: [String: String] {
        switch self {
        case .disabled: ["GDK_DEBUG": "gl-disable"]
        case .gtkDefault: [:]
        }
    }

    /// How the report names the condition.
    var label: String {
        switch self {
        case .disabled: "GL not loaded (`GDK_DEBUG=gl-disable`)"
        case .gtkDefault: "GL loaded (GTK's default on X11)"
        }
    }
}

/// Why the desktop start-up benchmark could not run.
enum DesktopStartError: Error, CustomStringConvertible {
    case noDisplay
    case noFirstFrame(String)

    var description: String {
        switch self {
        case .noDisplay: "the desktop start-up benchmark needs a display (DISPLAY); ./build.sh bench runs it under xvfb-run"
        case .noFirstFrame(let program): "\(program) exited or failed before reporting its first frame"
        }
    }
}
