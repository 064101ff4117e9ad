import AssistCore

/// Where the server keeps sessions, streams, unacknowledged frames, the chat
/// transcript, pending consent requests and accepted calls, whatever the
/// database engine: SQLite (``SessionStore``) or PostgreSQL
/// (``PostgresSessionStore``). Both implementations give the same answers
/// for the same commits, which the store tests check against each engine.
protocol SessionStorage: Sendable {
    /// Writes several events' changes in one transaction, each event's in
    /// the order they happened: all of them or, when it throws, none.
    func commit(_ events: [StoreChanges]) async throws

    /// Returns when the database answers a trivial query; throws when it
    /// cannot be reached.
    func checkReachable() async throws

    /// Every session that has not ended, oldest first.
    func openSessions() async throws -> [SessionRow]

    /// The session with `id`, open or ended, if the database has it.
    func session(id: SessionID) async throws -> SessionRow?

    /// Whether a session was ever opened with the session token of the short
    /// code whose correlation id is `correlationID`.
    func hasEscalatedSession(correlationID: String) async throws -> Bool

    /// The requests waiting for a consumer's answer, by session.
    func pendingRequests() async throws -> [SessionID: [RequestID: ConsentKind]]

    /// The request of each session's accepted call that had not ended.
    func acceptedCalls() async throws -> [SessionID: RequestID]

    /// Each session's running screen share, as it was last written.
    func runningShares() async throws -> [SessionID: KeptShare]

    /// A stream's stored state and its unacknowledged frames, oldest first.
    func stream(id: String) async throws -> (row: StreamRow, frames: [String])?

    /// The id of the stream whose resume token has `digest`.
    func streamID(forResumeDigest digest: SecretDigest) async throws -> String?

    /// A session's transcript, oldest first, with who sent each message.
    func transcript(of session: SessionID) async throws -> [StoredChat]

    /// How long recently ended sessions were handled (assignment to end),
    /// newest first, per destination.
    func recentHandleTimes(limit: Int) async throws -> [(destination: String, seconds: Double)]
}

extension SessionStorage {
    /// Writes one event's changes atomically, in one transaction.
    func commit(_ changes: StoreChanges) async throws {
        try await commit([changes])
    }
}
