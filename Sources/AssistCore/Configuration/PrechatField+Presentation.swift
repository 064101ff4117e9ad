extension PrechatField {
    /// How a pre-chat field is shown to the person.
    public enum Presentation: String, Sendable, Hashable, Codable, CaseIterable {
        /// Shown, and the person may change it.
        case editable
        /// Shown with the application's value, which the person cannot change.
        case readOnly
        /// Not shown; the application's value goes to the agent unseen.
        case hidden
    }
}
