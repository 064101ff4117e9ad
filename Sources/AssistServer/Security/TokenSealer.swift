import Crypto
import Foundation

/// Seals short codes' session tokens for the database with a key that is
/// never in it, so the database and its WAL hold no token that can be
/// presented, while a code redeemed again still answers with the same token.
///
/// The key is 32 random bytes in a file of its own. With SQLite it is
/// beside the database (`DATABASE.key`, mode 0600), created on first start.
/// Servers sharing a PostgreSQL database must all have the same key, so
/// there the operator creates the file once and gives every server a copy
/// (``init(sharedKeyFile:)``). Losing the key loses only the tokens of the
/// codes alive at that moment (a code lives 5 minutes): their redemptions
/// fail until the codes expire.
struct TokenSealer: Sendable {
    /// The key's bytes (`SymmetricKey` is not `Sendable`).
    private let keyBytes: Data

    /// A sealer with a fresh key kept in memory only, for an in-memory database.
    init() {
        keyBytes = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
    }

    /// The sealer whose key is in the file at `path`, creating the file
    /// (readable by its owner only) with a fresh key if there is none.
    ///
    /// - Throws: ``TokenSealerError`` when the file exists but does not
    ///   hold a 32-byte key, or a file-system error.
    init(keyFile path: String) throws {
        if let existing = FileManager.default.contents(atPath: path) {
            guard existing.count == SymmetricKeySize.bits256.bitCount / 8 else {
                throw TokenSealerError.malformedKeyFile(path)
            }
            keyBytes = existing
            return
        }
        let fresh = SymmetricKey(size: .bits256).withUnsafeBytes { Data($0) }
        guard FileManager.default.createFile(atPath: path, contents: fresh, attributes: [.posixPermissions: 0o600])
        else { throw TokenSealerError.cannotCreateKeyFile(path) }
        keyBytes = fresh
    }

    /// The sealer whose key is in the file at `path`, which the operator
    /// created and every server sharing the database has a copy of: it is
    /// never created here, since a key one server made up would not open
    /// the tokens the others sealed.
    ///
    /// - Throws: ``TokenSealerError/missingKeyFile(_:)``,
    ///   ``TokenSealerError/unreadableKeyFile(_:reason:)`` or
    ///   ``TokenSealerError/malformedKeyFile(_:)``, each naming `path`.
    init(sharedKeyFile path: String) throws(TokenSealerError) {
        guard FileManager.default.fileExists(atPath: path) else { throw .missingKeyFile(path) }
        let contents: Data
        do {
            contents = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw .unreadableKeyFile(path, reason: error.localizedDescription)
        }
        guard contents.count == SymmetricKeySize.bits256.bitCount / 8 else { throw .malformedKeyFile(path) }
        keyBytes = contents
    }

    /// `token` encrypted and authenticated (ChaCha20-Poly1305, a fresh nonce each time).
    func seal(_ token: String) throws -> Data {
        try ChaChaPoly.seal(Data(token.utf8), using: SymmetricKey(data: keyBytes)).combined
    }

    /// An HMAC-SHA256 over `message` with a key derived from the server's
    /// key for `purpose` alone, so a code made for one purpose is never
    /// accepted for another. The same on every node that shares the key.
    func authenticationCode(for message: String, purpose: String) -> Data {
        Data(HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: purposeKey(purpose)))
    }

    /// Whether `code` is ``authenticationCode(for:purpose:)`` of `message`
    /// and `purpose`, compared in constant time.
    func isAuthenticationCode(_ code: Data, for message: String, purpose: String) -> Bool {
        HMAC<SHA256>.isValidAuthenticationCode(code, authenticating: Data(message.utf8), using: purposeKey(purpose))
    }

    private func purposeKey(_ purpose: String) -> SymmetricKey {
        HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: keyBytes), info: Data(purpose.utf8), outputByteCount: 32)
    }

    /// The token `sealed` holds, or `nil` when it was not sealed with this key.
    func open(_ sealed: Data) -> String? {
        guard let box = try? ChaChaPoly.SealedBox(combined: sealed),
            let plain = try? ChaChaPoly.open(box, using: SymmetricKey(data: keyBytes))
        else { return nil }
        return String(decoding: plain, as: UTF8.self)
    }
}
