/// The first frame an agent (the console or the demo agent) sends on a new
/// connection: the versions it speaks and the token that proves who it is.
public struct AgentHello: Sendable, Hashable, Codable {
    /// The protocol versions the agent speaks.
    public var versions: [Int]
    /// The agent's credential, issued by the server.
    public var token: String

    /// Creates an agent hello.
    public init(versions: [Int] = ProtocolVersion.supported, token: String) {
        self.versions = versions
        self.token = token
    }

    /// Reads the body, enforcing the protocol's limits.
    public init(from decoder: any Decoder) throws {
        let reader = try WireReader(decoder)
        self.init(versions: try reader.versions("versions"), token: try reader.text("token", max: ProtocolLimits.maxToken))
    }

    /// Writes the body, enforcing the protocol's limits.
    public func encode(to encoder: any Encoder) throws {
        var writer = WireWriter(encoder)
        try writer.versions(versions, "versions")
        try writer.text(token, "token", max: ProtocolLimits.maxToken)
    }
}
