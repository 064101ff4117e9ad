import Foundation

/// A peer that opens a connection, sends what it is given, and then never
/// reads, answers or closes — a stalled client.
final class StalledSocket {
    private let descriptor: Int32

    /// Connects to `port` on 127.0.0.1 and sends a whole WebSocket upgrade
    /// request for `path`.
    convenience init(port: Int, path: String) throws {
        try self.init(port: port, sending: Self.upgradeRequest(port: port, path: path))
    }

    /// Connects to `port` on 127.0.0.1 and sends `text` (maybe nothing, or
    /// part of a request).
    init(port: Int, sending text: String) throws {
        descriptor = try Loopback.connect(port: port)
        let bytes = Array(text.utf8)
        guard bytes.isEmpty || write(descriptor, bytes, bytes.count) == bytes.count else {
            close(descriptor)
            throw POSIXError(.EIO)
        }
    }

    /// A complete WebSocket upgrade request for `path`.
    static func upgradeRequest(port: Int, path: String) -> String {
        """
        GET \(path) HTTP/1.1\r
        Host: 127.0.0.1:\(port)\r
        Upgrade: websocket\r
        Connection: Upgrade\r
        Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r
        Sec-WebSocket-Version: 13\r
        Origin: ws://127.0.0.1\r
        \r

        """
    }

    deinit {
        close(descriptor)
    }
}
