import AssistCall
import AssistCore
import AssistGtk
import AssistScreen
import CGtk
import Foundation

/// The app's life, shared by `assist-desktop` and `assist-desktop-web`: the
/// configuration, the translations and the style, the one window, calls
/// through GStreamer, and a running session keeping the app alive.
public enum DesktopApplication {
    /// The application ID, the D-Bus name and the icon's name.
    public static let applicationID = "dev.assist.Desktop"

    /// The program's name for GLib (and so the window's class on X11) and
    /// in messages on stderr: `assist-desktop` in both programs, since the
    /// person started that one.
    static let programName = "assist-desktop"

    /// Runs the app on the main thread with `options` until it quits; the
    /// exit status. With `chatTemplateURL` set,
    /// `templateChat` says how template mode is shown; when the program it
    /// names cannot be started the start page says why and the app's own
    /// chat stays available.
    @MainActor
    public static func run(_ options: DesktopOptions, templateChat: TemplateChatSupport) -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        let dataDirectory = DataFiles.directory()
        DataFiles.useTranslations(besideDataIn: dataDirectory)
        var configuration: Configuration?
        var startLine: String
        do {
            let loaded = try Configuration.launch(
                defaults: DesktopDefaults.configuration,
                configFile: options.config.map { URL(fileURLWithPath: $0) },
                server: options.server,
                chatURL: options.chatURL,
                overrides: options.overrides,
                environment: environment)
            configuration = loaded
            startLine = loaded.server.map { localized("Support server: {address}", ["address": $0.absoluteString]) }
                ?? localized(
                    "No support server is configured. Start the app with --server URL, or set \"server\" in ~/.config/assist/assist.json.")
        } catch {
            FileHandle.standardError.write(Data("\(programName): \(error.description)\n".utf8))
            startLine = localized("The configuration could not be used.") + " " + error.description
        }
        var makeTemplateContent: (@MainActor (Configuration, OpaquePointer) -> (any TemplateChatContent)?)?
        if var templated = configuration, !templated.chatTemplateURL.isEmpty {
            switch templateChat {
            case .inThisProgram(let make):
                makeTemplateContent = make
            case .inSiblingProgram(let name):
                let failure = TemplateModeProgram.become(
                    programAt: TemplateModeProgram.siblingPath(named: name), arguments: Array(CommandLine.arguments.dropFirst()))
                FileHandle.standardError.write(Data("\(programName): \(failure.message)\n".utf8))
                startLine = failure.message
                templated.chatTemplateURL = ""
                configuration = templated
            }
        }
        let host = ApplicationHost(id: applicationID)
        var window: MainWindow?
        host.onActivate {
            if window == nil {
                // The desktop's light or dark style, for the app's whole life (its subscription holds it).
                ColorSchemeFollower()?.follow(
                    portalOn: g_application_get_dbus_connection(GtkCast.pointer(host.application, to: GApplication.self)))
                DataFiles.loadStyleSheet(from: dataDirectory)
                let created = MainWindow(
                    application: host.application, configuration: configuration, serverDescription: startLine,
                    appIconFile: DataFiles.appIconFile(in: dataDirectory),
                    makeTemplateContent: makeTemplateContent)
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
        AssistSDK.screenCapture = DesktopScreenCapture()
        AssistSDK.onSupportActiveChanged = { active in
            let application = GtkCast.pointer(host.application, to: GApplication.self)
            if active { g_application_hold(application) } else { g_application_release(application) }
        }
        return host.run(programName: programName)
    }
}
