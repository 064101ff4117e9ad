extension PrechatFormField {
    /// The label shown, with ` *` after a required field's.
    public var markedLabel: String {
        isRequired ? "\(label) *" : label
    }

    /// What a screen reader adds after the field's name: whether it is
    /// required and whether it can be changed; `nil` for an optional,
    /// editable field.
    public var accessibleDescription: String? {
        switch (isRequired, isEditable) {
        case (true, true): "Required"
        case (true, false): "Required, read-only"
        case (false, false): "Read-only"
        case (false, true): nil
        }
    }
}
