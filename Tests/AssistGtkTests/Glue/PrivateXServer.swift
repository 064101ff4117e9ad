import CGtk
import Foundation

/// An X server of a test's own (Xvfb), with a window manager on it when asked:
/// what a window manager does to windows is tested away from the display the
/// other tests share.
@MainActor
final class PrivateXServer {
    /// The display GTK opened on the server.
    let display: OpaquePointer
    private let server: Process
    private var windowManager: Process?

    /// Starts Xvfb on a free display number and opens it with GDK.
    init() throws {
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        server.arguments = ["-displayfd", "1", "-screen", "0", "800x600x24", "-nolisten", "tcp"]
        let numberPipe = Pipe()
        server.standardOutput = numberPipe
        server.standardError = FileHandle.nullDevice
        try server.run()
        self.server = server
        var digits = Data()
        while !digits.contains(UInt8(ascii: "\n")) {
            let chunk = numberPipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            digits.append(chunk)
        }
        let number = String(decoding: digits, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !number.isEmpty, let opened = gdk_display_open(":\(number)") else {
            server.terminate()
            throw PrivateXServerError.couldNotOpen(number)
        }
        display = opened
        name = ":\(number)"
    }

    /// The server's display name, such as `:99`.
    let name: String

    /// Starts Openbox on the server and waits until it manages the screen
    /// (owns the `WM_S0` selection), at most `timeout`.
    func startWindowManager(timeout: Duration = .seconds(10)) throws {
        let manager = Process()
        manager.executableURL = URL(fileURLWithPath: "/usr/bin/openbox")
        manager.environment = ProcessInfo.processInfo.environment.merging(["DISPLAY": name]) { $1 }
        manager.standardOutput = FileHandle.nullDevice
        manager.standardError = FileHandle.nullDevice
        try manager.run()
        windowManager = manager
        let xdisplay = gdk_x11_display_get_xdisplay(display)
        let selection = XInternAtom(xdisplay, "WM_S0", 0)
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while XGetSelectionOwner(xdisplay, selection) == 0 {
            guard ContinuousClock.now < deadline else { throw PrivateXServerError.noWindowManager }
            usleep(20_000)
        }
    }

    /// Closes the display and stops the window manager and the server.
    func stop() {
        gdk_display_close(display)
        if let windowManager { Self.end(windowManager) }
        Self.end(server)
        let number = name.dropFirst()
        try? FileManager.default.removeItem(atPath: "/tmp/.X\(number)-lock")
        try? FileManager.default.removeItem(atPath: "/tmp/.X11-unix/X\(number)")
    }

    /// Ends `process`: SIGTERM, then SIGKILL if it is still there after half
    /// a second (Xvfb here often ignores SIGTERM), and reaps it. Foundation's
    /// `waitUntilExit()` and `isRunning` are fed by the main run loop, which
    /// never turns on the main actor under the test runner.
    private static func end(_ process: Process) {
        let pid = process.processIdentifier
        kill(pid, SIGTERM)
        if !reaped(pid, within: .milliseconds(500)) {
            kill(pid, SIGKILL)
            _ = reaped(pid, within: .seconds(5))
        }
    }

    private static func reaped(_ pid: pid_t, within timeout: Duration) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        var status: Int32 = 0
        while ContinuousClock.now < deadline {
            // Reaped here, or already reaped elsewhere and gone.
            if waitpid(pid, &status, WNOHANG) == pid || kill(pid, 0) != 0 { return true }
            usleep(10_000)
        }
        return false
    }
}

/// Why a ``PrivateXServer`` could not be used.
enum PrivateXServerError: Error {
    case couldNotOpen(String)
    case noWindowManager
}
