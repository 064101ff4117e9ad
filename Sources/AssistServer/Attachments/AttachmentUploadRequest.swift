import AssistCore
import Foundation

/// The body of `POST /v1/attachments`: which session, and the file's name,
/// size and media type.
struct AttachmentUploadRequest: Codable, Sendable, Hashable {
    /// The session's id (`sid`); an agent must name one, a person's is
    /// known from its token.
    var sid: String?
    /// The file's name; only its last path component is kept.
    var name: String
    /// The file's size in bytes.
    var size: Int64
    /// The media type the sender says the file has.
    var mediaType: String

    /// The longest file name kept, in Unicode scalars (the protocol's characters).
    static let maxNameLength = 255

    /// `name` without folders or control characters, or `nil` when nothing is left.
    var shownName: String? {
        let last = name.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? ""
        let cleaned = String(last.unicodeScalars.filter { !$0.properties.generalCategory.isControl })
            .trimmingCharacters(in: .whitespaces)
        guard !cleaned.isEmpty, cleaned != ".", cleaned != ".." else { return nil }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: cleaned.unicodeScalars.prefix(Self.maxNameLength))
        return String(kept)
    }
}

extension Unicode.GeneralCategory {
    /// Whether the category is a control, format or unassigned one, which a
    /// shown name must not carry.
    fileprivate var isControl: Bool {
        switch self {
        case .control, .format, .unassigned, .surrogate, .privateUse, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
