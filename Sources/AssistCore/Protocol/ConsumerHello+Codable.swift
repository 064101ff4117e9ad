extension ConsumerHello: Codable {
    /// Reads the `hello` body, decoding `auditName` and `uui` from their wire encodings.
    public init(from decoder: any Decoder) throws {
        let reader = try WireReader(decoder)
        let destination = try reader.textIfPresent("destination", max: ProtocolLimits.maxName)
        let sessionToken = try reader.textIfPresent("sessionToken", max: ProtocolLimits.maxToken)
        if destination == nil, sessionToken == nil {
            throw reader.missing("destination", Self.routeMissing)
        }
        self.init(
            versions: try reader.versions("versions"),
            destination: destination,
            visitorName: try reader.textIfPresent("visitorName", max: ProtocolLimits.maxName),
            preChat: try reader.has("preChat") ? try reader.preChat("preChat") : [],
            entityMapping: try reader.decodeIfPresent("entityMapping"),
            correlationID: try reader.textIfPresent("correlationId", max: ProtocolLimits.maxCorrelationID),
            sessionToken: sessionToken,
            auditName: try Self.auditName(from: reader),
            uui: try Self.uui(from: reader),
            shareScopes: try reader.shareScopes("shareScopes"),
            screenControl: try reader.offered("screenControl"),
            screenVideo: try reader.offered("screenVideo"))
    }

    /// Writes the `hello` body, URL-encoding `auditName` and hex-encoding `uui`.
    public func encode(to encoder: any Encoder) throws {
        var writer = WireWriter(encoder)
        try writer.versions(versions, "versions")
        if destination == nil, sessionToken == nil {
            throw writer.problem("destination", Self.routeMissing)
        }
        try writer.textIfPresent(destination, "destination", max: ProtocolLimits.maxName)
        try writer.textIfPresent(visitorName, "visitorName", max: ProtocolLimits.maxName)
        try writer.preChat(preChat, "preChat")
        try writer.encodeIfPresent(entityMapping, "entityMapping")
        try writer.textIfPresent(correlationID, "correlationId", max: ProtocolLimits.maxCorrelationID)
        try writer.textIfPresent(sessionToken, "sessionToken", max: ProtocolLimits.maxToken)
        if let auditName {
            if let violation = WireRule.text(auditName, max: ProtocolLimits.maxAuditName) {
                throw writer.problem("auditName", violation)
            }
            try writer.text(WireEncoding.urlQueryValue(auditName), "auditName", max: Self.maxEncodedAuditName)
        }
        if let uui {
            if uui.utf8.count > ProtocolLimits.maxUUIBytes {
                throw writer.problem("uui", "longer than \(ProtocolLimits.maxUUIBytes) bytes")
            }
            try writer.text(WireEncoding.hex(uui), "uui", max: 2 * ProtocolLimits.maxUUIBytes)
        }
        try writer.shareScopes(shareScopes, "shareScopes")
        try writer.offered(screenControl, "screenControl")
        try writer.offered(screenVideo, "screenVideo")
    }

    /// Why a hello with neither a destination nor a session token is refused.
    private static let routeMissing = "is required unless sessionToken is given"

    /// The longest URL-encoded audit name: a character is at most 4 UTF-8
    /// bytes, and a byte at most 3 characters once encoded.
    private static let maxEncodedAuditName = 12 * ProtocolLimits.maxAuditName

    private static func auditName(from reader: WireReader) throws -> String? {
        guard let encoded = try reader.textIfPresent("auditName", max: maxEncodedAuditName) else {
            return nil
        }
        guard let auditName = WireEncoding.string(fromURLQueryValue: encoded) else {
            throw reader.problem("auditName", "is not URL-encoded UTF-8")
        }
        if let violation = WireRule.text(auditName, max: ProtocolLimits.maxAuditName) {
            throw reader.problem("auditName", violation)
        }
        return auditName
    }

    private static func uui(from reader: WireReader) throws -> String? {
        guard let hex = try reader.textIfPresent("uui", max: 2 * ProtocolLimits.maxUUIBytes) else { return nil }
        guard let uui = WireEncoding.string(fromHex: hex) else {
            throw reader.problem("uui", "is not hex-encoded UTF-8")
        }
        return uui
    }
}
