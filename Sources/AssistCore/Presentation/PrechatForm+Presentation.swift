extension PrechatForm {
    /// The sentence under the form's heading: who reads the answers and,
    /// when some field is required, how required fields are marked.
    public var introduction: String {
        let intro = localized("Your answers go to the agent who helps you.")
        return visibleFields.contains(where: \.isRequired) ? intro + " " + localized("Fields marked * are required.") : intro
    }
}
