/// One field of the pre-chat form the person fills in before joining the
/// queue (the chat seed's `SCSPrechatObject`).
///
/// Every field is sent to the agent at the start of the session as
/// `label: value`. A field the application fills in itself and marks
/// `hidden` passes data to the agent without any
/// input from the person.
///
/// JSON shape (keys are the property names; only `label` is required):
///
/// ```json
/// { "label": "Email", "kind": "email", "isRequired": true,
///   "value": "sam@example.com", "presentation": "readOnly" }
/// { "label": "Subject", "kind": "text", "maxLength": 80 }
/// { "label": "Product", "kind": "picker",
///   "options": [ { "label": "Assist for desktop", "value": "desktop" } ] }
/// ```
///
/// `kind` is `"text"` (the default), `"email"`, `"phone"`, `"number"`,
/// `"picker"` or `"checkbox"`; `maxLength` is allowed only with `"text"` and
/// `options` only with (and required by) `"picker"`. `presentation` is
/// `"editable"` (the default), `"readOnly"` or `"hidden"`.
public struct PrechatField: Sendable, Hashable {
    /// The text shown next to the field, and the key its value is sent to the
    /// agent under; unique within a form and never empty.
    public var label: String
    /// What the field holds, which decides the widget the person uses.
    public var kind: Kind
    /// Whether the person must fill the field in before joining the queue.
    public var isRequired: Bool
    /// A value the application supplies: the initial value of an editable
    /// field, or the value of a read-only or hidden one (which must have one).
    /// A checkbox's value is `"true"` or `"false"`, a picker's the `value` of
    /// one of its options, a number's a decimal number.
    public var value: String?
    /// Whether the person may edit the field, only see it, or not see it.
    public var presentation: Presentation

    /// Creates a field; by default an optional, editable, empty text field.
    public init(
        label: String,
        kind: Kind = .text(),
        isRequired: Bool = false,
        value: String? = nil,
        presentation: Presentation = .editable
    ) {
        self.label = label
        self.kind = kind
        self.isRequired = isRequired
        self.value = value
        self.presentation = presentation
    }
}
