import Foundation
public import Hummingbird

/// Where the agent console's files (`index.html`, its scripts and styles) are
/// on disk.
///
/// The console is plain HTML, CSS and JavaScript with no build step; the
/// server serves the folder as it is, one level deep, under `/console`.
public struct ConsoleFiles: Sendable, Equatable {
    /// The environment variable that names the console folder when no
    /// explicit folder is given.
    public static let environmentVariable = "ASSIST_CONSOLE_DIR"

    /// Where an installed server keeps the console.
    public static let installedDirectory = "/usr/share/assist/console"

    /// The folder, as an absolute path, holding `index.html`.
    public let directory: String

    /// Names the folder holding the console's files. A relative path is taken
    /// relative to the current directory.
    public init(directory: String) {
        self.directory = Self.absolute(directory)
    }

    /// Finds the console for this process, in order: `explicitDirectory`
    /// (the `--console-directory` option), the ``environmentVariable``,
    /// `../share/assist/console` beside the running executable (an install
    /// under any prefix: `PREFIX/bin/assist-server`), a `data/console` folder
    /// above it (a build inside the repository), then ``installedDirectory``.
    ///
    /// - Throws: ``ConsoleFilesError`` when an explicitly named folder has no
    ///   `index.html`, or when no candidate has one.
    public static func locate(explicitDirectory: String?) throws(ConsoleFilesError) -> ConsoleFiles {
        try locate(
            explicitDirectory: explicitDirectory,
            environment: ProcessInfo.processInfo.environment,
            executablePath: currentExecutablePath())
    }

    /// Finds the console as ``locate(explicitDirectory:)`` does, with the
    /// environment and the executable's path given.
    ///
    /// - Parameters:
    ///   - explicitDirectory: a folder named on the command line; it must hold
    ///     `index.html`.
    ///   - environment: the process environment; ``environmentVariable``, when
    ///     set and not empty, must name a folder holding `index.html`.
    ///   - executablePath: the running executable, beside which
    ///     `../share/assist/console` and whose ancestors' `data/console` are
    ///     searched for `index.html`; `nil` skips that search.
    public static func locate(
        explicitDirectory: String?,
        environment: [String: String],
        executablePath: String?
    ) throws(ConsoleFilesError) -> ConsoleFiles {
        if let explicitDirectory {
            return try required(ConsoleFiles(directory: explicitDirectory), namedBy: "--console-directory")
        }
        if let named = environment[environmentVariable], !named.isEmpty {
            return try required(ConsoleFiles(directory: named), namedBy: environmentVariable)
        }
        var searched: [String] = []
        if let executablePath {
            var folder = URL(fileURLWithPath: executablePath).deletingLastPathComponent().standardizedFileURL
            let installed = ConsoleFiles(
                directory: folder.deletingLastPathComponent().appendingPathComponent("share/assist/console").path)
            if installed.hasIndex { return installed }
            searched.append(installed.directory)
            while true {
                let candidate = ConsoleFiles(directory: folder.appendingPathComponent("data/console").path)
                if candidate.hasIndex { return candidate }
                searched.append(candidate.directory)
                let parent = folder.deletingLastPathComponent().standardizedFileURL
                if parent.path == folder.path { break }
                folder = parent
            }
        }
        let installed = ConsoleFiles(directory: installedDirectory)
        if installed.hasIndex { return installed }
        searched.append(installed.directory)
        throw ConsoleFilesError(kind: .notFound(searched: searched))
    }

    /// The path of the running executable, symbolic links resolved.
    public static func currentExecutablePath() -> String? {
        if let linked = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return linked
        }
        guard let first = CommandLine.arguments.first, first.contains("/") else { return nil }
        return URL(fileURLWithPath: absolute(first)).resolvingSymlinksInPath().path
    }

    /// Whether the folder holds the console's entry page.
    var hasIndex: Bool {
        Self.isRegularFile(directory + "/index.html")
    }

    /// The file a request for `name` may serve, with its content type, or
    /// `nil` when the name is not a plain file of a served kind in the folder
    /// (``StaticFileFolder/servedFile(named:)``).
    func servedFile(named name: String) -> (path: String, contentType: String)? {
        StaticFileFolder(directory: directory).servedFile(named: name)
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && !isDirectory.boolValue
    }

    private static func absolute(_ path: String) -> String {
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
        var resolved = URL(fileURLWithPath: path, relativeTo: base).standardizedFileURL.path
        while resolved.count > 1, resolved.hasSuffix("/") { resolved.removeLast() }
        return resolved
    }

    private static func required(_ files: ConsoleFiles, namedBy source: String) throws(ConsoleFilesError) -> ConsoleFiles {
        guard files.hasIndex else {
            throw ConsoleFilesError(kind: .missingIndex(directory: files.directory, source: source))
        }
        return files
    }
}

/// The agent console's files could not be found.
public struct ConsoleFilesError: Error, Equatable, CustomStringConvertible {
    enum Kind: Equatable {
        case missingIndex(directory: String, source: String)
        case notFound(searched: [String])
    }

    let kind: Kind

    /// One sentence for the operator: what was looked for and where.
    public var description: String {
        switch kind {
        case .missingIndex(let directory, let source):
            "The agent console folder \(directory) (from \(source)) has no index.html."
        case .notFound(let searched):
            "The agent console was not found; looked for index.html in: \(searched.joined(separator: ", ")). "
                + "Use --console-directory or \(ConsoleFiles.environmentVariable)."
        }
    }
}

extension Router {
    /// Serves the agent console: `GET /console` (and `/console/`) answers its
    /// `index.html`, `GET /console/<file>` one file of the folder. Anything
    /// else under `/console` is 404: there is no directory listing and no way
    /// out of the folder.
    public func addConsoleRoutes(files: ConsoleFiles) {
        let fileIO = FileIO()
        get("/console") { _, context in
            try await Self.consoleResponse(files: files, name: "index.html", fileIO: fileIO, context: context)
        }
        get("/console/{file}") { _, context in
            let name = try context.parameters.require("file")
            return try await Self.consoleResponse(files: files, name: name, fileIO: fileIO, context: context)
        }
    }

    private static func consoleResponse(
        files: ConsoleFiles,
        name: String,
        fileIO: FileIO,
        context: Context
    ) async throws -> Response {
        guard let file = files.servedFile(named: name) else { throw HTTPError(.notFound) }
        return try await staticFileResponse(
            file, contentSecurityPolicy: consoleContentSecurityPolicy, fileIO: fileIO, context: context)
    }

    /// The console loads only its own files and talks only to its own server.
    private static var consoleContentSecurityPolicy: String {
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            + "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }
}
