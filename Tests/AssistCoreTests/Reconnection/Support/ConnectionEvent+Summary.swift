import AssistCore
import Foundation

extension ConnectionEvent {
    /// A one-line account of the event that tests compare as a string.
    var summary: String {
        switch self {
        case .connected:
            "connected"
        case .disconnected(let reason):
            "disconnected(\(reason))"
        case .willRetry(let inSeconds, let attempt, let maxAttempts):
            "willRetry(\(inSeconds) s, attempt \(attempt) of \(maxAttempts))"
        case .reconnecting(let attempt, let maxAttempts?):
            "reconnecting(attempt \(attempt) of \(maxAttempts))"
        case .reconnecting(let attempt, nil):
            "reconnecting(attempt \(attempt))"
        case .reconnected:
            "reconnected"
        case .terminated(let reason?):
            "terminated(\(reason))"
        case .terminated(nil):
            "terminated"
        }
    }
}
