import AssistCore
import Foundation

/// A delegate that records its calls as strings, keeps the connectors it is
/// handed, and can run a script in `onDisconnect` or `willRetry`.
@MainActor
final class RecordingDelegate: ConnectionStatusDelegate {
    /// What a script does with the connector it is handed.
    typealias Script = @MainActor @Sendable (Connector) async -> Void

    private(set) var calls: [String] = []
    private var connectors: [Connector] = []
    private let onDisconnectScript: Script?
    private let willRetryScript: Script?
    private var waiters: [(count: Int, continuation: CheckedContinuation<[String], Never>)] = []

    init(onDisconnect: Script? = nil, willRetry: Script? = nil) {
        onDisconnectScript = onDisconnect
        willRetryScript = willRetry
    }

    /// The calls so far, once there are at least `count`.
    func calls(count: Int) async -> [String] {
        if calls.count >= count { return calls }
        return await withCheckedContinuation { waiters.append((count, $0)) }
    }

    /// The connector handed with the latest call, once there are at least
    /// `count` calls.
    func connector(afterCalls count: Int) async -> Connector? {
        _ = await calls(count: count)
        return connectors.last
    }

    func onDisconnect(_ connector: Connector, reason: any Error) async {
        record("onDisconnect(\(reason))", connector: connector)
        await onDisconnectScript?(connector)
    }

    func willRetry(_ inSeconds: TimeInterval, attempt: Int, of maxAttempts: Int, connector: Connector) async {
        record("willRetry(\(inSeconds) s, attempt \(attempt) of \(maxAttempts))", connector: connector)
        await willRetryScript?(connector)
    }

    func onConnect() async {
        record("onConnect", connector: nil)
    }

    func onTerminated(_ connector: Connector, reason: (any Error)?) async {
        record("onTerminated(\(reason.map { "\($0)" } ?? "nil"))", connector: connector)
    }

    private func record(_ call: String, connector: Connector?) {
        calls.append(call)
        if let connector { connectors.append(connector) }
        let ready = waiters.filter { $0.count <= calls.count }
        waiters.removeAll { $0.count <= calls.count }
        ready.forEach { $0.continuation.resume(returning: calls) }
    }
}
