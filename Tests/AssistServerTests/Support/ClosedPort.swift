import Foundation

/// A loopback TCP port held bound but not listening: a connection to it is
/// refused, and no other process (a server of a test running meanwhile)
/// can take the port while it is held.
final class ClosedPort: Sendable {
    /// The port.
    let port: Int
    private let socket: Int32

    /// Binds a fresh socket to a free port of 127.0.0.1 without listening.
    init() throws {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw ClosedPortError() }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(socket, generic, length) == 0 && getsockname(socket, generic, &length) == 0
            }
        }
        guard bound else {
            close(socket)
            throw ClosedPortError()
        }
        self.socket = socket
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(socket) }
}

/// No loopback port could be bound.
struct ClosedPortError: Error {}
