extension PrechatField {
    /// What a pre-chat field holds.
    public enum Kind: Sendable, Hashable {
        /// Free text, at most `maxLength` characters when given.
        case text(maxLength: Int? = nil)
        /// An email address.
        case email
        /// A phone number.
        case phone
        /// A decimal number.
        case number
        /// One choice among `options`; the chosen option's `value` is sent.
        case picker(options: [PrechatPickerOption])
        /// A yes/no box, sent as `"true"` or `"false"`.
        case checkbox

        /// The kind's name as written in JSON, e.g. `"picker"`.
        public var name: String {
            switch self {
            case .text: "text"
            case .email: "email"
            case .phone: "phone"
            case .number: "number"
            case .picker: "picker"
            case .checkbox: "checkbox"
            }
        }

        /// Every name ``name`` can take, in the order the documentation lists them.
        public static let allNames = ["text", "email", "phone", "number", "picker", "checkbox"]
    }
}
