import Foundation

/// Turns a chat message's text into Pango markup for a label: everything the
/// person or agent wrote is escaped, so it shows literally, and each web
/// link (see ``ChatTextSegment``) becomes a clickable `<a href>`.
public enum ChatTextMarkup {
    /// The markup for `text`.
    public static func markup(for text: String) -> String {
        ChatTextSegment.split(text).map { segment in
            switch segment {
            case .plain(let plain):
                escaped(plain)
            case .link(let url, let written):
                "<a href=\"\(escaped(url.absoluteString))\">\(escaped(written))</a>"
            }
        }.joined()
    }

    /// `text` with the characters markup gives meaning to (`& < > " '`)
    /// written as entities.
    public static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }
}
