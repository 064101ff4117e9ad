import Foundation

/// A connection failure the reconnection logic detects itself, as opposed to
/// an error thrown by the transport.
public struct ConnectionError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Code: Hashable {
        case timedOut(TimeInterval)
        case closedByServer
        case ended
        case alreadyStarted
    }

    private let code: Code

    private init(_ code: Code) {
        self.code = code
    }

    /// A connection attempt did not complete within `seconds`.
    public static func timedOut(after seconds: TimeInterval) -> ConnectionError {
        ConnectionError(.timedOut(seconds))
    }

    /// The server closed an established link without reporting an error.
    public static let closedByServer = ConnectionError(.closedByServer)

    /// The connection was ended (by `endSupport()`, ``Connector/disconnect()``
    /// or ``Connector/terminate(_:)``) before it could start, or had already
    /// ended when it was started.
    public static let ended = ConnectionError(.ended)

    /// The connection was started a second time.
    public static let alreadyStarted = ConnectionError(.alreadyStarted)

    /// A short account of the failure for logs; not a sentence for the person
    /// using the application.
    public var description: String {
        switch code {
        case .timedOut(let seconds):
            "connection attempt timed out after \(seconds) s"
        case .closedByServer:
            "connection closed by the server"
        case .ended:
            "connection ended"
        case .alreadyStarted:
            "connection already started"
        }
    }
}
