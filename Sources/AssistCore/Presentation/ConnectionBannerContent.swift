/// What the connection banner shows at one moment.
public struct ConnectionBannerContent: Sendable, Hashable {
    /// How the banner is styled.
    public enum Tone: Sendable, Hashable {
        /// The connection is down and being worked on.
        case progress
        /// The connection is back.
        case success
        /// The connection is over for good.
        case failure
    }

    /// The headline, e.g. "Reconnecting in 4 s (attempt 3 of 6)".
    public let title: String
    /// A sentence under the headline saying why, when there is one.
    public let detail: String?
    /// The buttons offered, in the order shown.
    public let actions: [ConnectionBannerAction]
    /// How the banner is styled.
    public let tone: Tone

    /// Creates banner content.
    public init(title: String, detail: String?, actions: [ConnectionBannerAction], tone: Tone) {
        self.title = title
        self.detail = detail
        self.actions = actions
        self.tone = tone
    }
}
