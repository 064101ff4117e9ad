/// What ``ShortCodeStorage/redeem(_:by:at:auditName:answer:)`` did with a code.
enum ShortCodeRedemption: Sendable, Hashable {
    /// The code was redeemed: the pair both sides receive, and whether this
    /// was the side's first redemption (a repeated one answers the same pair).
    case granted(ShortCodeGrant, isFirst: Bool)
    /// The code is unknown, spent or expired; nothing was written.
    case refused(ShortCodeRefusal)
}
