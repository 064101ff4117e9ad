/// What is wrong with one pre-chat field, in one sentence naming it.
public struct PrechatFieldError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kind of problem.
    public enum Problem: Sendable, Hashable {
        /// A required field is empty (or only spaces), or a required picker
        /// has no choice.
        case missing
        /// A required checkbox is not checked.
        case mustBeChecked
        /// An email field's value is not an email address.
        case malformedEmail
        /// A phone field's value is not a phone number.
        case malformedPhone
        /// A number field's value is not a decimal number.
        case notANumber
        /// A picker's value is not one of its options, or a checkbox's is
        /// neither `"true"` nor `"false"`.
        case notAnOption
        /// A text is longer than `maximum` characters; it has `length`.
        case tooLong(maximum: Int, length: Int)
    }

    /// The label of the field, which the view marks.
    public let label: String
    /// The kind of problem.
    public let problem: Problem

    /// Creates an error for the field labelled `label`.
    public init(label: String, problem: Problem) {
        self.label = label
        self.problem = problem
    }

    /// The sentence shown with the field, e.g.
    /// `“Email” must be an email address, such as sam@example.com.`
    public var message: String {
        let name = localized("“{label}”", ["label": label])
        switch problem {
        case .missing:
            return localized("{name} is required.", ["name": name])
        case .mustBeChecked:
            return localized("{name} must be checked to continue.", ["name": name])
        case .malformedEmail:
            return localized("{name} must be an email address, such as sam@example.com.", ["name": name])
        case .malformedPhone:
            return localized("{name} must be a phone number of {fewest} to {most} digits, such as +44 20 7946 0958.", [
                "name": name,
                "fewest": String(PrechatForm.phoneDigits.lowerBound),
                "most": String(PrechatForm.phoneDigits.upperBound),
            ])
        case .notANumber:
            return localized("{name} must be a number, such as 42 or 3.5.", ["name": name])
        case .notAnOption:
            return localized("{name} must be one of the choices offered.", ["name": name])
        case .tooLong(let maximum, let length):
            return localizedPlural(
                "{name} must be at most {count} character long; it has {length}.",
                "{name} must be at most {count} characters long; it has {length}.", count: maximum,
                ["name": name, "length": String(length)])
        }
    }

    /// Same as ``message``.
    public var description: String { message }
}
