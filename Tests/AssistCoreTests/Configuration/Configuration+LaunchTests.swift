import AssistCore
import Foundation
import Testing

@Suite("Configuration at launch: file, user file, --set, --server")
struct ConfigurationLaunchTests {
    private static func temporaryFile(_ json: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("assist-launch-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        return url
    }

    @Test("the user file lives under XDG_CONFIG_HOME, else under ~/.config")
    func userFileLocation() {
        let xdg = Configuration.userConfigurationFile(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"])
        #expect(xdg?.path == "/x/assist/assist.json")
        let home = Configuration.userConfigurationFile(environment: ["XDG_CONFIG_HOME": "", "HOME": "/h"])
        #expect(home?.path == "/h/.config/assist/assist.json")
        #expect(Configuration.userConfigurationFile(environment: [:]) == nil)
    }

    @Test("with no file and no options the defaults apply and no server is configured")
    func defaultsWithoutAnything() throws {
        let configuration = try Configuration.launch(
            configFile: nil, server: nil, overrides: [], environment: ["HOME": "/nonexistent"],
            fileExists: { _ in false })
        #expect(configuration.server == nil)
        #expect(configuration.visitorName == "Visitor")
    }

    @Test("an application's own defaults hold where no file or option sets a key, and a file still decides")
    func applicationDefaults() throws {
        var defaults = Configuration()
        defaults.screenShareScopes = [.window, .screen]
        let plain = try Configuration.launch(
            defaults: defaults, configFile: nil, server: nil, overrides: [], environment: ["HOME": "/nonexistent"],
            fileExists: { _ in false })
        #expect(plain.screenShareScopes == [.window, .screen])
        let file = try Self.temporaryFile(#"{"screenShareScopes": ["window"]}"#)
        defer { try? FileManager.default.removeItem(at: file) }
        let fromFile = try Configuration.launch(
            defaults: defaults, configFile: file, server: nil, overrides: [], environment: [:])
        #expect(fromFile.screenShareScopes == [.window])
    }

    @Test("an existing user file is read when no --config is given")
    func userFileIsRead() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-xdg-\(UUID().uuidString)")
        let folder = directory.appendingPathComponent("assist")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(#"{"visitorName": "Ada"}"#.utf8).write(to: folder.appendingPathComponent("assist.json"))
        defer { try? FileManager.default.removeItem(at: directory) }
        let configuration = try Configuration.launch(
            configFile: nil, server: nil, overrides: [], environment: ["XDG_CONFIG_HOME": directory.path])
        #expect(configuration.visitorName == "Ada")
    }

    @Test("--set overrides the file, and --server overrides both")
    func precedence() throws {
        let file = try Self.temporaryFile(#"{"server": "http://file.example:1", "visitorName": "File"}"#)
        defer { try? FileManager.default.removeItem(at: file) }
        let configuration = try Configuration.launch(
            configFile: file, server: "http://cli.example:2",
            overrides: ["visitorName=Cli", "server=http://set.example:3"], environment: [:])
        #expect(configuration.visitorName == "Cli")
        #expect(configuration.server?.absoluteString == "http://cli.example:2")
    }

    @Test("--chat-url overrides chatTemplateURL of the file and of --set; a bad one names the key and the command line")
    func chatURLOverrides() throws {
        let file = try Self.temporaryFile(#"{"chatTemplateURL": "http://file.example/templates/chat/a/index.html"}"#)
        defer { try? FileManager.default.removeItem(at: file) }
        let configuration = try Configuration.launch(
            configFile: file, server: nil, chatURL: "https://cli.example/system/templates/chat/assist/index.html",
            overrides: ["chatTemplateURL=http://set.example/templates/chat/b/index.html"], environment: [:])
        #expect(configuration.chatTemplateURL == "https://cli.example/system/templates/chat/assist/index.html")
        let error = #expect(throws: ConfigurationError.self) {
            _ = try Configuration.launch(configFile: file, server: nil, chatURL: "mailto:help@example.com", overrides: [], environment: [:])
        }
        #expect(error?.key == "chatTemplateURL")
        #expect(error?.source == "command line")
    }

    @Test("a --config file that does not exist is an error naming that file")
    func missingConfigFile() {
        let missing = URL(fileURLWithPath: "/nonexistent/assist.json")
        #expect {
            _ = try Configuration.launch(configFile: missing, server: nil, overrides: [], environment: [:])
        } throws: { error in
            (error as? ConfigurationError)?.code == .unreadableFile
                && "\(error)".contains("/nonexistent/assist.json")
        }
    }

    @Test("a malformed --server is rejected naming the key and the command line")
    func malformedServer() {
        #expect {
            _ = try Configuration.launch(configFile: nil, server: "not a url", overrides: [], environment: [:])
        } throws: { error in
            guard let error = error as? ConfigurationError else { return false }
            return error.key == "server" && error.source == Configuration.commandLineSource
        }
    }
}
