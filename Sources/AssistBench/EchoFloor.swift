import Foundation

/// The echo servers the relay is measured against (``EchoServer``).
enum EchoFloor {
    /// Echoes each frame as it arrives.
    case bare
    /// Commits each frame to SQLite as the server stores a chat, then echoes it.
    case sqlite

    /// What the progress lines and the log file call it.
    var name: String {
        switch self {
        case .bare: "bare WebSocket echo"
        case .sqlite: "SQLite-committing echo"
        }
    }

    /// The `assist-bench` arguments that run it, its database (if any) in `directory`.
    func arguments(in directory: URL) -> [String] {
        switch self {
        case .bare: ["--echo-server"]
        case .sqlite: ["--echo-server", "--echo-database", directory.appendingPathComponent("echo.sqlite").path]
        }
    }

    /// Its log file's name.
    var logName: String {
        switch self {
        case .bare: "echo-server.log"
        case .sqlite: "sqlite-echo-server.log"
        }
    }
}
