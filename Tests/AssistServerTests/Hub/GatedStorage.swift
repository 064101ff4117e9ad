@testable import AssistServer
import AssistCore
import Synchronization

/// A ``SessionStorage`` whose commits a test holds, releases or fails, and
/// which records each transaction's events; it stores nothing.
final class GatedStorage: SessionStorage {
    private struct State {
        var held = false
        var failing = false
        var waiters: [CheckedContinuation<Void, Never>] = []
        var transactions: [[StoreChanges]] = []
    }

    private let state = Mutex(State())

    /// Commits wait from now until ``release()``.
    func hold() { state.withLock { $0.held = true } }

    /// Lets waiting and later commits go ahead.
    func release() {
        let waiters = state.withLock { state in
            state.held = false
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// How many commits wait for ``release()`` now.
    var pendingCommits: Int { state.withLock { $0.waiters.count } }

    /// Whether commits (and reachability checks) throw.
    func setFailing(_ failing: Bool) { state.withLock { $0.failing = failing } }

    /// The events of each transaction that succeeded, in order.
    var transactions: [[StoreChanges]] { state.withLock { $0.transactions } }

    func commit(_ events: [StoreChanges]) async throws {
        await withCheckedContinuation { continuation in
            let go = state.withLock { state in
                guard state.held else { return true }
                state.waiters.append(continuation)
                return false
            }
            if go { continuation.resume() }
        }
        try state.withLock { state in
            if state.failing { throw GatedStorageFailure() }
            state.transactions.append(events)
        }
    }

    func checkReachable() async throws {
        if state.withLock({ $0.failing }) { throw GatedStorageFailure() }
    }

    func openSessions() async throws -> [SessionRow] { [] }
    func session(id: SessionID) async throws -> SessionRow? { nil }
    func hasEscalatedSession(correlationID: String) async throws -> Bool { false }
    func pendingRequests() async throws -> [SessionID: [RequestID: ConsentKind]] { [:] }
    func acceptedCalls() async throws -> [SessionID: RequestID] { [:] }
    func runningShares() async throws -> [SessionID: KeptShare] { [:] }
    func stream(id: String) async throws -> (row: StreamRow, frames: [String])? { nil }
    func streamID(forResumeDigest digest: SecretDigest) async throws -> String? { nil }
    func transcript(of session: SessionID) async throws -> [StoredChat] { [] }
    func recentHandleTimes(limit: Int) async throws -> [(destination: String, seconds: Double)] { [] }
}

/// The error a failing ``GatedStorage`` throws.
struct GatedStorageFailure: Error {}
