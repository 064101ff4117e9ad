import Foundation

/// Receives the connection events of a support session, and may steer
/// reconnection through the ``Connector`` it is handed.
///
/// Order of events after a lost connection: ``onDisconnect(_:reason:)``, then
/// ``willRetry(_:attempt:of:connector:)`` while automatic attempts remain,
/// then ``onConnect()`` when an attempt succeeds or
/// ``onTerminated(_:reason:)`` when none is left.
@MainActor
public protocol ConnectionStatusDelegate: AnyObject, Sendable {
    /// The connection was lost, or a reconnection attempt failed. Called
    /// whether or not automatic reconnection is on.
    func onDisconnect(_ connector: Connector, reason: any Error) async
    /// An automatic reconnection attempt will be made in `inSeconds`.
    func willRetry(_ inSeconds: TimeInterval, attempt: Int, of maxAttempts: Int, connector: Connector) async
    /// A reconnection attempt succeeded.
    func onConnect() async
    /// The connection is over for good: attempts ran out, or
    /// ``Connector/disconnect()`` / `endSupport()` was called. `reason` is
    /// `nil` when the application ended it on purpose.
    func onTerminated(_ connector: Connector, reason: (any Error)?) async
}

extension ConnectionStatusDelegate {
    /// Does nothing: implement it to be told.
    public func willRetry(_ inSeconds: TimeInterval, attempt: Int, of maxAttempts: Int, connector: Connector) async {}
    /// Does nothing: implement it to be told.
    public func onConnect() async {}
    /// Does nothing: implement it to be told.
    public func onTerminated(_ connector: Connector, reason: (any Error)?) async {}
}
