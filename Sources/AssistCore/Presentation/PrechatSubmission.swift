/// What a valid pre-chat form sends to the agent with the `hello`.
public struct PrechatSubmission: Sendable, Hashable {
    /// One answer per field, in form order, hidden and read-only fields
    /// included; an empty optional field is sent as `""`.
    public let answers: [PrechatAnswer]
    /// The configured ``Configuration/visitorName`` without surrounding
    /// spaces, sent in ``ConsumerHello/visitorName`` rather than as an
    /// answer; `nil` when blank.
    public let visitorName: String?

    /// Creates a submission.
    public init(answers: [PrechatAnswer], visitorName: String?) {
        self.answers = answers
        self.visitorName = visitorName
    }
}
