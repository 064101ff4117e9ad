import Foundation

/// A piece of a chat message's text: plain words, or a web link the person
/// can open.
///
/// ``split(_:)`` finds `http://` and `https://` links that start a word and
/// run to the next space, quote or angle bracket. Punctuation that ends a
/// sentence (`.`, `,`, `;`, `:`, `!`, `?`, `'`) and a closing parenthesis
/// without an opening one inside the link stay outside it, so
/// "(see https://example.com/a)." links `https://example.com/a`. Anything
/// that does not parse as a URL with a host stays plain.
public enum ChatTextSegment: Sendable, Hashable {
    /// Text shown as written.
    case plain(String)
    /// A link to `url`, shown as `text` (the link as written).
    case link(URL, text: String)

    /// The segments of `text`, in order; joined, their texts are `text`.
    public static func split(_ text: String) -> [ChatTextSegment] {
        var segments: [ChatTextSegment] = []
        var plainStart = text.startIndex
        var cursor = text.startIndex
        while let start = nextLinkStart(in: text, from: cursor) {
            let end = linkEnd(in: text, from: start)
            let written = String(text[start..<end])
            guard let url = URL(string: written), let host = url.host, !host.isEmpty else {
                cursor = text.index(after: start)
                continue
            }
            if plainStart < start {
                segments.append(.plain(String(text[plainStart..<start])))
            }
            segments.append(.link(url, text: written))
            plainStart = end
            cursor = end
        }
        if plainStart < text.endIndex {
            segments.append(.plain(String(text[plainStart...])))
        }
        return segments
    }

    /// The first link in `text`, if any.
    public static func firstLink(in text: String) -> URL? {
        for segment in split(text) {
            if case .link(let url, _) = segment { return url }
        }
        return nil
    }

    private static let schemes = ["https://", "http://"]
    private static let linkStoppers: Set<Character> = ["<", ">", "\"", "`"]
    private static let trailingPunctuation: Set<Character> = [".", ",", ";", ":", "!", "?", "'"]

    /// Where the next `http://` or `https://` that starts a word begins.
    private static func nextLinkStart(in text: String, from cursor: String.Index) -> String.Index? {
        var searchFrom = cursor
        while let found = text.range(of: "http", options: .caseInsensitive, range: searchFrom..<text.endIndex) {
            let rest = text[found.lowerBound...]
            let startsWord = found.lowerBound == text.startIndex
                || !text[text.index(before: found.lowerBound)].isLetter
                    && !text[text.index(before: found.lowerBound)].isNumber
            if startsWord, schemes.contains(where: { rest.lowercased().hasPrefix($0) }) {
                return found.lowerBound
            }
            searchFrom = found.upperBound
        }
        return nil
    }

    /// Where the link starting at `start` ends, trailing punctuation excluded.
    private static func linkEnd(in text: String, from start: String.Index) -> String.Index {
        var end = text[start...].firstIndex { $0.isWhitespace || linkStoppers.contains($0) } ?? text.endIndex
        while end > start {
            let last = text[text.index(before: end)]
            let candidate = text[start..<end]
            let unbalanced = last == ")" && candidate.filter { $0 == ")" }.count > candidate.filter { $0 == "(" }.count
            guard trailingPunctuation.contains(last) || unbalanced else { break }
            end = text.index(before: end)
        }
        return end
    }
}
