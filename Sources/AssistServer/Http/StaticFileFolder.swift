import Foundation

/// One folder of files served as they are, one level deep: the agent
/// console's, or one chat template's.
struct StaticFileFolder: Sendable, Equatable {
    /// The folder, as an absolute path.
    let directory: String

    /// The file a request for `name` may serve, with its content type, or
    /// `nil` when the name is not a plain file of a served kind in the folder.
    ///
    /// Only names that ``isPlainName(_:)`` accepts are looked for, so nothing
    /// outside the folder (no `..`, no `/`, no percent escapes) and no hidden
    /// file can be reached.
    func servedFile(named name: String) -> (path: String, contentType: String)? {
        guard Self.isPlainName(name), let dot = name.lastIndex(of: "."),
            let contentType = Self.contentTypes[name[name.index(after: dot)...].lowercased()]
        else { return nil }
        let path = directory + "/" + name
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue
        else { return nil }
        return (path, contentType)
    }

    /// Whether `name` is a single name of letters, digits, `-`, `_` and `.`
    /// that does not start with a dot.
    static func isPlainName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != "." else { return false }
        return name.unicodeScalars.allSatisfy { scalar in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".": true
            default: false
            }
        }
    }

    /// The kinds of file served, by extension.
    private static let contentTypes: [String: String] = [
        "html": "text/html; charset=utf-8",
        "css": "text/css; charset=utf-8",
        "js": "text/javascript; charset=utf-8",
        "mjs": "text/javascript; charset=utf-8",
        "json": "application/json",
        "svg": "image/svg+xml",
        "png": "image/png",
        "ico": "image/vnd.microsoft.icon",
        "woff2": "font/woff2",
    ]
}
