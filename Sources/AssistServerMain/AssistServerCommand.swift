import ArgumentParser
import AssistServer
import Foundation
import Hummingbird
import Logging

/// `assist-server`: the Assist support server.
@main
struct AssistServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "assist-server",
        abstract: "The Assist support server: queue, agents and sessions over WebSocket.",
        discussion: "The first line printed on standard output is the URL the server listens on.")

    @Option(help: "The address to listen on.")
    var host = "127.0.0.1"

    @Option(help: "The TCP port to listen on; 0 picks a free port.")
    var port = 8080

    @Option(help: "How much to log: trace, debug, info, notice, warning, error or critical.")
    var logLevel: Logger.Level = .info

    func validate() throws {
        guard (0...65_535).contains(port) else {
            throw ValidationError("--port must be between 0 and 65535, got \(port).")
        }
    }

    func run() async throws {
        LoggingSystem.bootstrap(StreamLogHandler.standardError)
        var logger = Logger(label: "assist-server")
        logger.logLevel = logLevel
        let app = SupportServer.makeApplication(
            settings: ServerSettings(host: host, port: port),
            logger: logger,
            onListening: { url in
                FileHandle.standardOutput.write(Data("listening on \(url)\n".utf8))
            })
        try await app.runService()
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
