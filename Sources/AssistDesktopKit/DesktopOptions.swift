import ArgumentParser

/// The options `assist-desktop` and `assist-desktop-web` share: the second
/// is started by the first with the same arguments, so both read them alike.
public struct DesktopOptions: ParsableArguments, Sendable {
    @Option(help: "The support server's URL, e.g. http://127.0.0.1:8080.")
    public var server: String?

    @Option(
        name: .customLong("chat-url"),
        help: "A web chat template's entry-point URL (http or https) to show instead of the app's own chat; overrides chatTemplateURL.")
    public var chatURL: String?

    @Option(help: "A JSON configuration file to read instead of the per-user one.")
    public var config: String?

    @Option(name: .customLong("set"), help: "Override one configuration key, e.g. --set visitorName=Ada. Repeatable.")
    public var overrides: [String] = []

    /// The options as parsed from the command line.
    public init() {}
}
