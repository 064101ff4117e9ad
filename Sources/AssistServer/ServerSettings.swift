public import AssistCore
import Foundation

/// Everything `assist-server` is configured with.
public struct ServerSettings: Sendable {
    /// The address to bind, e.g. `127.0.0.1`.
    public var host: String
    /// The TCP port; 0 lets the system pick a free one.
    public var port: Int
    /// The SQLite file, `:memory:`, or a `postgres://` URL of the database
    /// the nodes of a cluster share.
    public var databasePath: String
    /// The file holding the key that seals short codes' session tokens,
    /// required with PostgreSQL (with SQLite, the key is kept beside the file).
    public var tokenKeyFile: String?
    /// With PostgreSQL: where the other nodes of the cluster reach this
    /// one's link endpoint; `nil` for the URL the server listens on.
    public var nodeURL: String?
    /// The agents allowed to sign in.
    public var agents: AgentDirectory
    /// Whether to run the built-in demo agent.
    public var demoAgent: Bool
    /// Seconds a short code is accepted.
    public var shortCodeTimeToLive: TimeInterval
    /// Seconds a session survives a dropped connection.
    public var gracePeriodSeconds: Int
    /// Origins, besides the server's own, allowed to use agent endpoints.
    public var allowedOrigins: [String]
    /// How often idle connections are pinged; one that does not answer is closed.
    public var pingInterval: Duration
    /// Where the agent console's files are, or `nil` to serve no console.
    public var console: ConsoleFiles?
    /// Where the chat templates are, or `nil` to serve none.
    public var templates: TemplateFiles?
    /// The STUN and TURN servers sent to the peers of calls (`--ice-server`).
    public var iceServers: [IceServer]
    /// What files may be sent in chat and how long they are kept.
    public var attachments: AttachmentPolicy
    /// What is masked in chat before it is stored or relayed
    /// (`--chat-masking`, `--mask-pattern`; see ``chatMasker(enabled:patternArguments:)``).
    public var chatMasker: ChatMasker

    /// Whether `database` (a `--database` value) names a PostgreSQL
    /// database rather than a SQLite file.
    public static func names(postgres database: String) -> Bool { PostgresDatabaseURL.isPostgres(database) }

    /// Creates settings; the defaults are the CLI's.
    public init(
        host: String = "127.0.0.1", port: Int = 8080, databasePath: String = ":memory:",
        agents: AgentDirectory, demoAgent: Bool = false,
        shortCodeTimeToLive: TimeInterval = ShortCodeService.defaultTimeToLive, gracePeriodSeconds: Int = 120,
        allowedOrigins: [String] = [], pingInterval: Duration = .seconds(30), console: ConsoleFiles? = nil,
        templates: TemplateFiles? = nil, iceServers: [IceServer] = [], tokenKeyFile: String? = nil, nodeURL: String? = nil,
        attachments: AttachmentPolicy = AttachmentPolicy(),
        chatMasker: ChatMasker = ChatMasker()
    ) {
        self.host = host
        self.port = port
        self.databasePath = databasePath
        self.nodeURL = nodeURL
        self.agents = agents
        self.demoAgent = demoAgent
        self.shortCodeTimeToLive = shortCodeTimeToLive
        self.gracePeriodSeconds = gracePeriodSeconds
        self.allowedOrigins = allowedOrigins
        self.pingInterval = pingInterval
        self.console = console
        self.templates = templates
        self.iceServers = iceServers
        self.tokenKeyFile = tokenKeyFile
        self.attachments = attachments
        self.chatMasker = chatMasker
    }

    /// The most `--mask-pattern`s: with the three built-in kinds, a receipt
    /// names at most ``ProtocolLimits/maxMaskedKinds``.
    public static let maxMaskPatterns = ProtocolLimits.maxMaskedKinds - SensitiveDataKind.builtInNames.count

    /// The masker `--chat-masking` (`enabled`) and the `--mask-pattern`
    /// values (`NAME=REGEX`, in order) describe.
    ///
    /// - Throws: an error whose description names the option and the value
    ///   that cannot be used.
    public static func chatMasker(enabled: Bool, patternArguments: [String]) throws -> ChatMasker {
        guard patternArguments.count <= maxMaskPatterns else {
            throw ServerSettingsError.tooManyMaskPatterns(patternArguments.count)
        }
        var patterns: [MaskingPattern] = []
        for argument in patternArguments {
            do {
                let pattern = try MaskingPattern(argument: argument)
                guard !patterns.contains(where: { $0.name == pattern.name }) else {
                    throw ServerSettingsError.duplicateMaskPattern(argument, name: pattern.name)
                }
                patterns.append(pattern)
            } catch let problem as MaskingPatternError {
                throw ServerSettingsError.badMaskPattern(argument, problem)
            }
        }
        return ChatMasker(isEnabled: enabled, patterns: patterns)
    }
}
