/// Remembers which chat messages a sender already delivered, by the id the
/// sender gave them, so that a message sent again — after a lost receipt, or
/// by an application that restarted and resent what it had not seen
/// confirmed — is stored once.
///
/// Memory is bounded: it remembers the last ``capacity`` messages (1,024 by
/// default) of one sender in one session and forgets the oldest first. A
/// message resent after more than ``capacity`` newer ones is not recognised.
public struct ChatDeduplicator: Sendable {
    /// Whether a message is new.
    public enum Admission: Sendable, Hashable {
        /// First time seen: store it under the server id that was offered.
        case accepted
        /// Seen before: do not store it again; it was stored under this id
        /// (send its receipt again).
        case duplicate(of: ServerMessageID)
    }

    /// The number of messages remembered by default.
    public static var defaultCapacity: Int { 1_024 }

    /// The most messages remembered.
    public let capacity: Int

    private var serverIDs: [ClientMessageID: ServerMessageID] = [:]
    private var arrivalOrder: [ClientMessageID] = []
    private var oldestIndex = 0

    /// Creates a deduplicator that remembers nothing yet.
    public init(capacity: Int = defaultCapacity) {
        precondition(capacity > 0, "a deduplicator needs room for at least one message")
        self.capacity = capacity
    }

    /// How many messages are remembered now.
    public var count: Int { serverIDs.count }

    /// Admits the message `clientID`, to be stored as `serverID` when new.
    public mutating func admit(_ clientID: ClientMessageID, as serverID: ServerMessageID) -> Admission {
        if let original = serverIDs[clientID] { return .duplicate(of: original) }
        if arrivalOrder.count < capacity {
            arrivalOrder.append(clientID)
        } else {
            serverIDs[arrivalOrder[oldestIndex]] = nil
            arrivalOrder[oldestIndex] = clientID
            oldestIndex = (oldestIndex + 1) % capacity
        }
        serverIDs[clientID] = serverID
        return .accepted
    }
}
