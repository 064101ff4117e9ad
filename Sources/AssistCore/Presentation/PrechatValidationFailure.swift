/// The pre-chat form was not valid, so nothing was sent.
public struct PrechatValidationFailure: Error, Sendable, Hashable {
    /// Every field's problem, in form order; never empty.
    public let errors: [PrechatFieldError]

    /// Creates a failure listing `errors`.
    public init(errors: [PrechatFieldError]) {
        self.errors = errors
    }
}
