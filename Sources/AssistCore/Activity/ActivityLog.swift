import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The person's own record of what they allowed agents — every share, control
/// grant, call, opened page or document, and file — kept on their machine for
/// ``retention`` (90 days) in `activity.jsonl` (one JSON ``ActivityEvent`` a
/// line, mode 0600) in the kept session's private folder.
///
/// An event is appended with one `write`, so a crash loses at most the line
/// being written; a line that cannot be read is skipped. Events older than the
/// retention are dropped whenever the log is read or written (the file is then
/// rewritten atomically). Time is passed in.
public struct ActivityLog: Sendable {
    /// How long an event is kept.
    public static let retention: TimeInterval = 90 * 24 * 60 * 60
    /// The file's name in its folder.
    public static let fileName = "activity.jsonl"

    private let file: PrivateStateFile

    /// The log kept in `folder`.
    public init(folder: URL) {
        file = PrivateStateFile(folder: folder, name: Self.fileName)
    }

    /// The log of a configuration's folder: its
    /// ``Configuration/sessionStateDirectory`` when set, else
    /// `$XDG_STATE_HOME/assist`; `nil` when no folder can be named.
    public init?(configuration: Configuration, environment: [String: String]) {
        guard let folder = KeptSessionStore.stateFolder(configuration: configuration, environment: environment) else {
            return nil
        }
        self.init(folder: folder)
    }

    /// The file the log is kept in.
    public var url: URL { file.url }

    /// Adds `event`, dropping what is older than the retention at `now`.
    ///
    /// - Throws: ``ActivityLogError`` when the file cannot be written.
    public func append(_ event: ActivityEvent, now: Date) throws(ActivityLogError) {
        let all = read()
        let kept = Self.kept(all, now: now)
        if kept.count != all.count {
            try rewrite(kept + [event])
            return
        }
        guard var line = try? Self.encoder.encode(event) else { throw ActivityLogError(message: "an event cannot be encoded") }
        line.append(0x0A)
        try appendLine(line)
    }

    /// The events kept at `now`, oldest first.
    public func events(now: Date) -> [ActivityEvent] {
        Self.kept(read(), now: now)
    }

    /// The events of `events` still within the retention at `now`.
    private static func kept(_ events: [ActivityEvent], now: Date) -> [ActivityEvent] {
        events.filter { now.timeIntervalSince($0.time) <= retention }
    }

    /// Removes the whole record.
    ///
    /// - Throws: ``ActivityLogError`` when the file cannot be removed.
    public func clear() throws(ActivityLogError) {
        do throws(PrivateStateFileError) {
            try file.delete()
        } catch {
            throw ActivityLogError(message: error.message)
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()

    private func read() -> [ActivityEvent] {
        guard let data = try? Data(contentsOf: file.url) else { return [] }
        return data.split(separator: 0x0A).compactMap { try? Self.decoder.decode(ActivityEvent.self, from: Data($0)) }
    }

    private func rewrite(_ events: [ActivityEvent]) throws(ActivityLogError) {
        var data = Data()
        for event in events {
            guard let line = try? Self.encoder.encode(event) else { continue }
            data.append(line)
            data.append(0x0A)
        }
        do throws(PrivateStateFileError) {
            try file.write(data)
        } catch {
            throw ActivityLogError(message: error.message)
        }
    }

    /// Appends `line` with one write, making the file (and its folder, through
    /// an empty atomic write) when it is not there yet.
    private func appendLine(_ line: Data) throws(ActivityLogError) {
        if !FileManager.default.fileExists(atPath: file.url.path) {
            do throws(PrivateStateFileError) {
                try file.write(line)
                return
            } catch {
                throw ActivityLogError(message: error.message)
            }
        }
        let descriptor = open(file.url.path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ActivityLogError(message: "\(file.url.path) cannot be opened: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let written = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == line.count else {
            throw ActivityLogError(message: "\(file.url.path) cannot be written: \(String(cString: strerror(errno)))")
        }
    }
}

/// Why the activity record could not be written, in one sentence naming the file.
public struct ActivityLogError: Error, Sendable, CustomStringConvertible {
    /// The sentence.
    public let message: String

    /// The sentence.
    public var description: String { message }
}
