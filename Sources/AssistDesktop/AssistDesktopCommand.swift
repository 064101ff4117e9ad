import ArgumentParser
import AssistCore
import AssistGtk
import Foundation

/// `assist-desktop`: ask a support agent for help.
@main
struct AssistDesktopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assist-desktop",
        abstract: "Ask a support agent for help, chat, and share this app's window if you choose.",
        discussion: """
            Without --config the app reads $XDG_CONFIG_HOME/assist/assist.json (or \
            ~/.config/assist/assist.json) when it exists. --set and --server override any file.
            """)

    @Option(help: "The support server's URL, e.g. http://127.0.0.1:8080.")
    var server: String?

    @Option(help: "A JSON configuration file to read instead of the per-user one.")
    var config: String?

    @Option(name: .customLong("set"), help: "Override one configuration key, e.g. --set visitorName=Ada. Repeatable.")
    var overrides: [String] = []

    /// Runs on the process's main thread, where GTK lives.
    func run() throws {
        let status = MainActor.assumeIsolated { runApplication() }
        if status != 0 { throw ExitCode(status) }
    }

    @MainActor
    private func runApplication() -> Int32 {
        let startLine: String
        do {
            let configuration = try Configuration.launch(
                configFile: config.map { URL(fileURLWithPath: $0) },
                server: server,
                overrides: overrides,
                environment: ProcessInfo.processInfo.environment)
            startLine = configuration.server.map { "Support server: \($0.absoluteString)" }
                ?? "No support server is configured. Start the app with --server URL, "
                + "or set \"server\" in ~/.config/assist/assist.json."
        } catch {
            FileHandle.standardError.write(Data("assist-desktop: \(error.description)\n".utf8))
            startLine = "The configuration could not be used. \(error.description)"
        }
        let host = ApplicationHost(id: "dev.assist.Desktop")
        var window: MainWindow?
        host.onActivate {
            if window == nil {
                window = MainWindow(application: host.application, serverDescription: startLine)
            }
            window?.present()
        }
        return host.run(programName: "assist-desktop")
    }
}
