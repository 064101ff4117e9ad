import Foundation

/// Writes a ``TranscriptDocument`` as plain text: the title, its details,
/// then each entry as a line "[time] author (delivery)" with its text
/// indented under it, every line of it, so a message's own line breaks
/// cannot pass for a new entry.
public struct TranscriptTextRenderer: Sendable {
    /// How times are written.
    public let formatting: TranscriptFormatting

    /// A renderer writing times with `formatting`.
    public init(formatting: TranscriptFormatting = TranscriptFormatting()) {
        self.formatting = formatting
    }

    /// The whole text, ending with a line break.
    public func render(_ document: TranscriptDocument) -> String {
        var lines = [TranscriptDocument.title, String(repeating: "=", count: TranscriptDocument.title.count)]
        lines += document.detailLines(formatting).map { "\($0.label): \($0.value)" }
        lines.append("")
        if document.entries.isEmpty {
            lines.append(localized("Nothing was written in this session."))
        }
        for entry in document.entries {
            var heading = "[\(formatting.time(entry.time))] \(entry.authorName)"
            if let note = entry.deliveryNote { heading += " (\(note))" }
            lines.append(heading)
            lines += body(entry.content).map { "    " + $0 }
            lines.append("")
        }
        while lines.last == "" { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    private func body(_ content: TranscriptContent) -> [String] {
        switch content {
        case .text(let text):
            text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map(String.init)
        case .file(let file, let caption):
            [TranscriptContent.fileLine(file)] + (caption.map { body(.text($0)) } ?? [])
        }
    }
}
