/// Maps one pre-chat answer onto a field of a ``PrechatEntity`` record (the
/// chat seed's `SCSPrechatEntityField`).
///
/// JSON shape (keys are the property names; `fieldName` and `label` are
/// required, the flags default to `false`):
/// `{ "fieldName": "LastName", "label": "Last name", "doFind": true }`.
public struct PrechatEntityField: Sendable, Hashable {
    /// The record's field, e.g. `"LastName"`; never empty.
    public var fieldName: String
    /// The ``PrechatField/label`` of the pre-chat field whose answer fills it.
    public var label: String
    /// Whether existing records are searched using this field.
    public var doFind: Bool
    /// Whether that search requires an exact match.
    public var isExactMatch: Bool
    /// Whether a new record gets this field's value when none is found.
    public var doCreate: Bool

    /// Creates a mapping; by default it neither finds nor creates.
    public init(
        fieldName: String,
        label: String,
        doFind: Bool = false,
        isExactMatch: Bool = false,
        doCreate: Bool = false
    ) {
        self.fieldName = fieldName
        self.label = label
        self.doFind = doFind
        self.isExactMatch = isExactMatch
        self.doCreate = doCreate
    }
}
