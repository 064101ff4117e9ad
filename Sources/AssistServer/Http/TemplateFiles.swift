import Foundation

/// Where the chat templates are on disk: a folder holding `chat/NAME/`, one
/// folder per template (`index.html`, its scripts and styles), served under
/// `/system/templates/chat/NAME/` (protocol.md §11.1).
public struct TemplateFiles: Sendable, Equatable {
    /// The folder, as an absolute path, holding `chat/`.
    public let directory: String

    /// Names the folder holding `chat/`. A relative path is taken relative
    /// to the current directory.
    public init(directory: String) {
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        var resolved = URL(fileURLWithPath: directory, relativeTo: base).standardizedFileURL.path
        while resolved.count > 1, resolved.hasSuffix("/") { resolved.removeLast() }
        self.directory = resolved
    }

    /// Finds the templates: `explicitDirectory` (the `--templates-directory`
    /// option), else the `templates` folder beside the agent console's folder
    /// (`data/templates` in the repository, `PREFIX/share/assist/templates`
    /// when installed).
    ///
    /// - Returns: `nil` when no folder was named and there is none beside the console.
    /// - Throws: ``TemplateFilesError`` when the named folder has no `chat` folder.
    public static func locate(
        explicitDirectory: String?, console: ConsoleFiles?
    ) throws(TemplateFilesError) -> TemplateFiles? {
        if let explicitDirectory {
            let files = TemplateFiles(directory: explicitDirectory)
            guard files.hasChatFolder else { throw TemplateFilesError(directory: files.directory) }
            return files
        }
        guard let console else { return nil }
        let beside = TemplateFiles(
            directory: URL(fileURLWithPath: console.directory).deletingLastPathComponent()
                .appendingPathComponent("templates").path)
        return beside.hasChatFolder ? beside : nil
    }

    /// The file of chat template `template` that a request for `name` may
    /// serve, with its content type, or `nil` when either name is not a plain
    /// name (``StaticFileFolder/isPlainName(_:)``) or no such file is served.
    func servedFile(template: String, named name: String) -> (path: String, contentType: String)? {
        guard StaticFileFolder.isPlainName(template) else { return nil }
        return StaticFileFolder(directory: directory + "/chat/" + template).servedFile(named: name)
    }

    private var hasChatFolder: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: directory + "/chat", isDirectory: &isDirectory)
            && isDirectory.boolValue
    }
}

/// A folder named as the chat templates' has no `chat` folder.
public struct TemplateFilesError: Error, Equatable, CustomStringConvertible {
    /// The folder that was named.
    public let directory: String

    /// One sentence for the operator.
    public var description: String {
        "The templates folder \(directory) (from --templates-directory) has no chat folder."
    }
}
