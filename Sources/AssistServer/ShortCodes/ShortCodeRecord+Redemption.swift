import Foundation

extension ShortCodeRecord {
    /// What redeeming a stored code does to it.
    enum RedemptionStep: Sendable, Hashable {
        /// Refuse the code, writing nothing.
        case refuse(ShortCodeRefusal)
        /// The side already redeemed it: answer again, writing nothing.
        case repeatGrant
        /// The side's first redemption: answer, and store the code as it is now.
        case redeemFirst(ShortCodeRecord)
    }

    /// What redeeming this code by `role` at `moment` does — the same rules
    /// on every engine: a spent code is refused, then an expired one; a
    /// side's first redemption records its time and, for the consumer,
    /// `auditName` when the code has no audit name yet.
    func redemption(by role: ShortCodeRole, at moment: Date, auditName: String?) -> RedemptionStep {
        if isSpent {
            return .refuse(.spentShortCode)
        }
        if isExpired(at: moment) {
            return .refuse(.expiredShortCode)
        }
        if redeemedAt(by: role) != nil {
            return .repeatGrant
        }
        var redeemed = self
        redeemed.markRedeemed(by: role, at: moment)
        if role == .consumer, redeemed.auditName == nil {
            redeemed.auditName = auditName
        }
        return .redeemFirst(redeemed)
    }
}
