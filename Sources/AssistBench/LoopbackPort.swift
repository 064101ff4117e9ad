import Foundation

/// TCP ports on 127.0.0.1, for a child server that must be told its port
/// (Mosquitto) rather than announcing one it picked.
enum LoopbackPort {
    /// `count` different ports that were free a moment ago: each is bound
    /// to port 0 at once, so the kernel hands out distinct ones, then all
    /// are released for the child to bind. Another process could take one
    /// in between; on a loopback bench that is a risk taken.
    static func free(_ count: Int) throws -> [Int] {
        var sockets: [Int32] = []
        defer { for socket in sockets { close(socket) } }
        var ports: [Int] = []
        for _ in 0..<count {
            let socket = try openSocket()
            sockets.append(socket)
            var address = loopback(port: 0)
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                    bind(socket, generic, length) == 0 && getsockname(socket, generic, &length) == 0
                }
            }
            guard bound else { throw LoopbackPortError.systemCall("bind", errno) }
            ports.append(Int(UInt16(bigEndian: address.sin_port)))
        }
        return ports
    }

    /// Whether something accepts TCP connections on 127.0.0.1 at `port`.
    static func isAccepting(_ port: Int) -> Bool {
        guard let socket = try? openSocket() else { return false }
        defer { close(socket) }
        return withUnsafePointer(to: loopback(port: port)) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                connect(socket, generic, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    private static func openSocket() throws -> Int32 {
        let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw LoopbackPortError.systemCall("socket", errno) }
        return socket
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = INADDR_LOOPBACK.bigEndian
        return address
    }
}

/// Why no free loopback port could be found.
enum LoopbackPortError: Error, CustomStringConvertible {
    /// A system call failed with this `errno`.
    case systemCall(String, Int32)

    /// One sentence for the terminal.
    var description: String {
        switch self {
        case .systemCall(let name, let code): "\(name) failed while looking for a free port: \(String(cString: strerror(code)))"
        }
    }
}
