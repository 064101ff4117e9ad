import Foundation
import HTTPTypes
import HummingbirdWSClient
import Logging
import NIOCore
import NIOWebSocket

/// The ``ConnectionTransport`` of a ``SupportClient``: one WebSocket
/// connection to the consumer endpoint per attempt, with hummingbird's
/// WebSocket client.
///
/// It writes the handshake the client gives it, passes every text frame to
/// the client, writes what the client sends, and reports the server's close
/// frame as a ``LinkClosure``. The attempt counts as established when the
/// client has the server's `welcome`.
///
/// Each attempt keeps a ``ReadIdleDeadline``: when no frame at all, not even
/// the server's ping, has arrived for ``readIdleLimit``, the link is closed
/// and the attempt fails with ``LinkSilence``, so a half-open link is lost
/// and resumed like a dropped one.
///
/// Each attempt verifies the server's certificate as ``ServerAccess`` says
/// and carries the cookies its jar holds for the endpoint at that moment.
/// Cookies the upgrade response sets are not kept: hummingbird's client
/// reads that response's headers only for WebSocket extensions and does not
/// hand them on.
struct ConsumerSocketTransport: ConnectionTransport {
    let url: URL
    let access: ServerAccess
    /// How long a link may stay silent before it counts as lost.
    let readIdleLimit: Duration
    let logger: Logger
    weak let client: SupportClient?

    func connect(timeout: TimeInterval, onEstablished: @escaping @Sendable () async -> Void) async throws {
        guard let client else { throw ConnectionError.ended }
        let deadline = ReadIdleDeadline(limit: readIdleLimit, clock: ContinuousClock())
        var configuration = WebSocketClientConfiguration(
            maxFrameSize: ProtocolLimits.maxTextFrameBytes,
            extensions: [.nonNegotiatedExtension { InboundFrameTap(frameArrived: deadline.frameArrived) }])
        if let cookie = access.cookies?.header(for: url) {
            configuration.additionalHeaders[.cookie] = cookie
        }
        let closeFrame: WebSocketCloseFrame?
        do {
            closeFrame = try await deadline.guarding { [configuration] in
                try await exchange(with: client, configuration: configuration, onEstablished: onEstablished)
            }
        } catch {
            await client.linkEnded()
            throw TransportFailure.plain(error)
        }
        let closure = LinkClosure(
            code: closeFrame.map { CloseCode(rawValue: UInt16(webSocketErrorCode: $0.closeCode)) },
            reason: closeFrame?.reason)
        await client.linkEnded(closure)
        throw closure
    }

    /// Opens the WebSocket and passes frames between it and `client` until
    /// it closes; returns the server's close frame, if it sent one.
    private func exchange(
        with client: SupportClient, configuration: WebSocketClientConfiguration,
        onEstablished: @escaping @Sendable () async -> Void
    ) async throws -> WebSocketCloseFrame? {
        try await WebSocketClient.connect(
            url: url.absoluteString, configuration: configuration, tlsConfiguration: access.tlsConfiguration,
            logger: logger
        ) { inbound, outbound, _ in
            let (commands, sink) = AsyncStream.makeStream(of: LinkCommand.self)
            try await outbound.write(.text(try await client.linkOpened(sink)))
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await command in commands {
                        switch command {
                        case .text(let text):
                            try await outbound.write(.text(text))
                        case .binary(let bytes):
                            try await outbound.write(.binary(ByteBuffer(bytes: bytes)))
                            await client.binaryFrameWritten()
                        case .close(let code, let reason):
                            try await outbound.close(.init(codeNumber: Int(code.rawValue)), reason: reason)
                            return
                        }
                    }
                }
                group.addTask {
                    for try await message in inbound.messages(maxSize: ProtocolLimits.maxTextFrameBytes) {
                        switch message {
                        case .text(let text):
                            if await client.linkReceived(text) { await onEstablished() }
                        case .binary:
                            sink.yield(.close(.unsupportedData, reason: "binary frames are not used in version 1"))
                        }
                    }
                }
                try await group.next()
                group.cancelAll()
            }
        }
    }
}
