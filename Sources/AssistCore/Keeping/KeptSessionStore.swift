import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Keeps one ``KeptSession`` in a folder of the person's: by default
/// `$XDG_STATE_HOME/assist` (or `~/.local/state/assist`), made with mode
/// 0700, holding `session.json` with mode 0600.
///
/// Every write is atomic (``PrivateStateFile``): a crash at any moment
/// leaves either the old record or the new one, never a mix. A file that
/// cannot be read — damaged, or of an unknown format — is moved aside to
/// `session.json.unreadable-<time>` and reported; the app then starts afresh.
public struct KeptSessionStore: Sendable {
    /// The folder holding the record.
    public let folder: URL

    /// The record's file name in ``folder``.
    public static let fileName = "session.json"

    /// A store in `folder` (made on the first write).
    public init(folder: URL) {
        self.folder = folder
    }

    /// The store a configuration asks for, or `nil` when keeping is off
    /// (``Configuration/keepSessionOnRestart``) or no folder can be named:
    /// ``Configuration/sessionStateDirectory`` when set, else
    /// `$XDG_STATE_HOME/assist`, else `$HOME/.local/state/assist`.
    public init?(configuration: Configuration, environment: [String: String]) {
        guard configuration.keepSessionOnRestart,
            let folder = Self.stateFolder(configuration: configuration, environment: environment)
        else { return nil }
        self.init(folder: folder)
    }

    /// The person's state folder for `configuration`: its
    /// ``Configuration/sessionStateDirectory`` when set, else
    /// ``defaultFolder(environment:)``; `nil` when neither can be named. The
    /// kept session, the remembered screen choices and the activity record
    /// live there.
    public static func stateFolder(configuration: Configuration, environment: [String: String]) -> URL? {
        if !configuration.sessionStateDirectory.isEmpty {
            return URL(fileURLWithPath: configuration.sessionStateDirectory, isDirectory: true)
        }
        return defaultFolder(environment: environment)
    }

    /// `$XDG_STATE_HOME/assist` when the variable holds an absolute path,
    /// else `$HOME/.local/state/assist`; `nil` when neither is set.
    public static func defaultFolder(environment: [String: String]) -> URL? {
        let base: URL
        if let stateHome = environment["XDG_STATE_HOME"], stateHome.hasPrefix("/") {
            base = URL(fileURLWithPath: stateHome, isDirectory: true)
        } else if let home = environment["HOME"], !home.isEmpty {
            base = URL(fileURLWithPath: home, isDirectory: true)
                .appendingPathComponent(".local", isDirectory: true).appendingPathComponent("state", isDirectory: true)
        } else {
            return nil
        }
        return base.appendingPathComponent("assist", isDirectory: true)
    }

    /// The record's file.
    public var file: URL { stateFile.url }

    private var stateFile: PrivateStateFile { PrivateStateFile(folder: folder, name: Self.fileName) }

    /// The kept record, or `nil` when there is none.
    ///
    /// - Throws: ``KeptSessionError`` when the file cannot be read as a
    ///   record of this format; the file has then been moved aside (its new
    ///   place is in the error), so the next load finds none.
    public func load() throws(KeptSessionError) -> KeptSession? {
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw KeptSessionError(.fileSystem("\(file.path) cannot be read: \(error.localizedDescription)"))
        }
        do throws(KeptSessionError) {
            return try Self.decode(data)
        } catch {
            throw moveAside(error)
        }
    }

    /// Writes `record` atomically, making the folder if needed.
    ///
    /// - Throws: ``KeptSessionError/Kind/fileSystem(_:)`` when the folder or
    ///   file cannot be made or written.
    public func save(_ record: KeptSession) throws(KeptSessionError) {
        let data: Data
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            data = try encoder.encode(record)
        } catch {
            throw KeptSessionError(.fileSystem("the record cannot be encoded: \(error)"))
        }
        do throws(PrivateStateFileError) {
            try stateFile.write(data)
        } catch {
            throw KeptSessionError(.fileSystem(error.message))
        }
    }

    /// Removes the record, if there is one (support ended).
    ///
    /// - Throws: ``KeptSessionError/Kind/fileSystem(_:)`` when it exists and
    ///   cannot be removed.
    public func delete() throws(KeptSessionError) {
        do throws(PrivateStateFileError) {
            try stateFile.delete()
        } catch {
            throw KeptSessionError(.fileSystem(error.message))
        }
    }

    /// Reads a record, checking its format and that its channel and
    /// transcript can be restored.
    static func decode(_ data: Data) throws(KeptSessionError) -> KeptSession {
        struct FormatOnly: Decodable { let format: Int }
        let format: Int
        do {
            format = try JSONDecoder().decode(FormatOnly.self, from: data).format
        } catch {
            throw KeptSessionError(.damaged("no format number can be read: \(Self.describe(error))"))
        }
        guard format == KeptSession.currentFormat else { throw KeptSessionError(.unknownFormat(format)) }
        let record: KeptSession
        do {
            record = try JSONDecoder().decode(KeptSession.self, from: data)
        } catch {
            throw KeptSessionError(.damaged(Self.describe(error)))
        }
        _ = try record.channel.restored()
        for entry in record.transcript { _ = try entry.restored() }
        return record
    }

    private static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): "not JSON (\(context.debugDescription))"
        case DecodingError.keyNotFound(let key, _): "\"\(key.stringValue)\" is missing"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "\(context.codingPath.map(\.stringValue).joined(separator: ".")) has the wrong type"
        default: "\(error)"
        }
    }

    private func moveAside(_ error: KeptSessionError) -> KeptSessionError {
        let stamp = Int(Date().timeIntervalSince1970)
        let aside = folder.appendingPathComponent("\(Self.fileName).unreadable-\(stamp)")
        guard rename(file.path, aside.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(file.path)
            var removed = error
            removed.movedTo = "nowhere (it could not be moved: \(reason); it was removed)"
            return removed
        }
        var moved = error
        moved.movedTo = aside.path
        return moved
    }
}

extension KeptSessionStore {
    /// The kept record when it belongs to `configuration`'s server, else
    /// `nil` (none kept, or one kept for another server, which is left alone).
    ///
    /// - Throws: ``KeptSessionError`` as ``load()`` does.
    public func load(for configuration: Configuration) throws(KeptSessionError) -> KeptSession? {
        guard let server = configuration.server, let record = try load(), record.server == server.absoluteString
        else { return nil }
        return record
    }
}
