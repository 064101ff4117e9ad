import ArgumentParser
import AssistDesktopKit

/// `assist-desktop-web`: `assist-desktop` with the contact centre's web chat
/// template (`chatTemplateURL`) in a WebKitGTK view. `assist-desktop` starts
/// it with the same options, so that only template mode loads WebKit.
@main
struct AssistDesktopWebCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assist-desktop-web",
        abstract: "Assist's chat in a contact centre's web chat template (template mode of assist-desktop).",
        discussion: """
            assist-desktop starts this program, with the same options, when chatTemplateURL is set or \
            --chat-url is given; started directly it behaves as assist-desktop does. Without --config \
            it reads $XDG_CONFIG_HOME/assist/assist.json (or ~/.config/assist/assist.json) when it exists.
            """)

    @OptionGroup var options: DesktopOptions

    /// Runs on the process's main thread, where GTK lives.
    func run() throws {
        let options = options
        let status = MainActor.assumeIsolated {
            DesktopApplication.run(
                options,
                templateChat: .inThisProgram { configuration, endChat in
                    TemplateChatPage(configuration: configuration, endChat: endChat)
                })
        }
        if status != 0 { throw ExitCode(status) }
    }
}
