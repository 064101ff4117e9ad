import Foundation
import Hummingbird

/// Reads the token of an `Authorization: Bearer <token>` header.
enum BearerToken {
    /// The token, or `nil` when the header is missing, of another scheme or empty.
    static func of(_ request: Request) -> String? {
        guard let header = request.headers[.authorization] else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
        let token = parts[1].trimmingCharacters(in: .whitespaces)
        return token.isEmpty ? nil : token
    }
}
