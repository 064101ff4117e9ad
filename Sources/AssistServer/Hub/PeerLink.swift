import AssistCore

/// What the hub asks a connection to do.
enum LinkOutput: Sendable {
    /// Write a text frame.
    case text(String)
    /// Close the WebSocket with this code and reason, after what was written.
    case close(CloseCode, String)
}

/// Which endpoint a connection came in on.
enum PeerRole: Sendable, Hashable {
    case consumer
    case agent
}

/// One WebSocket connection as the hub sees it: where it came from, and a
/// queue of frames its endpoint writes out. The hub never waits on a socket.
final class PeerLink: Sendable, Hashable {
    /// Unique among the server's connections.
    let id: Int
    /// The endpoint the connection came in on.
    let role: PeerRole
    /// The client's address, for per-address limits.
    let address: String
    private let output: AsyncStream<LinkOutput>.Continuation

    init(id: Int, role: PeerRole, address: String, output: AsyncStream<LinkOutput>.Continuation) {
        self.id = id
        self.role = role
        self.address = address
        self.output = output
    }

    /// Queues a text frame.
    func send(_ text: String) {
        output.yield(.text(text))
    }

    /// Queues a close; nothing is written after it.
    func close(_ code: CloseCode, reason: String) {
        output.yield(.close(code, reason))
        output.finish()
    }

    static func == (lhs: PeerLink, rhs: PeerLink) -> Bool { lhs.id == rhs.id }

    func hash(into hasher: inout Hasher) { hasher.combine(id) }
}
