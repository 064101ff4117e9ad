import ArgumentParser
import AssistCall
import AssistCore
import AssistGtk
import CGtk
import Foundation

/// `assist-desktop`: ask a support agent for help.
@main
struct AssistDesktopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assist-desktop",
        abstract: "Ask a support agent for help, chat, and share this app's window if you choose.",
        discussion: """
            Without --config the app reads $XDG_CONFIG_HOME/assist/assist.json (or \
            ~/.config/assist/assist.json) when it exists. --set, --server and --chat-url override any file.
            """)

    @Option(help: "The support server's URL, e.g. http://127.0.0.1:8080.")
    var server: String?

    @Option(
        name: .customLong("chat-url"),
        help: "A web chat template's entry-point URL (http or https) to show instead of the app's own chat; overrides chatTemplateURL.")
    var chatURL: String?

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
        let environment = ProcessInfo.processInfo.environment
        let dataDirectory = DataFiles.directory()
        DataFiles.useTranslations(besideDataIn: dataDirectory)
        var configuration: Configuration?
        let startLine: String
        do {
            let loaded = try Configuration.launch(
                configFile: config.map { URL(fileURLWithPath: $0) },
                server: server,
                chatURL: chatURL,
                overrides: overrides,
                environment: environment)
            configuration = loaded
            startLine = loaded.server.map { localized("Support server: {address}", ["address": $0.absoluteString]) }
                ?? localized(
                    "No support server is configured. Start the app with --server URL, or set \"server\" in ~/.config/assist/assist.json.")
        } catch {
            FileHandle.standardError.write(Data("assist-desktop: \(error.description)\n".utf8))
            startLine = localized("The configuration could not be used.") + " " + error.description
        }
        let host = ApplicationHost(id: "dev.assist.Desktop")
        var window: MainWindow?
        host.onActivate {
            if window == nil {
                // The desktop's light or dark style, for the app's whole life (its subscription holds it).
                ColorSchemeFollower()?.follow(
                    portalOn: g_application_get_dbus_connection(GtkCast.pointer(host.application, to: GApplication.self)))
                DataFiles.loadStyleSheet(from: dataDirectory)
                let created = MainWindow(
                    application: host.application, configuration: configuration, serverDescription: startLine,
                    appIconFile: DataFiles.appIconFile(in: dataDirectory))
                window = created
                created.present()
                if let configuration, configuration.server != nil, configuration.chatTemplateURL.isEmpty,
                    configuration.autoStart || AssistSDK.hasKeptSupport(configuration)
                {
                    created.startSupport()
                }
                return
            }
            window?.present()
        }
        AssistSDK.callMedia = GStreamerCallMedia()
        AssistSDK.onSupportActiveChanged = { active in
            let application = GtkCast.pointer(host.application, to: GApplication.self)
            if active { g_application_hold(application) } else { g_application_release(application) }
        }
        return host.run(programName: "assist-desktop")
    }
}
