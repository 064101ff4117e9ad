import Foundation

/// What a node presents when it opens a link to another node of its
/// cluster (``NodeLinks``): its id, the time, and an HMAC of both under the
/// cluster's shared token key (``TokenSealer``, a key derived for this
/// purpose alone). Only a holder of the key can make one, and one seen on
/// the wire is good for ``window`` only.
struct NodeLinkCredential: Sendable {
    /// How far the time in a credential may be from the receiver's clock.
    static let window: TimeInterval = 60
    private static let purpose = "assist node link v1"

    let sealer: TokenSealer

    /// The credential node `node` presents at `date`: `SECONDS.CODE`.
    func credential(for node: String, at date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970)
        let code = sealer.authenticationCode(for: Self.message(node: node, seconds: seconds), purpose: Self.purpose)
        return "\(seconds).\(code.base64EncodedString())"
    }

    /// Whether `credential` is one node `node` made within ``window`` of `date`.
    func verifies(_ credential: String, from node: String, at date: Date) -> Bool {
        let parts = credential.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, let seconds = Int(parts[0]), let code = Data(base64Encoded: String(parts[1])),
            abs(date.timeIntervalSince1970 - TimeInterval(seconds)) <= Self.window
        else { return false }
        return sealer.isAuthenticationCode(code, for: Self.message(node: node, seconds: seconds), purpose: Self.purpose)
    }

    private static func message(node: String, seconds: Int) -> String {
        "\(node)\n\(seconds)"
    }
}
