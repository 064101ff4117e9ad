import AssistCore
import Foundation

/// Shared helpers for the configuration tests.
enum ConfigurationFixtures {
    /// The repository's `data` folder, found from this file's place in
    /// `Tests/AssistCoreTests/Configuration/`, wherever the repository lives.
    static let dataDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .deletingLastPathComponent()
        .appending(path: "data")

    /// Decodes JSON text as if read from a file named `test.json`.
    static func decode(_ json: String) throws(ConfigurationError) -> Configuration {
        try Configuration.decode(from: Data(json.utf8), file: "test.json")
    }
}

/// A delegate of every kind, to set on configurations.
@MainActor
final class ConfigurationTestDelegate: ConnectionStatusDelegate, ScreenShareRequestedDelegate, AgentCobrowseDelegate,
    PushAuthorizationDelegate
{
    func onDisconnect(_ connector: Connector, reason: any Error) async {}
    func assistSDKScreenShareRequested(by agent: Agent) async -> Bool { true }
    func agentRequestedCobrowse(_ agent: Agent) async -> Bool { true }
    func displayContentPushAuthorization(for content: PushedContent, from agent: Agent) async -> Bool { true }
}
