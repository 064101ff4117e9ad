import AssistCore

/// Everything one event changed, written in one transaction before any
/// frame about it leaves the server.
struct StoreChanges: Sendable {
    var sessions: [SessionRow] = []
    var streams: [StreamRow] = []
    var outboxAppends: [(streamID: String, seq: Int, frame: String)] = []
    var outboxTrims: [(streamID: String, upTo: Int)] = []
    var chats: [StoredChat] = []

    /// Whether there is nothing to write.
    var isEmpty: Bool {
        sessions.isEmpty && streams.isEmpty && outboxAppends.isEmpty && outboxTrims.isEmpty && chats.isEmpty
    }
}
