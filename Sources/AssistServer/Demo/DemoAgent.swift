import AssistCore
import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import ServiceLifecycle

/// What the demo agent's connection loop handles, in order.
enum DemoAgentEvent: Sendable {
    /// A text frame from the server.
    case frame(String)
    /// A relayed picture of a session's shared window, of this size.
    case picture(SessionID, width: Int, height: Int)
    /// A message the script decided to send, once its pause is over.
    case send(DemoAgentScript.Step)
}

/// The built-in demo agent (`--demo-agent`): a real agent client that signs
/// in over `/v1/agent` with its own token — no shortcut through the
/// server's internals — and follows ``DemoAgentScript``.
final class DemoAgent: Service, Sendable {
    /// The demo agent's account, whose token is drawn at start-up.
    let account: AgentAccount
    /// The token the demo agent signs in with; the account keeps only its digest.
    private let token: String
    private let logger: Logger
    private let urls: AsyncStream<String>
    private let urlSink: AsyncStream<String>.Continuation

    init(logger: Logger) {
        token = RandomSecret.fresh()
        account = AgentAccount(
            id: "demo", name: "Alex (demo agent)", token: token, capacity: 3,
            destinations: [AgentAccount.everyDestination])
        self.logger = logger
        (urls, urlSink) = AsyncStream.makeStream(of: String.self)
    }

    /// The `Origin` the WebSocket client library sends for a server URL:
    /// `ws://HOST`, without the port. The server allows exactly this origin
    /// when it runs the demo agent; no browser can send a `ws:` origin.
    static func clientOrigin(ofServer url: String) -> String {
        guard let components = URLComponents(string: url), let host = components.host else { return url }
        return "ws://\(host)"
    }

    /// Tells the agent where the server is, once it listens.
    func serverStarted(at url: String) {
        urlSink.yield(url)
        urlSink.finish()
    }

    /// Connects, and reconnects after a drop, until the server shuts down.
    func run() async throws {
        var iterator = urls.makeAsyncIterator()
        guard let url = await iterator.next() else { return }
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await self.session(serverURL: url)
                } catch {
                    self.logger.notice("demo agent disconnected", metadata: ["error": "\(error)"])
                }
                do {
                    try await Task.sleep(for: .seconds(1))
                } catch {
                    return  // cancelled: the server is shutting down
                }
            }
        }
    }

    private func session(serverURL: String) async throws {
        let socketURL = serverURL.replacingOccurrences(of: "http://", with: "ws://") + "/v1/agent"
        let configuration = WebSocketClientConfiguration(maxFrameSize: CobrowseFrameCodec.maxRelayedMessageBytes)
        let token = token
        let capacity = account.capacity
        let logger = logger
        try await WebSocketClient.connect(url: socketURL, configuration: configuration, logger: logger) {
            inbound, outbound, _ in
            let (events, sink) = AsyncStream.makeStream(of: DemoAgentEvent.self)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for try await message in inbound.messages(maxSize: CobrowseFrameCodec.maxRelayedMessageBytes) {
                        switch message {
                        case .text(let text):
                            sink.yield(.frame(text))
                        case .binary(let buffer):
                            if let (session, frame) = try? CobrowseFrameCodec.decodeRelayed(Array(buffer.readableBytesView)) {
                                sink.yield(.picture(session, width: frame.width, height: frame.height))
                            }
                        }
                    }
                    sink.finish()
                }
                group.addTask {
                    /// Sends the steps in order, each once its pause after the one before is over.
                    func schedule(_ steps: [DemoAgentScript.Step]) {
                        guard !steps.isEmpty else { return }
                        Task {
                            for step in steps {
                                try? await Task.sleep(for: step.delay)
                                sink.yield(.send(step))
                            }
                        }
                    }
                    var channel = AgentChannel()
                    var script = DemoAgentScript(capacity: capacity)
                    try await outbound.write(.text(ProtocolCodec.encode(Envelope(AgentMessage.hello(AgentHello(token: token))))))
                    for await event in events {
                        switch event {
                        case .send(let step):
                            guard script.isCurrent(step) else { continue }
                            if case .transmit(let envelope) = channel.send(step.message) {
                                try await outbound.write(.text(ProtocolCodec.encode(envelope)))
                            }
                        case .picture(let session, let width, let height):
                            schedule(script.pictureArrived(session: session, width: width, height: height))
                        case .frame(let text):
                            guard let envelope = try? ProtocolCodec.decode(text: text, as: ServerToAgentMessage.self)
                            else { continue }
                            if case .welcome(let welcome) = envelope.message {
                                for resend in try channel.replay(after: welcome.lastReceivedSeq) {
                                    try await outbound.write(.text(ProtocolCodec.encode(resend)))
                                }
                                continue
                            }
                            guard case .deliver(let delivered) = channel.receive(envelope) else { continue }
                            schedule(script.handle(delivered))
                            if let acknowledgement = channel.acknowledgementFrame() {
                                try await outbound.write(.text(ProtocolCodec.encode(acknowledgement)))
                            }
                        }
                    }
                }
                try await group.next()
                group.cancelAll()
            }
        }
    }
}
