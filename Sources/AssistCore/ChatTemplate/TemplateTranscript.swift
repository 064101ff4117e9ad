import Foundation

/// What a chat template hands the app to save or print
/// (`IOSSaveTranscript`, `IOSPrintTranscript`): the contract's transcript
/// JSON (`"format": "assist-transcript-1"`), read into a
/// ``TranscriptDocument`` so the native renderers lay it out; or, from a
/// template that sends anything else, the text as it is.
public enum TemplateTranscript: Sendable, Hashable {
    /// The contract's JSON, as the native transcript.
    case document(TranscriptDocument)
    /// Any other body, to be saved or printed as the text it is.
    case text(String)

    /// The format name the contract's JSON carries.
    public static let format = "assist-transcript-1"

    /// Reads a message body: the contract's JSON when it is that (every
    /// required member present with its type, dates in ISO 8601), else the
    /// body as text.
    public init(body: String) {
        guard let wire = try? JSONDecoder().decode(Wire.self, from: Data(body.utf8)), wire.format == Self.format,
            let document = wire.document
        else {
            self = .text(body)
            return
        }
        self = .document(document)
    }

    /// The contract's JSON as decoded; dates are read by ``document``.
    private struct Wire: Decodable {
        struct Entry: Decodable {
            var author: String
            var name: String
            var text: String
            var sentAt: String
            var attachment: Attachment?
        }
        struct Attachment: Decodable {
            var name: String
            var size: Int
            var mediaType: String
        }
        var format: String
        var sessionId: String
        var visitorName: String
        var startedAt: String
        var entries: [Entry]

        /// The document, or `nil` when a date or an author is not the contract's.
        var document: TranscriptDocument? {
            guard let started = Self.date(startedAt) else { return nil }
            var entries: [TranscriptEntry] = []
            var agents: [String] = []
            for entry in self.entries {
                guard let time = Self.date(entry.sentAt), let role = Self.role(entry.author) else { return nil }
                if role == .agent, !agents.contains(entry.name) { agents.append(entry.name) }
                let file = entry.attachment.map { AttachmentInfo(id: "", name: $0.name, size: $0.size, mediaType: $0.mediaType) }
                entries.append(
                    TranscriptEntry(authorName: entry.name, role: role, time: time, content: .of(text: entry.text, attachment: file)))
            }
            return TranscriptDocument(
                sessionID: sessionId.isEmpty ? nil : sessionId, personName: visitorName.isEmpty ? nil : visitorName,
                agentNames: agents, startedAt: started, entries: entries)
        }

        private static func role(_ author: String) -> TranscriptEntry.Role? {
            switch author {
            case "consumer": .person
            case "agent": .agent
            case "system": .service
            default: nil
            }
        }

        private static func date(_ text: String) -> Date? {
            let whole = ISO8601DateFormatter()
            if let date = whole.date(from: text) { return date }
            let fractional = ISO8601DateFormatter()
            fractional.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return fractional.date(from: text)
        }
    }
}
