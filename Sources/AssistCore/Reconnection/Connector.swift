import Foundation

/// The handle an application uses to steer reconnection: try now, give up, or
/// end the connection.
///
/// It stays valid after the session has ended, so an application may keep it;
/// calls made then have no effect.
public final class Connector: Sendable {
    private let control: any ConnectorControl

    init(control: any ConnectorControl) {
        self.control = control
    }

    /// Makes a reconnection attempt now, failing it after `timeout` seconds.
    /// Cancels a pending automatic attempt.
    public func reconnect(_ timeout: TimeInterval) async {
        await control.reconnect(timeout: timeout)
    }

    /// Stops all reconnection attempts; the session ends with `error`.
    public func terminate(_ error: any Error) async {
        await control.terminate(error: error)
    }

    /// Closes the connection on purpose and makes no further attempt.
    public func disconnect() async {
        await control.disconnect()
    }
}

/// What a ``Connector`` drives: the object that owns the connection.
protocol ConnectorControl: AnyObject, Sendable {
    /// Attempt a connection now, with the given timeout in seconds.
    func reconnect(timeout: TimeInterval) async
    /// Give up: no more attempts, the session ends with `error`.
    func terminate(error: any Error) async
    /// Close on purpose and stop.
    func disconnect() async
}
