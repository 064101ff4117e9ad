import Foundation

extension Configuration {
    /// The per-user configuration file: `$XDG_CONFIG_HOME/assist/assist.json`,
    /// or `$HOME/.config/assist/assist.json` when `XDG_CONFIG_HOME` is unset or
    /// empty; `nil` when neither variable is set.
    public static func userConfigurationFile(environment: [String: String]) -> URL? {
        let base: URL
        if let configHome = environment["XDG_CONFIG_HOME"], !configHome.isEmpty {
            base = URL(fileURLWithPath: configHome, isDirectory: true)
        } else if let home = environment["HOME"], !home.isEmpty {
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".config", isDirectory: true)
        } else {
            return nil
        }
        return base.appendingPathComponent("assist", isDirectory: true).appendingPathComponent("assist.json")
    }

    /// The configuration an application starts with, built in layers: the
    /// defaults; then `configFile` if given (it must exist), else the user
    /// configuration file if it exists; then each `key=value` in `overrides`;
    /// then `server` and `chatURL` if given. Every layer is validated, and an error names the
    /// key and where it came from (the file, or "command line").
    ///
    /// - Parameters:
    ///   - configFile: a file named on the command line (`--config`).
    ///   - server: a server URL named on the command line (`--server`).
    ///   - chatURL: a chat template URL named on the command line
    ///     (`--chat-url`), overriding ``chatTemplateURL``.
    ///   - overrides: `key=value` arguments (`--set`).
    ///   - environment: the process environment, for the user file's location.
    ///   - fileExists: whether a file exists; injected for tests.
    ///   - defaults: what a key no file or argument sets is: the seed's and
    ///     Assist's defaults, or an application's own (`assist-desktop`
    ///     offers the screen as well as its window).
    public static func launch(
        defaults: Configuration = Configuration(),
        configFile: URL?,
        server: String?,
        chatURL: String? = nil,
        overrides: [String],
        environment: [String: String],
        fileExists: (URL) -> Bool = { FileManager.default.fileExists(atPath: $0.path) }
    ) throws(ConfigurationError) -> Configuration {
        var configuration = defaults
        if let configFile {
            try configuration.apply(contentsOf: configFile)
        } else if let userFile = userConfigurationFile(environment: environment), fileExists(userFile) {
            try configuration.apply(contentsOf: userFile)
        }
        var pairs: [(key: String, value: String)] = []
        for argument in overrides {
            pairs.append(try override(from: argument))
        }
        if let server {
            pairs.append((key: "server", value: server))
        }
        if let chatURL {
            pairs.append((key: "chatTemplateURL", value: chatURL))
        }
        try configuration.apply(overrides: pairs)
        return configuration
    }
}
