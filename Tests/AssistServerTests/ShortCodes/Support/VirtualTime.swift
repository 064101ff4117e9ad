import Foundation
import Synchronization

/// A clock tests move by hand, so expiry and rate limits are checked
/// without sleeping.
final class VirtualTime: Sendable {
    private let current: Mutex<Date>

    init(_ start: Date = Date(timeIntervalSince1970: 1_700_000_000)) {
        current = Mutex(start)
    }

    /// The current virtual time.
    var now: Date { current.withLock { $0 } }

    /// Moves the clock forward by `seconds`.
    func advance(by seconds: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(seconds) }
    }
}
