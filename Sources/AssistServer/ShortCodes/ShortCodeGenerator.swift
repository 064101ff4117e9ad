import Foundation

/// Draws short codes, session tokens and correlation ids from a random
/// source.
///
/// The server passes `SystemRandomNumberGenerator`, which reads the
/// operating system's cryptographically secure generator (`getrandom` on
/// Linux); tests pass a seeded one. Nothing here reads the clock or keeps
/// state.
public enum ShortCodeGenerator {
    /// The number of random bytes in a session token (256 bits).
    public static let sessionTokenBytes = 32

    /// The number of random bytes in a correlation id (128 bits).
    public static let correlationIDBytes = 16

    /// A code in canonical form: ``ShortCodeFormat/length`` characters, each
    /// drawn uniformly from ``ShortCodeFormat/alphabet``.
    public static func code(using random: inout some RandomNumberGenerator) -> String {
        let alphabet = ShortCodeFormat.alphabet
        return String((0..<ShortCodeFormat.length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] })
    }

    /// A session token: 256 random bits as 43 URL-safe base64 characters
    /// (`A–Z a–z 0–9 - _`, no padding).
    public static func sessionToken(using random: inout some RandomNumberGenerator) -> String {
        RandomSecret.urlSafe(byteCount: sessionTokenBytes, using: &random)
    }

    /// A correlation id: 128 random bits as 32 lower-case hexadecimal digits.
    public static func correlationID(using random: inout some RandomNumberGenerator) -> String {
        let digits = Array("0123456789abcdef")
        var id = ""
        for byte in randomBytes(correlationIDBytes, using: &random) {
            id.append(digits[Int(byte >> 4)])
            id.append(digits[Int(byte & 0x0F)])
        }
        return id
    }

    private static func randomBytes(_ count: Int, using random: inout some RandomNumberGenerator) -> [UInt8] {
        (0..<count).map { _ in UInt8.random(in: .min ... .max, using: &random) }
    }
}
