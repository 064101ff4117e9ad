@testable import AssistServer
import NIOCore
import Testing

@Suite("Rate-limit key of a client address")
struct RateLimitKeyTests {
    @Test(
        "IPv4 addresses count alone, IPv6 addresses by /64, IPv4-mapped addresses as IPv4",
        arguments: [
            ("203.0.113.7", "203.0.113.7"),
            ("2001:db8:0:1::5", "2001:db8:0:1::/64"),
            ("2001:db8:0:1:ffff:ffff:ffff:ffff", "2001:db8:0:1::/64"),
            ("::1", "0:0:0:0::/64"),
            ("::ffff:203.0.113.7", "203.0.113.7"),
        ])
    func keys(address: String, key: String) throws {
        #expect(RateLimitKey.of(ipAddress: address) == key)
        #expect(RateLimitKey.of(try SocketAddress(ipAddress: address, port: 443)) == key)
    }

    @Test("a peer without an IP address counts as local")
    func noAddress() {
        #expect(RateLimitKey.of(nil) == "local")
    }
}
