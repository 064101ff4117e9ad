/// Where a support session stands, as the person sees it.
public enum SupportPhase: Sendable, Hashable {
    /// Opening the session: nothing has come back from the server yet.
    case connecting
    /// In the queue; the latest update, or `nil` before the first one.
    case waiting(QueueUpdate?)
    /// An agent joined and the person can chat.
    case withAgent(Agent)
    /// The session is over, for the reason given.
    case ended(SupportEnding)

    /// Whether the session is over.
    public var isEnded: Bool {
        if case .ended = self { return true }
        return false
    }
}

/// Why a support session ended, in the words the person reads.
public struct SupportEnding: Sendable, Hashable {
    /// The server's reason, or `nil` when the session ended on this side
    /// (the connection was given up or refused).
    public let reason: SessionEndReason?
    /// The sentence shown, with the way forward.
    public let error: UserFacingError

    /// Creates an ending.
    public init(reason: SessionEndReason?, error: UserFacingError) {
        self.reason = reason
        self.error = error
    }

    /// The ending for a session the server closed with `reason`, using the
    /// server's own sentence when it sent one.
    public init(reason: SessionEndReason, text: String?) {
        let standard = UserFacingError(sessionEnded: reason)
        self.init(
            reason: reason,
            error: text.map { UserFacingError(message: $0, remedy: standard.remedy) } ?? standard)
    }
}
