import Foundation

/// A change in the connection to the support server, as published on
/// ``ReconnectingConnection/events``; enough for a banner such as
/// "Reconnecting in 4 s (attempt 3 of 6)".
public enum ConnectionEvent: Sendable {
    /// The initial connection is up; `start()` returns.
    case connected
    /// The connection was lost, or a reconnection attempt failed.
    case disconnected(reason: any Error)
    /// Automatic attempt `attempt` of `of` will be made in `inSeconds`.
    case willRetry(inSeconds: TimeInterval, attempt: Int, of: Int)
    /// Reconnection attempt `attempt` is under way. `of` is the number of
    /// automatic attempts, or `nil` when the application controls
    /// reconnection and there is no limit.
    case reconnecting(attempt: Int, of: Int?)
    /// A reconnection attempt succeeded.
    case reconnected
    /// The connection is over for good; `reason` is `nil` when it was ended
    /// on purpose.
    case terminated(reason: (any Error)?)
}
