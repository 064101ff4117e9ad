import AssistCore

/// Where `assist-desktop` differs from the SDK's defaults: the app is what
/// the person runs to get help with another program, so an agent may ask to
/// see the screen (through the desktop's own dialog) as well as the app's
/// window, and ask to use the pointer and keyboard there. A configuration
/// file or `--set` still decides.
enum DesktopDefaults {
    /// The configuration the app starts from before its files and arguments.
    static var configuration: Configuration {
        var configuration = Configuration()
        configuration.screenShareScopes = [.window, .screen]
        configuration.screenControl = true
        return configuration
    }
}
