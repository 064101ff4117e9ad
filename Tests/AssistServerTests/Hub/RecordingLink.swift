@testable import AssistServer
import AssistCore
import Synchronization

/// A ``PeerLink`` whose written frames a test reads, waiting for them.
final class RecordingLink: Sendable {
    private struct State {
        var written: [LinkOutput] = []
        var waiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []
    }

    /// Holds the state, so the link's write closure can share it.
    private final class Box: Sendable {
        let state = Mutex(State())
    }

    let link: PeerLink
    private let box = Box()

    init(id: Int) {
        let box = self.box
        link = PeerLink(id: id, role: .consumer, address: "192.0.2.\(id)") { output in
            let ready = box.state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.written.append(output)
                let count = state.written.count
                defer { state.waiters.removeAll { $0.count <= count } }
                return state.waiters.filter { $0.count <= count }.map(\.continuation)
            }
            for waiter in ready { waiter.resume() }
        }
    }

    /// What was written so far.
    var written: [LinkOutput] { box.state.withLock { $0.written } }

    /// The texts written so far.
    var texts: [String] {
        written.compactMap { if case .text(let text) = $0 { text } else { nil } }
    }

    /// Returns once at least `count` frames were written.
    func waitForWritten(_ count: Int) async {
        await withCheckedContinuation { continuation in
            let ready = box.state.withLock { state in
                guard state.written.count < count else { return true }
                state.waiters.append((count, continuation))
                return false
            }
            if ready { continuation.resume() }
        }
    }
}
