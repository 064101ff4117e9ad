import Foundation

/// A question the page script asks the app, decoded and checked.
enum PageQuestion: Sendable, Equatable {
    /// The top frame's script starts: which markers and tags, and which page number.
    case configuration
    /// May the agent's input carrying `token` run?
    case confirm(token: String)

    /// Decodes the JSON text the script posts.
    ///
    /// - Throws: ``PageMessageError`` for anything the script would not have asked.
    init(json: String) throws(PageMessageError) {
        guard json.utf8.count <= 1024 else { throw .tooLong }
        struct Wire: Decodable {
            var kind: String
            var token: String?
        }
        guard let wire = try? JSONDecoder().decode(Wire.self, from: Data(json.utf8)) else { throw .malformed }
        switch (wire.kind, wire.token) {
        case ("configuration", nil): self = .configuration
        case ("confirm", let token?): self = .confirm(token: token)
        default: throw .malformed
        }
    }
}
