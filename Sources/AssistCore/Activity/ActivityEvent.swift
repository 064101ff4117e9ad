import Foundation

/// One thing the person allowed an agent during support, for the person's own
/// record (``ActivityLog``): what it was, with whom, when. Nothing anybody
/// typed is in it; a file is named, a page is its address.
public struct ActivityEvent: Sendable, Hashable, Codable {
    /// What happened.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A share started; ``ActivityEvent/subject`` is the ``SharedSource``'s raw value.
        case shareStarted
        /// The share ended.
        case shareEnded
        /// The person gave the agent control of the app's window, or with
        /// ``ActivityEvent/subject`` `screen` their pointer and keyboard on
        /// what they share.
        case controlGranted
        /// The agent's control ended.
        case controlEnded
        /// A call started; ``ActivityEvent/subject`` is `audio` or `video`.
        case callStarted
        /// The call ended.
        case callEnded
        /// The person opened a page the agent pushed; ``ActivityEvent/subject`` is its address.
        case pageOpened
        /// The person opened a document the agent pushed; ``ActivityEvent/subject`` is its address.
        case documentOpened
        /// The person sent a file; ``ActivityEvent/subject`` is its name.
        case fileSent
        /// The person received a file; ``ActivityEvent/subject`` is its name.
        case fileReceived
    }

    /// When it happened.
    public var time: Date
    /// What happened.
    public var kind: Kind
    /// The agent's name as the person saw it.
    public var agent: String
    /// The support server's address.
    public var server: String
    /// What it was about (see each ``Kind``); `nil` when the kind says it all.
    public var subject: String?

    /// Creates an event.
    public init(time: Date, kind: Kind, agent: String, server: String, subject: String? = nil) {
        self.time = time
        self.kind = kind
        self.agent = agent
        self.server = server
        self.subject = subject
    }
}
