import Foundation

/// The file name a `Content-Disposition` header gives
/// (`attachment; filename="a.pdf"`, or RFC 5987's `filename*=UTF-8''a%20b.pdf`,
/// which wins), without folders; `nil` when it gives none.
enum ContentDispositionName {
    static func fileName(in header: String) -> String? {
        var plain: String?
        var extended: String?
        for part in header.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { continue }
            switch pair[0].lowercased() {
            case "filename":
                plain = pair[1].count >= 2 && pair[1].hasPrefix("\"") && pair[1].hasSuffix("\"")
                    ? String(pair[1].dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
                    : pair[1]
            case "filename*":
                let pieces = pair[1].split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
                if pieces.count == 3, pieces[0].lowercased() == "utf-8" { extended = String(pieces[2]).removingPercentEncoding }
            default:
                continue
            }
        }
        guard let name = extended ?? plain, !name.isEmpty else { return nil }
        return AttachmentFileName.safeName(name)
    }
}
