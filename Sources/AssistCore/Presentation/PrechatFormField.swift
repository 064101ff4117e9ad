/// One field the pre-chat form shows, with its current value.
public struct PrechatFormField: Sendable, Hashable {
    /// The text shown next to the field.
    public let label: String
    /// What the field holds, which decides the widget.
    public let kind: PrechatField.Kind
    /// Whether the field is marked required.
    public let isRequired: Bool
    /// Whether the person may change the value; `false` for a read-only field.
    public let isEditable: Bool
    /// The current value: as entered, the application's value, `"true"` or
    /// `"false"` for a checkbox, an option's `value` for a picker, or `""`.
    public let value: String

    /// Creates a shown field.
    public init(label: String, kind: PrechatField.Kind, isRequired: Bool, isEditable: Bool, value: String) {
        self.label = label
        self.kind = kind
        self.isRequired = isRequired
        self.isEditable = isEditable
        self.value = value
    }
}
