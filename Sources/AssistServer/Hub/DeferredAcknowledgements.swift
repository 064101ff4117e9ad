import AssistCore

/// Channels whose only change since their last commit is an acknowledgement
/// from their peer. They are written with the next commit the hub makes
/// anyway, or after ``delay`` — not in a transaction of their own.
///
/// Why a crash loses nothing by this: an acknowledgement only lets the server
/// forget frames the peer already has. The server has acknowledged nothing
/// in return, and no frame was sent about it. If the server dies before the
/// acknowledgement is written, the stored stream is an earlier, consistent
/// state (same sequence numbers, a few more kept frames); when the peer
/// resumes it states its own `lastReceivedSeq`, and the replay starts after
/// that, so nothing is lost and nothing is delivered twice. The kept frames
/// never exceed the channel's limit, because every commit that adds frames
/// to a stream also writes its latest acknowledgement.
struct DeferredAcknowledgements: Sendable {
    /// The longest an acknowledgement waits for a commit of its own.
    static let delay = Duration.seconds(1)

    var sessions: Set<SessionID> = []
    var agents: Set<String> = []
    private var timerRunning = false

    /// Whether a timer must be started to write what is waiting: there is
    /// something, and no timer is running yet. Counts the timer as started.
    mutating func needsFlushTimer() -> Bool {
        guard !timerRunning, !sessions.isEmpty || !agents.isEmpty else { return false }
        timerRunning = true
        return true
    }

    /// Everything waiting, now to be written.
    mutating func takeAll() -> (sessions: Set<SessionID>, agents: Set<String>) {
        defer {
            sessions = []
            agents = []
        }
        return (sessions, agents)
    }

    /// The timer went off: everything waiting, now to be written; the next
    /// acknowledgement starts a new timer.
    mutating func timerFired() -> (sessions: Set<SessionID>, agents: Set<String>) {
        timerRunning = false
        return takeAll()
    }
}
