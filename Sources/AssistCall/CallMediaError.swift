/// Why the call's media engine could not do what it was asked.
public struct CallMediaError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure, for code that reacts differently to each.
    public enum Reason: Sendable, Hashable {
        /// GStreamer could not be initialised.
        case gstreamerUnavailable
        /// A GStreamer element the call needs is not installed.
        case missingElement
        /// An SDP text that does not parse, or lacks what the call needs.
        case malformedDescription
        /// A step that does not fit where negotiation is (an answer when
        /// nothing was offered, an offer to the offering side, …).
        case outOfOrder
        /// webrtcbin refused a description or could not create one.
        case negotiationFailed
        /// The pipeline failed while running (a device that cannot be
        /// opened, a codec error).
        case mediaFailed
    }

    /// What kind of failure this is.
    public let reason: Reason
    /// What went wrong, for logs.
    public let detail: String

    /// A failure of `reason`, told by `detail`.
    public init(_ reason: Reason, _ detail: String) {
        self.reason = reason
        self.detail = detail
    }

    /// A short account for logs.
    public var description: String { detail }
}
