import Foundation

/// Unguessable secrets: session tokens, resume tokens, agent tokens.
enum RandomSecret {
    /// `byteCount` random bytes (256 bits by default) as URL-safe base64
    /// without padding (`A–Z a–z 0–9 - _`): 43 characters for 32 bytes.
    static func urlSafe(byteCount: Int = 32, using random: inout some RandomNumberGenerator) -> String {
        Data((0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &random) }).base64EncodedString()
            .replacing("+", with: "-")
            .replacing("/", with: "_")
            .replacing("=", with: "")
    }

    /// A fresh 256-bit secret from the system's CSPRNG (`getrandom` on Linux).
    static func fresh() -> String {
        var generator = SystemRandomNumberGenerator()
        return urlSafe(using: &generator)
    }
}
