import Foundation

extension ConnectionEvent {
    /// Calls the delegate method that matches this event, if there is one.
    /// The initial connection and the start of an attempt have none.
    @MainActor
    func deliver(to delegate: any ConnectionStatusDelegate, connector: Connector) async {
        switch self {
        case .connected, .reconnecting:
            return
        case .disconnected(let reason):
            await delegate.onDisconnect(connector, reason: reason)
        case .willRetry(let inSeconds, let attempt, let maxAttempts):
            await delegate.willRetry(inSeconds, attempt: attempt, of: maxAttempts, connector: connector)
        case .reconnected:
            await delegate.onConnect()
        case .terminated(let reason):
            await delegate.onTerminated(connector, reason: reason)
        }
    }
}
