import Foundation
import NIOCore

/// The key a client address is rate-limited under.
///
/// An IPv4 address counts alone, also when it reaches a dual-stack socket
/// as an IPv4-mapped IPv6 address (`::ffff:203.0.113.7`). An IPv6 address
/// counts with its whole /64 network, because one subscriber usually holds
/// a /64 and can pick any of its 2⁶⁴ addresses. The address is the TCP
/// peer: `X-Forwarded-For` is not trusted, so behind a reverse proxy every
/// client shares the proxy's key.
enum RateLimitKey {
    /// The key for `address`: see ``of(ipAddress:)``; `local` for a Unix
    /// socket or an unknown peer.
    static func of(_ address: SocketAddress?) -> String {
        address?.ipAddress.map(of(ipAddress:)) ?? "local"
    }

    /// The key for an address in text form: an IPv4 address as it is
    /// (`203.0.113.7`, also from `::ffff:203.0.113.7`), an IPv6 address as
    /// its /64 network (`2001:db8:0:1::/64`); anything else as it is.
    static func of(ipAddress text: String) -> String {
        guard text.contains(":"), let groups = ipv6Groups(text) else { return text }
        if groups[0..<5].allSatisfy({ $0 == 0 }), groups[5] == 0xFFFF {
            return [groups[6] >> 8, groups[6] & 0xFF, groups[7] >> 8, groups[7] & 0xFF]
                .map { String($0) }.joined(separator: ".")
        }
        return groups[0..<4].map { String($0, radix: 16) }.joined(separator: ":") + "::/64"
    }

    /// The eight 16-bit groups of an IPv6 address in text form (with `::`
    /// and a trailing dotted IPv4 part allowed), or `nil` if it is not one.
    private static func ipv6Groups(_ text: String) -> [UInt16]? {
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        var parsed: [[UInt16]] = []
        for half in halves {
            var groups: [UInt16] = []
            for piece in half.split(separator: ":", omittingEmptySubsequences: false) where !half.isEmpty {
                if piece.contains(".") {
                    let octets = piece.split(separator: ".", omittingEmptySubsequences: false).compactMap { UInt16($0) }
                    guard octets.count == 4, octets.allSatisfy({ $0 <= 0xFF }) else { return nil }
                    groups += [octets[0] << 8 | octets[1], octets[2] << 8 | octets[3]]
                } else {
                    guard piece.count <= 4, let group = UInt16(piece, radix: 16) else { return nil }
                    groups.append(group)
                }
            }
            parsed.append(groups)
        }
        let written = parsed.reduce(0) { $0 + $1.count }
        if parsed.count == 1 {
            return written == 8 ? parsed[0] : nil
        }
        guard written < 8 else { return nil }
        return parsed[0] + Array(repeating: 0, count: 8 - written) + parsed[1]
    }
}
