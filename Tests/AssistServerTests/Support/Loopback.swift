import Foundation

/// TCP on 127.0.0.1 with blocking sockets, for the test helpers that speak
/// below WebSocket and HTTP (proxies, stalled and probing peers).
enum Loopback {
    /// The address of `port` on 127.0.0.1 (0: any free port, for `bind`).
    static func address(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// A socket connected to `port` on 127.0.0.1; the caller closes it.
    /// Throws the `connect` error (`ECONNREFUSED` when nothing listens).
    static func connect(port: Int) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var address = address(port: port)
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            let error = POSIXError(.init(rawValue: errno) ?? .ECONNREFUSED)
            close(descriptor)
            throw error
        }
        return descriptor
    }
}
