/// Tells what a file is from its first bytes, not from its name: the check
/// behind the server's allow-list of attachment types, which the app also
/// runs before it uploads so a refusal comes at once.
///
/// Only types whose content can be recognised are known: PNG, JPEG, GIF
/// and WebP images, PDF documents, and plain text (UTF-8 with no control
/// characters other than tab, line feed, form feed and carriage return).
public enum MediaTypeSniffer {
    /// How many leading bytes ``mediaType(of:isWhole:)`` looks at.
    public static let windowSize = 4096

    /// Every media type this sniffer can recognise.
    public static let knownMediaTypes: Set<String> = [
        "image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf", "text/plain",
    ]

    /// The media type the content starting with `prefix` has, or `nil` when
    /// it is none the sniffer knows. `isWhole` says `prefix` is the whole
    /// file (so a multi-byte character cut at its end is a fault, not the
    /// window's edge).
    public static func mediaType(of prefix: some Collection<UInt8>, isWhole: Bool) -> String? {
        let head = Array(prefix.prefix(windowSize))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "image/png" }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return "image/gif" }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            return "image/webp"
        }
        if head.starts(with: Array("%PDF-".utf8)) { return "application/pdf" }
        if isPlainText(head, cutByWindow: !isWhole || prefix.count > windowSize) { return "text/plain" }
        return nil
    }

    /// The media type a file name's extension stands for, among the known
    /// ones; `nil` for any other.
    public static func mediaType(forFileName name: String) -> String? {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "pdf": return "application/pdf"
        case "txt", "text", "log": return "text/plain"
        default: return nil
        }
    }

    private static func isPlainText(_ bytes: [UInt8], cutByWindow: Bool) -> Bool {
        guard !bytes.isEmpty else { return false }
        let allowedControls: Set<UInt8> = [0x09, 0x0A, 0x0C, 0x0D]
        guard !bytes.contains(where: { ($0 < 0x20 && !allowedControls.contains($0)) || $0 == 0x7F }) else { return false }
        var checked = bytes[...]
        if cutByWindow {
            // A character the window cut in two is not a fault: drop its start.
            let lead = checked.lastIndex { $0 & 0xC0 != 0x80 } ?? checked.startIndex
            let expected = sequenceLength(of: checked[lead])
            if checked.endIndex - lead < expected { checked = checked[..<lead] }
        }
        var iterator = checked.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return true
            case .error: return false
            }
        }
    }

    private static func sequenceLength(of lead: UInt8) -> Int {
        switch lead {
        case 0xF0...0xF7: 4
        case 0xE0...0xEF: 3
        case 0xC0...0xDF: 2
        default: 1
        }
    }
}
