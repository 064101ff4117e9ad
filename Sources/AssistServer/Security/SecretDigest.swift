import AssistCore
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
        guard let bytes = WireEncoding.bytes(fromHex: hex), bytes.count == SHA256.byteCount else { return nil }
        self.bytes = Data(bytes)
    }

    /// Whether `other` is the same digest, comparing every byte whatever
    /// differs, so the time taken does not tell how much matched.
    func matches(_ other: SecretDigest) -> Bool {
        guard bytes.count == other.bytes.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(bytes, other.bytes) { difference |= left ^ right }
        return difference == 0
    }
}
