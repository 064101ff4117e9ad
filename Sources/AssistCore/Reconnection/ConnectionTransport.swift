import Foundation

/// Opens the link to the support server, for ``ReconnectingConnection``.
///
/// One call to ``connect(timeout:onEstablished:)`` is one attempt, and lasts
/// as long as the link it opens.
public protocol ConnectionTransport: Sendable {
    /// Opens a link and holds it until it ends.
    ///
    /// Call `onEstablished` once, when the link is up, then keep the link
    /// until it drops. Cancelling the calling task must abandon the attempt,
    /// or close the link, promptly: that is how the caller enforces timeouts
    /// and closes on purpose.
    ///
    /// - Parameters:
    ///   - timeout: Seconds the caller allows for opening. The caller enforces
    ///     it with its own clock; a transport may use it to size its handshake.
    ///   - onEstablished: Tells the caller the link is up.
    /// - Throws: The error that made opening fail, or that later ended the
    ///   link. Returning normally means the server closed the link cleanly.
    func connect(timeout: TimeInterval, onEstablished: @escaping @Sendable () async -> Void) async throws
}
