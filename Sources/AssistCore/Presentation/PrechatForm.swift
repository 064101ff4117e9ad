import Foundation

/// The pre-chat form: which fields are shown, what the person entered, and
/// whether it may be sent.
///
/// Built from ``Configuration/prechatFields`` in their order. Hidden fields
/// are not shown but their values are sent; read-only fields are shown with
/// the application's value, which ``setValue(_:forField:)`` does not change.
/// Initial values are the application's, `"false"` for a checkbox without
/// one, and `""` otherwise.
///
/// Values are checked with surrounding spaces removed, and sent that way:
/// - every required field must be filled in (a required checkbox checked);
/// - email: `local@domain`, no spaces, one `@`, a domain of at least two
///   dot-separated parts of letters, digits and hyphens;
/// - phone: digits, spaces, `-`, paired parentheses and a leading `+`, with
///   ``phoneDigits`` digits;
/// - number: an optional sign, digits and an optional decimal point, such as
///   `-3.5` (no exponents, commas or hex);
/// - picker: one of the options' values;
/// - text: at most its `maxLength` characters, and never over
///   ``ProtocolLimits/maxPreChatValue``.
///
/// Nothing is sent unless every field is valid: ``submission(visitorName:)``
/// throws the errors instead.
public struct PrechatForm: Sendable, Hashable {
    /// How many digits a phone number has.
    public static let phoneDigits = 6...20

    /// The fields as configured, hidden ones included.
    public let fields: [PrechatField]
    private var values: [String]

    /// A form for `fields`, with their initial values.
    public init(fields: [PrechatField]) {
        self.fields = fields
        self.values = fields.map { field in
            field.value ?? (field.kind == .checkbox ? "false" : "")
        }
    }

    /// Whether the form has nothing to show, so the person goes straight
    /// to the queue.
    public var isEmpty: Bool { visibleFields.isEmpty }

    /// The fields to show, in form order: editable and read-only ones.
    public var visibleFields: [PrechatFormField] {
        zip(fields, values).compactMap { field, value in
            guard field.presentation != .hidden else { return nil }
            return PrechatFormField(
                label: field.label, kind: field.kind, isRequired: field.isRequired,
                isEditable: field.presentation == .editable, value: value)
        }
    }

    /// The current value of the field labelled `label`, or `nil` when there
    /// is no such field.
    public func value(forField label: String) -> String? {
        fields.firstIndex { $0.label == label }.map { values[$0] }
    }

    /// Enters `value` in the editable field labelled `label`: text as typed,
    /// `"true"`/`"false"` for a checkbox, an option's `value` for a picker.
    /// Returns `false`, changing nothing, when no editable field has that label.
    @discardableResult
    public mutating func setValue(_ value: String, forField label: String) -> Bool {
        guard let index = fields.firstIndex(where: { $0.label == label }),
            fields[index].presentation == .editable
        else { return false }
        values[index] = value
        return true
    }

    /// Every field's problem, in form order; empty when the form is valid.
    public var errors: [PrechatFieldError] {
        zip(fields, values).compactMap { field, value in
            Self.problem(with: Self.normalized(value), in: field).map {
                PrechatFieldError(label: field.label, problem: $0)
            }
        }
    }

    /// What to send: every field's answer in form order and the visitor's
    /// name — or, when any field is invalid, the errors, and nothing is sent.
    public func submission(visitorName: String) throws(PrechatValidationFailure) -> PrechatSubmission {
        let errors = errors
        guard errors.isEmpty else { throw PrechatValidationFailure(errors: errors) }
        let name = Self.normalized(visitorName)
        return PrechatSubmission(
            answers: zip(fields, values).map { PrechatAnswer(label: $0.label, value: Self.normalized($1)) },
            visitorName: name.isEmpty ? nil : name)
    }

    private static func normalized(_ value: String) -> String {
        value.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
