import ArgumentParser
import AssistCore
import AssistServer
import Foundation
import Hummingbird
import Logging

/// `assist-server`: the Assist support server.
@main
struct AssistServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assist-server",
        abstract: "The Assist support server: queues, agents and sessions over WebSocket, and the agent console.",
        discussion: """
            The first line printed on standard output is the URL the server listens on; logs go to \
            standard error. Agents are listed in a JSON file (--agents); see docs/protocol.md.
            """)

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The TCP port to listen on; 0 picks a free port.")
    var port = 8080

    @Option(
        help: """
            The SQLite database file, or :memory:; its token key is kept beside it as FILE.key. \
            Or the PostgreSQL database that the nodes of a cluster share, as \
            postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE (or ?host=/SOCKET/FOLDER instead of HOST). \
            Default: $XDG_DATA_HOME/assist/assist-server.sqlite.
            """)
    var database: String?

    @Option(
        help: """
            With a PostgreSQL database: the file holding the key that seals short codes' tokens \
            (created if missing; give every node of a cluster the same file).
            """)
    var tokenKeyFile: String?

    @Option(
        help: """
            With a PostgreSQL database: the http:// or https:// URL at which the other nodes of the cluster reach \
            this one (default: the URL it listens on; needed when --host is 0.0.0.0 or ::).
            """)
    var nodeURL: String?

    @Option(help: "A JSON file listing the agents who may sign in.")
    var agents: String?

    @Flag(help: "Run a built-in demo agent that takes waiting people, chats and asks for screen share.")
    var demoAgent = false

    @Option(help: "Seconds a short code stays valid.")
    var shortCodeTTL: Double = 300

    @Option(help: "Seconds a session survives a dropped connection.")
    var gracePeriod = 120

    @Option(name: .customLong("allow-origin"), help: "Another origin allowed to use agent endpoints. Repeatable.")
    var allowedOrigins: [String] = []

    @Option(
        name: .customLong("ice-server"),
        help: ArgumentHelp(
            "A STUN or TURN server for calls, sent to both peers. Repeatable, at most 8.",
            discussion: "stun:HOST[:PORT], or turn:USER:CREDENTIAL@HOST[:PORT][?transport=udp|tcp] (also stuns:, turns:); "
                + "write @ and : inside the user name or credential as %40 and %3A.",
            valueName: "url"))
    var iceServerValues: [String] = []

    @Option(
        help: ArgumentHelp(
            "Whether card numbers, social security numbers, IBANs and --mask-pattern matches are masked in chat "
                + "before it is stored or relayed: on or off.",
            valueName: "on|off"))
    var chatMasking: ChatMaskingSwitch = .on

    @Option(
        name: .customLong("mask-pattern"),
        help: ArgumentHelp(
            "Another kind of text to mask in chat, as NAME=REGEX (ICU syntax). Repeatable.",
            discussion: "NAME (1–64 letters, digits, spaces, -, _ or .) is what the sender's receipt says was masked.",
            valueName: "name=regex"))
    var maskPatternValues: [String] = []

    @Option(help: "Seconds between pings of idle connections; one that does not answer is closed.")
    var pingInterval = 30

    @Option(help: "Seconds a shutdown (SIGTERM, SIGINT) may wait for connections to close before it cuts them.")
    var shutdownTimeout = 10

    @Option(help: "Where the agent console's files are (default: found next to the program, or ASSIST_CONSOLE_DIR).")
    var consoleDirectory: String?

    @Option(help: "Where the chat templates are, a folder holding chat/NAME/ (default: the templates folder beside the console's).")
    var templatesDirectory: String?

    @Option(help: "The largest file, in bytes, that may be sent in chat.")
    var attachmentMaxBytes = AttachmentPolicy.defaultMaxBytes

    @Option(
        name: .customLong("attachment-type"),
        help: ArgumentHelp(
            "A media type of file that may be sent in chat, checked against the content. Repeatable; "
                + "default: every type the server can check.",
            valueName: "type"))
    var attachmentTypes: [String] = []

    @Option(help: "Days a session's files are kept after it ended.")
    var attachmentRetentionDays = AttachmentPolicy.defaultRetention / 86_400

    @Option(help: "How much to log: trace, debug, info, notice, warning, error or critical.")
    var logLevel: Logger.Level = .info

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be between 0 and 65535, got \(port).") }
        guard shortCodeTTL > 0 else { throw ValidationError("--short-code-ttl must be more than 0 seconds.") }
        guard gracePeriod >= 0 else { throw ValidationError("--grace-period cannot be negative.") }
        guard pingInterval > 0 else { throw ValidationError("--ping-interval must be more than 0 seconds.") }
        guard shutdownTimeout > 0 else { throw ValidationError("--shutdown-timeout must be more than 0 seconds.") }
        let postgres = database.map { ServerSettings.names(postgres: $0) } ?? false
        if postgres, tokenKeyFile == nil {
            throw ValidationError(
                "--database postgres://… needs --token-key-file FILE; give every node of a cluster the same file.")
        }
        if !postgres, tokenKeyFile != nil {
            throw ValidationError("--token-key-file is for a PostgreSQL --database; SQLite keeps its key beside the file.")
        }
        if let nodeURL {
            guard postgres else { throw ValidationError("--node-url is for the nodes of a cluster, on a PostgreSQL --database.") }
            guard let url = URL(string: nodeURL), ["http", "https"].contains(url.scheme), url.host != nil else {
                throw ValidationError("--node-url \(nodeURL): give an http:// or https:// URL with a host, e.g. http://10.0.0.5:8080.")
            }
        } else if postgres, ["0.0.0.0", "::", "[::]"].contains(host) {
            throw ValidationError(
                "--host \(host) listens on every address, so the other nodes cannot tell which reaches this one: give --node-url.")
        }
        guard attachmentMaxBytes > 0 else { throw ValidationError("--attachment-max-bytes must be more than 0.") }
        guard attachmentRetentionDays >= 0 else { throw ValidationError("--attachment-retention-days cannot be negative.") }
        for type in attachmentTypes where !MediaTypeSniffer.knownMediaTypes.contains(type) {
            throw ValidationError(
                "--attachment-type \(type): the server cannot check that a file's contents are of this type; it can "
                    + "check \(MediaTypeSniffer.knownMediaTypes.sorted().joined(separator: ", ")).")
        }
        do {
            _ = try IceServerArgument.parse(all: iceServerValues)
        } catch {
            throw ValidationError(error.description)
        }
        _ = try chatMasker()
    }

    func run() async throws {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "assist-server")
        logger.logLevel = logLevel
        var directory = try AgentDirectory([])
        if let agents {
            do {
                directory = try AgentDirectory.load(contentsOf: URL(fileURLWithPath: agents))
            } catch {
                throw ValidationError(error.description)
            }
        }
        let console: ConsoleFiles?
        do {
            console = try ConsoleFiles.locate(explicitDirectory: consoleDirectory)
        } catch {
            logger.warning("the agent console is not served", metadata: ["reason": "\(error.description)"])
            console = nil
        }
        let templates: TemplateFiles?
        do {
            templates = try TemplateFiles.locate(explicitDirectory: templatesDirectory, console: console)
        } catch {
            throw ValidationError(error.description)
        }
        if templates == nil { logger.notice("no chat templates are served: none beside the console") }
        let iceServers: [IceServer]
        do {
            iceServers = try IceServerArgument.parse(all: iceServerValues)
        } catch {
            throw ValidationError(error.description)
        }
        let settings = ServerSettings(
            host: host, port: port,
            databasePath: database ?? SupportDatabase.defaultPath(environment: ProcessInfo.processInfo.environment),
            agents: directory, demoAgent: demoAgent, shortCodeTimeToLive: shortCodeTTL, gracePeriodSeconds: gracePeriod,
            allowedOrigins: allowedOrigins, pingInterval: .seconds(pingInterval), console: console,
            templates: templates,
            iceServers: iceServers, tokenKeyFile: tokenKeyFile, nodeURL: nodeURL,
            attachments: AttachmentPolicy(
                maxBytes: attachmentMaxBytes,
                mediaTypes: attachmentTypes.isEmpty ? AttachmentPolicy.defaultMediaTypes : Set(attachmentTypes),
                retention: attachmentRetentionDays * 86_400),
            chatMasker: try chatMasker())
        let services = try await SupportServer.makeServices(
            settings: settings, logger: logger, shutdownTimeout: .seconds(shutdownTimeout),
            onListening: { url in
                FileHandle.standardOutput.write(Data("listening on \(url)\n".utf8))
            })
        try await SupportServer.run(services, shutdownTimeout: .seconds(shutdownTimeout), logger: logger)
    }

    /// What `--chat-masking` and `--mask-pattern` ask for; a value that
    /// cannot be used is refused in a sentence naming the option.
    private func chatMasker() throws -> ChatMasker {
        do {
            return try ServerSettings.chatMasker(enabled: chatMasking == .on, patternArguments: maskPatternValues)
        } catch {
            throw ValidationError("\(error)")
        }
    }
}

/// The values of `--chat-masking`.
enum ChatMaskingSwitch: String, ExpressibleByArgument, CaseIterable {
    case on, off
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
