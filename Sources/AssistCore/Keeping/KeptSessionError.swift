/// Why a kept session could not be read or written. The file it names has
/// been moved aside when it could not be read, and the app starts afresh.
public struct KeptSessionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The file is not a readable record: not JSON, a member missing or
        /// wrong, or values that cannot describe a session.
        case damaged(String)
        /// The file was written in a format this build does not read.
        case unknownFormat(Int)
        /// The file system refused (the folder or file could not be made,
        /// written, renamed or removed).
        case fileSystem(String)
    }

    /// What went wrong.
    public let kind: Kind
    /// Where the unreadable file was moved, when it was.
    public var movedTo: String?

    /// Creates an error.
    public init(_ kind: Kind, movedTo: String? = nil) {
        self.kind = kind
        self.movedTo = movedTo
    }

    /// One sentence for the log.
    public var description: String {
        let what: String
        switch kind {
        case .damaged(let detail): what = "the kept support session is damaged (\(detail))"
        case .unknownFormat(let format):
            what = "the kept support session is in format \(format), which this version does not read "
                + "(it reads format \(KeptSession.currentFormat))"
        case .fileSystem(let detail): what = "the kept support session could not be stored: \(detail)"
        }
        return movedTo.map { "\(what); it was moved to \($0) and a new session will start" } ?? what
    }
}
