/// A STUN or TURN server both peers of a call use, as the browser's
/// `RTCIceServer` describes one (`docs/protocol.md` §13.1). The server
/// lists them in `welcome` on version-3 connections.
public struct IceServer: Sendable, Hashable, Codable {
    /// 1–4 URLs, each `stun:`, `stuns:`, `turn:` or `turns:`, at most 512 characters.
    public var urls: [String]
    /// The TURN user name, 1–256 characters.
    public var username: String?
    /// The TURN credential, 1–256 characters.
    public var credential: String?

    /// The schemes an ICE server URL may have.
    public static let schemes = ["stun:", "stuns:", "turn:", "turns:"]

    /// A server reachable at `urls`, with TURN credentials when given.
    public init(urls: [String], username: String? = nil, credential: String? = nil) {
        self.urls = urls
        self.username = username
        self.credential = credential
    }

    /// What is wrong with a URL of an ICE server, or `nil` when it is fine:
    /// it must start with one of ``schemes`` and name a host after it.
    public static func problem(withURL url: String) -> String? {
        guard let scheme = schemes.first(where: { url.lowercased().hasPrefix($0) }) else {
            return "must start with stun:, stuns:, turn: or turns:"
        }
        if url.dropFirst(scheme.count).isEmpty { return "must name a host after \(scheme)" }
        return nil
    }

    /// Reads `{"urls": […], "username"?: …, "credential"?: …}`, enforcing §13.1.
    public init(from decoder: any Decoder) throws {
        let reader = try WireReader(decoder)
        let urls = try reader.texts("urls", max: ProtocolLimits.maxIceServerURLs, maxLength: ProtocolLimits.maxIceServerURL)
        if urls.isEmpty { throw reader.problem("urls", "must not be empty") }
        for (index, url) in urls.enumerated() {
            if let violation = Self.problem(withURL: url) {
                throw ValueProblem(field: "\(reader.path("urls"))[\(index)]", problem: violation)
            }
        }
        self.init(
            urls: urls, username: try reader.textIfPresent("username", max: ProtocolLimits.maxIceCredential),
            credential: try reader.textIfPresent("credential", max: ProtocolLimits.maxIceCredential))
    }

    /// Writes the object, refusing what a reader would refuse.
    public func encode(to encoder: any Encoder) throws {
        var writer = WireWriter(encoder)
        guard (1...ProtocolLimits.maxIceServerURLs).contains(urls.count) else {
            throw writer.problem("urls", "must hold 1 to \(ProtocolLimits.maxIceServerURLs) URLs")
        }
        for url in urls {
            if let violation = Self.problem(withURL: url) { throw writer.problem("urls", violation) }
            if let violation = WireRule.text(url, max: ProtocolLimits.maxIceServerURL) {
                throw writer.problem("urls", violation)
            }
        }
        try writer.array(urls, "urls", max: ProtocolLimits.maxIceServerURLs)
        try writer.textIfPresent(username, "username", max: ProtocolLimits.maxIceCredential)
        try writer.textIfPresent(credential, "credential", max: ProtocolLimits.maxIceCredential)
    }
}
