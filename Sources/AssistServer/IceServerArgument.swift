public import AssistCore
import Foundation

/// Reads one `--ice-server` value into the ``IceServer`` sent in `welcome`
/// (`docs/protocol.md` §13.1):
///
/// - `stun:HOST[:PORT]` or `stuns:HOST[:PORT]`: a STUN server, without credentials;
/// - `turn:USER:CREDENTIAL@HOST[:PORT][?transport=udp|tcp]` (or `turns:`):
///   a TURN server with the user name and credential it expects. `%XX`
///   escapes in the user name and credential stand for their bytes (`%40`
///   for `@`, `%3A` for `:`); they are sent apart from the URL, as the
///   browser's `RTCIceServer` takes them.
public enum IceServerArgument {
    /// The value as an ICE server, or a ``Problem`` naming what is wrong
    /// (without the credentials).
    public static func parse(_ value: String) throws(Problem) -> IceServer {
        let lowered = value.lowercased()
        guard let scheme = IceServer.schemes.first(where: { lowered.hasPrefix($0) }) else {
            throw Problem("\(quoted(value)) must start with stun:, stuns:, turn: or turns:")
        }
        let isTURN = scheme.hasPrefix("turn")
        var rest = Substring(value.dropFirst(scheme.count))
        var username: String?
        var credential: String?
        if let at = rest.lastIndex(of: "@") {
            guard isTURN else { throw Problem("\(quoted(value)): a STUN server takes no user name or credential") }
            let userInfo = rest[..<at]
            guard let colon = userInfo.firstIndex(of: ":") else {
                throw Problem("\(quoted(value)): write the TURN credentials as USER:CREDENTIAL@HOST")
            }
            username = try decoded(userInfo[..<colon], "user name", in: value)
            credential = try decoded(userInfo[userInfo.index(after: colon)...], "credential", in: value)
            rest = rest[rest.index(after: at)...]
        } else if isTURN {
            throw Problem("\(quoted(value)): a TURN server needs USER:CREDENTIAL@ before its host")
        }
        var address = rest
        if let question = rest.firstIndex(of: "?") {
            guard isTURN else { throw Problem("\(quoted(value)): a STUN URL takes no ?transport") }
            let query = rest[rest.index(after: question)...]
            guard query == "transport=udp" || query == "transport=tcp" else {
                throw Problem("\(quoted(value)): the only query allowed is ?transport=udp or ?transport=tcp")
            }
            address = rest[..<question]
        }
        try checkAddress(address, in: value)
        let url = scheme + String(rest)
        if url.unicodeScalars.count > ProtocolLimits.maxIceServerURL {
            throw Problem("\(quoted(value)): the URL is longer than \(ProtocolLimits.maxIceServerURL) characters")
        }
        return IceServer(urls: [url], username: username, credential: credential)
    }

    /// Every value given, at most ``ProtocolLimits/maxIceServers`` of them.
    public static func parse(all values: [String]) throws(Problem) -> [IceServer] {
        guard values.count <= ProtocolLimits.maxIceServers else {
            throw Problem("at most \(ProtocolLimits.maxIceServers) ICE servers may be given, got \(values.count)")
        }
        var servers: [IceServer] = []
        for value in values { servers.append(try parse(value)) }
        return servers
    }

    /// What is wrong with an `--ice-server` value.
    public struct Problem: Error, Hashable, CustomStringConvertible {
        /// One sentence naming the option and the value.
        public let description: String

        init(_ problem: String) {
            description = "--ice-server \(problem)."
        }
    }

    private static func checkAddress(_ address: Substring, in value: String) throws(Problem) {
        var host = address
        if let colon = address.lastIndex(of: ":"), !address.hasSuffix("]") {
            let port = address[address.index(after: colon)...]
            guard let number = Int(port), (1...65_535).contains(number) else {
                throw Problem("\(quoted(value)): the port must be a number from 1 to 65535")
            }
            host = address[..<colon]
        }
        guard !host.isEmpty, !host.contains(where: { $0.isWhitespace || $0 == "/" || $0 == "@" }) else {
            throw Problem("\(quoted(value)) names no valid host")
        }
    }

    private static func decoded(_ part: Substring, _ name: String, in value: String) throws(Problem) -> String {
        guard let text = String(part).removingPercentEncoding, !text.isEmpty else {
            throw Problem("\(quoted(value)): the \(name) is empty or has a broken %XX escape")
        }
        guard text.unicodeScalars.count <= ProtocolLimits.maxIceCredential, !text.unicodeScalars.contains("\0") else {
            throw Problem("\(quoted(value)): the \(name) must be 1 to \(ProtocolLimits.maxIceCredential) characters without NUL")
        }
        return text
    }

    /// The value in quotes, with any credentials left out: an error
    /// message must not print a secret.
    private static func quoted(_ value: String) -> String {
        guard let at = value.lastIndex(of: "@"), let colon = value.firstIndex(of: ":") else { return "\"\(value)\"" }
        return "\"\(value[...colon])…@\(value[value.index(after: at)...])\""
    }
}
