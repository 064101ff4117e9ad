/// Where a waiting consumer stands in the queue.
public struct QueueUpdate: Sendable, Hashable, Codable {
    /// The position to show: `max(n − c, 0)` (see ``queuePosition(waitingRank:totalCapacity:)``);
    /// 0 means an agent can take the consumer now.
    public var position: Int
    /// The estimated wait, when the server has an estimate.
    public var estimatedWaitSeconds: Int?

    /// Creates a queue update.
    public init(position: Int, estimatedWaitSeconds: Int? = nil) {
        self.position = position
        self.estimatedWaitSeconds = estimatedWaitSeconds
    }

    /// Creates a queue update from the consumer's 1-based rank among those
    /// waiting and the agents' free capacity, by the seed's rule.
    public init(waitingRank: Int, totalCapacity: Int, estimatedWaitSeconds: Int? = nil) {
        self.init(
            position: queuePosition(waitingRank: waitingRank, totalCapacity: totalCapacity),
            estimatedWaitSeconds: estimatedWaitSeconds)
    }

    /// Reads the body, enforcing the protocol's limits.
    public init(from decoder: any Decoder) throws {
        let reader = try WireReader(decoder)
        self.init(
            position: try reader.integer("position"),
            estimatedWaitSeconds: try reader.integerIfPresent("estimatedWaitSeconds"))
    }

    /// Writes the body, enforcing the protocol's limits.
    public func encode(to encoder: any Encoder) throws {
        var writer = WireWriter(encoder)
        try writer.integer(position, "position")
        try writer.integerIfPresent(estimatedWaitSeconds, "estimatedWaitSeconds")
    }
}
