import Foundation

/// A support session's chat as a document to save or print: who took part,
/// when it started, and every entry in order.
///
/// It is made from the chat model (``init(chat:details:)`` on the person's
/// side; the server builds one from its stored chat), and every renderer —
/// ``TranscriptHTMLRenderer``, ``TranscriptTextRenderer``,
/// ``TranscriptPangoMarkup`` — reads only this, so they all say the same.
public struct TranscriptDocument: Sendable, Hashable {
    /// The session's id as the server knows it, when known.
    public var sessionID: String?
    /// The person who asked for help, when named.
    public var personName: String?
    /// The agents who took part, in the order they joined; empty before one did.
    public var agentNames: [String]
    /// When the session started, when known.
    public var startedAt: Date?
    /// The entries, oldest first.
    public var entries: [TranscriptEntry]

    /// Creates a document.
    public init(
        sessionID: String? = nil, personName: String? = nil, agentNames: [String] = [], startedAt: Date? = nil,
        entries: [TranscriptEntry]
    ) {
        self.sessionID = sessionID
        self.personName = personName
        self.agentNames = agentNames
        self.startedAt = startedAt
        self.entries = entries
    }

    /// The document's title, the same in every format.
    public static var title: String { localized("Support chat transcript") }

    /// Whether there is anything to save or print: at least one entry.
    public var hasContent: Bool { !entries.isEmpty }

    /// The lines under the title, as label and value ("Agent", "Sam"), in
    /// the order every renderer shows them; unknown details are left out.
    public func detailLines(_ formatting: TranscriptFormatting) -> [(label: String, value: String)] {
        var lines: [(label: String, value: String)] = []
        if let personName { lines.append((localized("Person"), personName)) }
        if !agentNames.isEmpty { lines.append((agentNames.count == 1 ? localized("Agent") : localized("Agents"), agentNames.joined(separator: ", "))) }
        if let startedAt { lines.append((localized("Started"), formatting.dateAndTime(startedAt))) }
        if let sessionID { lines.append((localized("Session"), sessionID)) }
        return lines
    }
}
