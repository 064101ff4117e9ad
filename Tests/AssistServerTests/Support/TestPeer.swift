import AssistCore
import Foundation
import HummingbirdWSClient
import Logging
import NIOCore
import NIOWebSocket

/// What a test peer observed on its connection.
enum PeerEvent<Inbound: WireMessage>: Sendable {
    /// A frame that decoded as a message of the peer's direction.
    case message(Envelope<Inbound>)
    /// A text frame that did not decode.
    case undecodable(String)
    /// A binary frame (a relayed co-browse frame).
    case binary([UInt8])
    /// The connection closed, with the server's close code when it sent one.
    case closed(code: UInt16?)
}

/// A real WebSocket client of the Assist protocol, driven step by step by a
/// test: it numbers and acknowledges frames with a ``ReliableChannel`` the
/// way a real client does, and hands the test every message in order.
actor TestPeer<Outbound: WireMessage, Inbound: WireMessage> {
    private(set) var channel = ReliableChannel<Outbound, Inbound>()
    private var buffer: [PeerEvent<Inbound>] = []
    private var waiter: (id: Int, continuation: CheckedContinuation<PeerEvent<Inbound>, any Error>)?
    private var waits = 0
    private let writes: AsyncStream<WebSocketOutboundWriter.OutboundFrame>.Continuation
    private let writeStream: AsyncStream<WebSocketOutboundWriter.OutboundFrame>

    /// Opens a connection to `url` (an `http://` server URL) at `path`,
    /// continuing `channel` (a new one by default; a dropped peer's to resume).
    init(server url: String, path: String, channel: ReliableChannel<Outbound, Inbound> = .init()) {
        self.channel = channel
        (writeStream, writes) = AsyncStream.makeStream(of: WebSocketOutboundWriter.OutboundFrame.self)
        let socketURL = url.replacingOccurrences(of: "http://", with: "ws://") + path
        let frames = writeStream
        Task { [self] in
            let closeCode: UInt16?
            do {
                let close = try await WebSocketClient.connect(
                    url: socketURL, configuration: .init(maxFrameSize: 1 << 20),
                    logger: Logger(label: "test-peer")
                ) { inbound, outbound, _ in
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask {
                            for await frame in frames { try await outbound.write(frame) }
                            try await outbound.close(.normalClosure, reason: nil)
                        }
                        group.addTask {
                            for try await message in inbound.messages(maxSize: 1 << 20) {
                                switch message {
                                case .text(let text): await self.received(text)
                                case .binary(let buffer): await self.deliver(.binary(Array(buffer.readableBytesView)))
                                }
                            }
                        }
                        try await group.next()
                        group.cancelAll()
                    }
                }
                closeCode = close.map { UInt16(webSocketErrorCode: $0.closeCode) }
            } catch {
                closeCode = nil
            }
            await self.deliver(.closed(code: closeCode))
        }
    }

    /// Sends a message the way a client does: sequenced ones are numbered
    /// and kept until acknowledged, and held while offline.
    func send(_ message: Outbound) throws {
        switch channel.send(message) {
        case .transmit(let envelope): writes.yield(.text(try ProtocolCodec.encode(envelope)))
        case .hold, .discard: break
        case .fail(let error): throw error
        }
    }

    /// Sends a handshake frame (`hello` or `resume`) outside the channel.
    func sendHandshake(_ message: Outbound) throws {
        writes.yield(.text(try ProtocolCodec.encode(Envelope(message))))
    }

    /// Sends a frame exactly as given, e.g. malformed JSON.
    func sendRaw(_ text: String) {
        writes.yield(.text(text))
    }

    /// Sends a binary frame.
    func sendBinary(_ bytes: [UInt8]) {
        writes.yield(.binary(.init(bytes: bytes)))
    }

    /// The channel as a resuming client would carry it over to a new connection.
    func channelForResume() -> ReliableChannel<Outbound, Inbound> {
        var carried = channel
        carried.connectionLost()
        return carried
    }

    /// Closes the connection with a normal close.
    func close() {
        writes.finish()
    }

    /// The next event, or an error after `timeout` with none.
    func next(timeout: Duration = .seconds(10)) async throws -> PeerEvent<Inbound> {
        if !buffer.isEmpty { return buffer.removeFirst() }
        waits += 1
        let id = waits
        return try await withCheckedThrowingContinuation { continuation in
            waiter = (id, continuation)
            Task {
                try? await Task.sleep(for: timeout)
                self.expire(id)
            }
        }
    }

    /// Skips events until `match` picks a message, and returns what it picked.
    func expect<Value: Sendable>(
        _ description: String, timeout: Duration = .seconds(10), _ match: @Sendable (Inbound) -> Value?
    ) async throws -> Value {
        while true {
            let event: PeerEvent<Inbound>
            do {
                event = try await next(timeout: timeout)
            } catch TestPeerError.timedOut {
                throw TestPeerError.nothingArrived(waitingFor: description, within: timeout)
            }
            switch event {
            case .message(let envelope):
                if let value = match(envelope.message) { return value }
            case .undecodable, .binary:
                continue
            case .closed(let code):
                throw TestPeerError.closed(waitingFor: description, code: code)
            }
        }
    }

    /// Skips text frames until a binary frame arrives, and returns it.
    func nextBinary(_ description: String, timeout: Duration = .seconds(10)) async throws -> [UInt8] {
        while true {
            switch try await next(timeout: timeout) {
            case .binary(let bytes): return bytes
            case .message, .undecodable: continue
            case .closed(let code): throw TestPeerError.closed(waitingFor: description, code: code)
            }
        }
    }

    /// The messages that arrive until the connection has closed.
    func messagesUntilClosed(timeout: Duration = .seconds(10)) async throws -> [Inbound] {
        var messages: [Inbound] = []
        while true {
            switch try await next(timeout: timeout) {
            case .message(let envelope): messages.append(envelope.message)
            case .undecodable, .binary: continue
            case .closed: return messages
            }
        }
    }

    /// Waits for the connection to close and returns the close code.
    func closeCode(timeout: Duration = .seconds(10)) async throws -> UInt16? {
        while true {
            if case .closed(let code) = try await next(timeout: timeout) { return code }
        }
    }

    private func received(_ text: String) {
        guard let envelope = try? ProtocolCodec.decode(text: text, as: Inbound.self) else {
            deliver(.undecodable(text))
            return
        }
        if envelope.message.messageType == "welcome", let lastReceived = Self.lastReceivedSeq(in: envelope.message) {
            for resend in (try? channel.replay(after: lastReceived)) ?? [] {
                if let text = try? ProtocolCodec.encode(resend) { writes.yield(.text(text)) }
            }
            deliver(.message(envelope))
            return
        }
        switch channel.receive(envelope) {
        case .deliver: deliver(.message(envelope))
        case .drop: break
        case .reject(let error): deliver(.undecodable("rejected by the channel: \(error)"))
        }
        if let acknowledgement = channel.acknowledgementFrame(), let text = try? ProtocolCodec.encode(acknowledgement) {
            writes.yield(.text(text))
        }
    }

    private func deliver(_ event: PeerEvent<Inbound>) {
        if let waiter {
            self.waiter = nil
            waiter.continuation.resume(returning: event)
        } else {
            buffer.append(event)
        }
    }

    private func expire(_ id: Int) {
        guard let waiter, waiter.id == id else { return }
        self.waiter = nil
        waiter.continuation.resume(throwing: TestPeerError.timedOut)
    }

    private static func lastReceivedSeq(in message: Inbound) -> Int? {
        switch message {
        case let message as ServerToConsumerMessage:
            if case .welcome(let welcome) = message { return welcome.lastReceivedSeq }
        case let message as ServerToAgentMessage:
            if case .welcome(let welcome) = message { return welcome.lastReceivedSeq }
        default:
            break
        }
        return nil
    }
}

/// Why a test peer could not give what the test waited for.
enum TestPeerError: Error, CustomStringConvertible {
    case timedOut
    case nothingArrived(waitingFor: String, within: Duration)
    case closed(waitingFor: String, code: UInt16?)

    var description: String {
        switch self {
        case .timedOut: "nothing arrived in time"
        case .nothingArrived(let what, let within): "nothing arrived within \(within) while waiting for \(what)"
        case .closed(let waitingFor, let code): "the connection closed (\(code.map(String.init) ?? "no code")) while waiting for \(waitingFor)"
        }
    }
}

/// A consumer connection.
typealias ConsumerPeer = TestPeer<ConsumerMessage, ServerToConsumerMessage>
/// An agent connection.
typealias AgentPeer = TestPeer<AgentMessage, ServerToAgentMessage>
