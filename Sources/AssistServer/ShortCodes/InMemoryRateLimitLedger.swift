import Foundation
import Synchronization

/// The rate limits of one server, in its memory: a ``RedemptionRateLimiter``
/// for failed redemptions, a ``CreationRateLimiter`` for created codes, and
/// the redemptions admitted but not finished yet, per address, which the
/// redemption rule counts as pending failures.
///
/// Each step holds one lock, so a check and its record are atomic; nothing
/// waits inside it. Right for one server alone; the nodes of a cluster
/// share a ``PostgresRateLimitLedger`` instead.
final class InMemoryRateLimitLedger: RateLimitLedger {
    /// What the lock guards.
    private struct Counts {
        var failures: RedemptionRateLimiter
        var creations: CreationRateLimiter
        /// Redemptions admitted but not finished, per address.
        var attemptsInFlight: [String: Int] = [:]
    }

    private let counts: Mutex<Counts>

    /// A ledger limiting failed redemptions by `failedRedemptions` and
    /// created codes by `codeCreations`.
    init(failedRedemptions: RateLimitRule = .failedRedemptions, codeCreations: RateLimitRule = .codeCreations) {
        counts = Mutex(
            Counts(failures: RedemptionRateLimiter(rule: failedRedemptions), creations: CreationRateLimiter(rule: codeCreations)))
    }

    /// Admits the redemption if the failures of `address` and its
    /// unfinished attempts are fewer than the limit; counts it as unfinished.
    func beginRedemption(by address: String, at moment: Date) -> Bool {
        counts.withLock { counts in
            guard counts.failures.permits(address, at: moment, pending: counts.attemptsInFlight[address, default: 0])
            else { return false }
            counts.attemptsInFlight[address, default: 0] += 1
            return true
        }
    }

    /// Ends the unfinished attempt and, if it `failed`, records its failure at `moment`.
    func finishRedemption(by address: String, at moment: Date, failed: Bool) {
        counts.withLock { counts in
            let remaining = counts.attemptsInFlight[address, default: 1] - 1
            counts.attemptsInFlight[address] = remaining > 0 ? remaining : nil
            if failed {
                counts.failures.recordFailure(of: address, at: moment)
            }
        }
    }

    /// Admits and counts the creation if `address` has created fewer codes than the limit.
    func admitCreation(by address: String, at moment: Date) -> Bool {
        counts.withLock { $0.creations.admit(address, at: moment) }
    }

    /// Forgets the addresses with no failure or creation that counts at `moment`.
    func purge(at moment: Date) {
        counts.withLock { counts in
            counts.failures.forgetIdleAddresses(at: moment)
            counts.creations.forgetIdleAddresses(at: moment)
        }
    }
}
