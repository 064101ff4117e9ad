/// One choice of a picker pre-chat field.
///
/// JSON shape: `{ "label": "Billing", "value": "billing" }`.
public struct PrechatPickerOption: Sendable, Hashable {
    /// The text the person sees; never empty.
    public var label: String
    /// What is sent to the agent when the person picks this option; unique
    /// within its picker.
    public var value: String

    /// Creates an option.
    public init(label: String, value: String) {
        self.label = label
        self.value = value
    }
}
