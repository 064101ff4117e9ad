import Foundation

/// Writes a ``TranscriptDocument`` as Pango markup for printing: one block
/// for the title and details, then one block per entry (the author line in
/// bold, then the body). A printer lays each block out on its own, so a
/// page can break between blocks or between the lines of a long one
/// (``TranscriptPagination``).
public struct TranscriptPangoMarkup: Sendable {
    /// How times are written.
    public let formatting: TranscriptFormatting

    /// A renderer writing times with `formatting`.
    public init(formatting: TranscriptFormatting = TranscriptFormatting()) {
        self.formatting = formatting
    }

    /// The blocks, in order: the heading, then each entry (or a sentence
    /// saying there is none).
    public func blocks(_ document: TranscriptDocument) -> [String] {
        var heading = "<span size=\"x-large\" weight=\"bold\">\(Self.escaped(TranscriptDocument.title))</span>"
        for line in document.detailLines(formatting) {
            heading += "\n<b>\(Self.escaped(line.label)):</b> \(Self.escaped(line.value))"
        }
        guard !document.entries.isEmpty else {
            return [heading, localized("Nothing was written in this session.")]
        }
        return [heading] + document.entries.map(block)
    }

    private func block(_ entry: TranscriptEntry) -> String {
        var meta = formatting.time(entry.time)
        if let note = entry.deliveryNote { meta += " · \(note)" }
        return "<b>\(Self.escaped(entry.authorName))</b>  <span foreground=\"#555555\">\(Self.escaped(meta))</span>\n"
            + body(entry.content)
    }

    private func body(_ content: TranscriptContent) -> String {
        switch content {
        case .text(let text): Self.escaped(text)
        case .file(let file, let caption):
            "<i>\(Self.escaped(TranscriptContent.fileLine(file)))</i>" + (caption.map { "\n" + Self.escaped($0) } ?? "")
        }
    }

    /// `text` safe inside Pango markup: `&`, `<`, `>`, `"` and `'` escaped,
    /// and control characters other than line breaks and tabs left out (the
    /// markup parser refuses them).
    public static func escaped(_ text: String) -> String {
        let printable = String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter { scalar in
                    scalar == "\n" || scalar == "\t" || !(scalar.properties.generalCategory == .control)
                }))
        return TranscriptHTMLRenderer.escaped(printable)
    }
}
