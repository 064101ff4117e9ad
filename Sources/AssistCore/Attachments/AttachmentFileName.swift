import Foundation

/// Where a received file is saved: under its own name in the folder, or —
/// when that name is taken — "name (2).ext", "name (3).ext" and so on, as
/// file managers and browsers do.
enum AttachmentFileName {
    /// A path in `folder` for `name` that no file has yet.
    static func free(_ name: String, in folder: URL) -> URL {
        let safe = safeName(name)
        let first = folder.appendingPathComponent(safe)
        guard FileManager.default.fileExists(atPath: first.path) else { return first }
        let base = (safe as NSString).deletingPathExtension
        let ext = (safe as NSString).pathExtension
        var number = 2
        while true {
            let candidate = folder.appendingPathComponent(ext.isEmpty ? "\(base) (\(number))" : "\(base) (\(number)).\(ext)")
            if !FileManager.default.fileExists(atPath: candidate.path) { return candidate }
            number += 1
        }
    }

    /// `name` as one path component: no folders, no leading dot, never empty.
    static func safeName(_ name: String) -> String {
        let last = name.split(separator: "/").last.map(String.init) ?? ""
        let trimmed = String(last.drop { $0 == "." }).trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? "file" : trimmed
    }
}
