import Foundation

extension ReconnectingConnection: ConnectorControl {
    func reconnect(timeout: TimeInterval) {
        handle { $0.reconnect(timeout: timeout) }
    }

    func terminate(error: any Error) {
        handle { $0.terminate(error: error) }
    }

    func disconnect() {
        handle { $0.disconnect() }
    }
}
