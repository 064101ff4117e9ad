/// The waiting consumers an agent may take, longest-waiting first.
public struct QueueSnapshot: Sendable, Hashable, Codable {
    /// The first ``ProtocolLimits/maxQueueSnapshotEntries`` waiting sessions.
    public var entries: [QueueEntry]
    /// How many sessions wait in all; more than `entries.count` when the list
    /// was cut at the limit.
    public var totalWaiting: Int

    /// Creates a snapshot; `totalWaiting` defaults to the number of entries.
    public init(entries: [QueueEntry], totalWaiting: Int? = nil) {
        self.entries = entries
        self.totalWaiting = totalWaiting ?? entries.count
    }

    /// Reads `entries` and `totalWaiting`, which must be at least the number of entries.
    public init(from decoder: any Decoder) throws {
        let reader = try WireReader(decoder)
        let entries = try reader.array("entries", max: ProtocolLimits.maxQueueSnapshotEntries, of: QueueEntry.self)
        let totalWaiting = try reader.integer("totalWaiting", min: entries.count)
        self.init(entries: entries, totalWaiting: totalWaiting)
    }

    /// Writes the members ``init(from:)`` reads.
    public func encode(to encoder: any Encoder) throws {
        var writer = WireWriter(encoder)
        try writer.array(entries, "entries", max: ProtocolLimits.maxQueueSnapshotEntries)
        try writer.integer(totalWaiting, "totalWaiting", min: entries.count)
    }
}
