/// Which side of an escalated call redeems a short code. A code is spent
/// once both sides have redeemed it.
public enum ShortCodeRole: String, Sendable, Hashable, CaseIterable {
    /// The person's application, through `GET /assistserver/shortcode/consumer`.
    case consumer
    /// An agent, through `GET /assistserver/shortcode/agent` or `redeemShortCode`.
    case agent
}
