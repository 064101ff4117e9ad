import Crypto
import Foundation

/// The SHA-256 digest of a secret — a resume token or an agent token — the
/// only form in which the server keeps one, in memory and in the database.
///
/// A token is 256 random bits (agent tokens are chosen by the operator), so
/// its digest cannot be turned back into it, and someone who reads the
/// database or the server's memory learns nothing they can present.
///
/// Lookups use the digest as a key (``Hashable``): how long such a lookup
/// takes can only tell an attacker about bytes of a digest, which does not
/// help to find a token that has it. Where a presented token is checked
/// against one known digest, ``matches(_:)`` compares every byte.
struct SecretDigest: Sendable, Hashable {
    /// The 32 bytes of the digest, as the database stores them (a BLOB).
    let bytes: Data

    /// The digest of `secret`'s UTF-8 bytes.
    init(of secret: String) {
        bytes = Data(SHA256.hash(data: Data(secret.utf8)))
    }

    /// A digest as stored (32 bytes), or `nil` for anything else.
    init?(stored bytes: Data) {
        guard bytes.count == SHA256.byteCount else { return nil }
        self.bytes = bytes
    }

    /// A digest written as 64 hexadecimal digits (either case), as an
    /// agents file may give it; `nil` for anything else.
    init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == SHA256.byteCount * 2 else { return nil }
        var bytes = Data(capacity: SHA256.byteCount)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = Self.nibble(digits[index]), let low = Self.nibble(digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        self.bytes = bytes
    }

    /// Whether `other` is the same digest, comparing every byte whatever
    /// differs, so the time taken does not tell how much matched.
    func matches(_ other: SecretDigest) -> Bool {
        guard bytes.count == other.bytes.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(bytes, other.bytes) { difference |= left ^ right }
        return difference == 0
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
