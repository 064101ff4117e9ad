import AssistCore

/// Everything one event changed, written in one transaction before any
/// frame about it leaves the server.
struct StoreChanges: Sendable {
    var sessions: [SessionRow] = []
    /// Streams whose numbering starts again: their rows and frames are
    /// deleted before ``streams`` are written.
    var restartedStreams: [String] = []
    var streams: [StreamRow] = []
    var outboxAppends: [(streamID: String, seq: Int, frame: String)] = []
    /// Frames the peer acknowledged, forgotten after ``outboxAppends`` are written.
    var outboxTrims: [(streamID: String, upTo: Int)] = []
    var chats: [StoredChat] = []
    /// Requests sent to a consumer that now wait for its answer.
    var requestsOpened: [(sessionID: SessionID, requestID: RequestID, kind: ConsentKind)] = []
    /// Requests answered or dropped; a `nil` request id drops all of the session's.
    var requestsClosed: [(sessionID: SessionID, requestID: RequestID?)] = []
    /// Calls the consumer accepted, kept until they end (§13), so a
    /// restarted server still relays their signaling.
    var callsAccepted: [(sessionID: SessionID, requestID: RequestID)] = []
    /// Sessions whose accepted call ended.
    var callsEnded: [SessionID] = []
    /// Sessions whose screen share started, changed (control granted or
    /// taken back) or ended (`nil`), in order.
    var shares: [(sessionID: SessionID, share: KeptShare?)] = []

    /// Whether there is nothing to write.
    var isEmpty: Bool {
        sessions.isEmpty && restartedStreams.isEmpty && streams.isEmpty && outboxAppends.isEmpty && outboxTrims.isEmpty && chats.isEmpty
            && requestsOpened.isEmpty && requestsClosed.isEmpty && callsAccepted.isEmpty && callsEnded.isEmpty
            && shares.isEmpty
    }
}
