import Foundation

/// Writes a ``TranscriptDocument`` as one self-contained HTML page: a small
/// inline stylesheet, no script, no external resource (its own
/// Content-Security-Policy forbids loading any), every text escaped, each
/// message's direction found from its own text (`dir="auto"`).
public struct TranscriptHTMLRenderer: Sendable {
    /// How times are written.
    public let formatting: TranscriptFormatting

    /// A renderer writing times with `formatting`.
    public init(formatting: TranscriptFormatting = TranscriptFormatting()) {
        self.formatting = formatting
    }

    /// The whole page.
    public func render(_ document: TranscriptDocument) -> String {
        var html = """
            <!DOCTYPE html>
            <html lang="\(Self.escaped(formatting.languageCode))">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(Self.escaped(TranscriptDocument.title))</title>
            <style>\(Self.stylesheet)</style>
            </head>
            <body>
            <header>
            <h1>\(Self.escaped(TranscriptDocument.title))</h1>

            """
        let details = document.detailLines(formatting)
        if !details.isEmpty {
            html += "<dl>\n"
            for line in details {
                html += "<dt>\(Self.escaped(line.label))</dt><dd dir=\"auto\">\(Self.escaped(line.value))</dd>\n"
            }
            html += "</dl>\n"
        }
        html += "</header>\n"
        if document.entries.isEmpty {
            html += "<p class=\"empty\">\(Self.escaped(localized("Nothing was written in this session.")))</p>\n"
        } else {
            html += "<ol class=\"entries\">\n"
            for entry in document.entries { html += item(entry) }
            html += "</ol>\n"
        }
        html += "</body>\n</html>\n"
        return html
    }

    private func item(_ entry: TranscriptEntry) -> String {
        var line = "<li class=\"entry entry--\(entry.role.rawValue)\">\n<p class=\"meta\">"
        line += "<span class=\"author\" dir=\"auto\">\(Self.escaped(entry.authorName))</span> "
        line += "<time datetime=\"\(Self.escaped(formatting.timestamp(entry.time)))\">"
        line += "\(Self.escaped(formatting.time(entry.time)))</time>"
        if let note = entry.deliveryNote {
            line += " <span class=\"delivery\">\(Self.escaped(note))</span>"
        }
        line += "</p>\n\(body(entry.content))\n</li>\n"
        return line
    }

    private func body(_ content: TranscriptContent) -> String {
        switch content {
        case .text(let text):
            "<p class=\"text\" dir=\"auto\">\(Self.escaped(text))</p>"
        case .file(let file, let caption):
            "<p class=\"file\" dir=\"auto\">\(Self.escaped(TranscriptContent.fileLine(file)))</p>"
                + (caption.map { "\n<p class=\"text\" dir=\"auto\">\(Self.escaped($0))</p>" } ?? "")
        }
    }

    /// `text` with `&`, `<`, `>`, `"` and `'` as character references, safe
    /// both as element content and inside a quoted attribute.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    private static let stylesheet = """

        body { font: 15px/1.45 system-ui, sans-serif; color: #1c1c1c; background: #fff; max-width: 42rem; margin: 2rem auto; padding: 0 1rem; }
        h1 { font-size: 1.4rem; margin: 0 0 .5rem; }
        dl { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: 0 0 1.5rem; color: #444; }
        dt { font-weight: 600; }
        dd { margin: 0; }
        .entries { list-style: none; margin: 0; padding: 0; }
        .entry { margin: 0 0 .9rem; padding: .5rem .75rem; border-left: 3px solid #9a9a9a; background: #f6f6f6; break-inside: avoid; }
        .entry--person { border-left-color: #3584e4; background: #eef4fc; }
        .entry--agent { border-left-color: #2ec27e; background: #eefaf3; }
        .entry--service { border-left-color: #9a9a9a; background: #f6f6f6; }
        .meta { margin: 0 0 .2rem; font-size: .85rem; color: #555; }
        .author { font-weight: 600; color: #1c1c1c; }
        .delivery::before { content: "· "; }
        .text { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
        .file { margin: 0 0 0.2em; font-style: italic; overflow-wrap: anywhere; }
        .empty { color: #555; }
        @media print { body { margin: 0; max-width: none; } }

        """
}
