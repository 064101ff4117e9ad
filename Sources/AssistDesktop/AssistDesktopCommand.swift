import ArgumentParser
import AssistDesktopKit

/// `assist-desktop`: ask a support agent for help.
///
/// This program has the app's own chat and never links WebKit; template mode
/// (`chatTemplateURL`, `--chat-url`) is `assist-desktop-web`'s, which this
/// program becomes when the configuration asks for it.
@main
struct AssistDesktopCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assist-desktop",
        abstract: "Ask a support agent for help, chat, and share this app's window if you choose.",
        discussion: """
            Without --config the app reads $XDG_CONFIG_HOME/assist/assist.json (or \
            ~/.config/assist/assist.json) when it exists. --set, --server and --chat-url override any file. \
            With a chat template (chatTemplateURL or --chat-url) the app starts assist-desktop-web, \
            installed beside it by the assist-web package, with the same options.
            """)

    @OptionGroup var options: DesktopOptions

    /// Runs on the process's main thread, where GTK lives.
    func run() throws {
        let options = options
        let status = MainActor.assumeIsolated {
            DesktopApplication.run(options, templateChat: .inSiblingProgram(named: "assist-desktop-web"))
        }
        if status != 0 { throw ExitCode(status) }
    }
}
