import Glibc

/// What the host's network interfaces offer ICE.
enum HostAddresses {
    /// Whether no interface but loopback is up with an IPv4 or IPv6 address
    /// — a CI job's network namespace. libnice skips loopback, so such a
    /// host gathers no candidate unless 127.0.0.1 is added by hand; on any
    /// other host adding it would replace libnice's own choice of
    /// interfaces, so it is added only here.
    static func onlyLoopback() -> Bool {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return false }
        defer { freeifaddrs(first) }
        var current = first
        while let interface = current {
            current = interface.pointee.ifa_next
            let flags = Int32(bitPattern: interface.pointee.ifa_flags)
            guard flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0,
                let family = interface.pointee.ifa_addr?.pointee.sa_family,
                Int32(family) == AF_INET || Int32(family) == AF_INET6
            else { continue }
            return false
        }
        return true
    }
}
