import AssistCore
import Foundation

/// Watches a ``SupportClient``'s two event streams so a live test can wait
/// for what the person would see.
actor ConsumerClientProbe {
    private typealias Condition = @Sendable ([SupportEvent], [ConnectionEvent]) -> Bool

    private var events: [SupportEvent] = []
    private var connectionEvents: [ConnectionEvent] = []
    private var waiters: [(id: Int, condition: Condition, continuation: CheckedContinuation<Bool, Never>)] = []
    private var nextWaiter = 0

    init(_ client: SupportClient) {
        Task { [weak self] in
            for await event in client.events { await self?.record(event) }
        }
        Task { [weak self] in
            for await event in client.connectionEvents { await self?.record(event) }
        }
    }

    /// Waits until `condition` holds for the session's events so far.
    func wait(
        _ what: String, timeout: Duration = .seconds(15),
        until condition: @escaping @Sendable ([SupportEvent]) -> Bool
    ) async throws {
        try await wait(what, timeout: timeout) { events, _ in condition(events) }
    }

    /// Waits until `condition` holds for the connection's events so far.
    func waitForConnection(
        _ what: String, timeout: Duration = .seconds(15),
        until condition: @escaping @Sendable ([ConnectionEvent]) -> Bool
    ) async throws {
        try await wait(what, timeout: timeout) { _, connection in condition(connection) }
    }

    private func wait(_ what: String, timeout: Duration, condition: @escaping Condition) async throws {
        if condition(events, connectionEvents) { return }
        let id = nextWaiter
        nextWaiter += 1
        let met = await withCheckedContinuation { continuation in
            waiters.append((id, condition, continuation))
            Task { [weak self] in
                try? await Task.sleep(for: timeout)
                await self?.expire(id)
            }
        }
        if !met { throw ProbeTimeout(what: what) }
    }

    /// The newest transcript the client published.
    var latestTranscript: ChatTranscript? { events.transcript }

    /// Why the connection was lost, each time it was, in order.
    var disconnectionReasons: [any Error] {
        connectionEvents.compactMap { if case .disconnected(let reason) = $0 { reason } else { nil } }
    }

    /// How many times the client reconnected and resumed its session.
    var resumedConnections: Int {
        connectionEvents.filter { if case .reconnected = $0 { true } else { false } }.count
    }

    private func record(_ event: SupportEvent) {
        events.append(event)
        settle()
    }

    private func record(_ event: ConnectionEvent) {
        connectionEvents.append(event)
        settle()
    }

    private func settle() {
        let (events, connectionEvents) = (events, connectionEvents)
        waiters.removeAll { waiter in
            guard waiter.condition(events, connectionEvents) else { return false }
            waiter.continuation.resume(returning: true)
            return true
        }
    }

    private func expire(_ id: Int) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(returning: false)
    }
}

/// A probe's condition did not come true in time.
struct ProbeTimeout: Error, CustomStringConvertible {
    let what: String
    var description: String { "timed out waiting for \(what)" }
}

extension [SupportEvent] {
    /// The newest transcript published.
    var transcript: ChatTranscript? {
        reversed().lazy.compactMap { if case .transcriptChanged(let t) = $0 { t } else { nil } }.first
    }
}
