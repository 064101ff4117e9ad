/// A support-system record (for example a Case or a Contact) to find or
/// create from the pre-chat answers when the session starts (the chat seed's
/// `SCSPrechatEntity`).
///
/// JSON shape (keys are the property names; `entityName` and `fields` are
/// required):
///
/// ```json
/// { "entityName": "Contact", "saveToTranscript": "ContactId",
///   "linkToEntityName": "Case", "linkToEntityField": "ContactId",
///   "showOnCreate": true,
///   "fields": [ { "fieldName": "Email", "label": "Email",
///                 "doFind": true, "isExactMatch": true, "doCreate": true } ] }
/// ```
public struct PrechatEntity: Sendable, Hashable {
    /// The record type, e.g. `"Contact"`; never empty.
    public var entityName: String
    /// The transcript field the found or created record's id is saved in, if any.
    public var saveToTranscript: String?
    /// The entity the record is linked to, e.g. `"Case"`; set together with
    /// ``linkToEntityField``.
    public var linkToEntityName: String?
    /// The field of ``linkToEntityName`` that holds the link; set together
    /// with it.
    public var linkToEntityField: String?
    /// Whether the agent's console opens the record when it is created.
    public var showOnCreate: Bool
    /// How pre-chat answers map onto the record's fields; at least one.
    public var fields: [PrechatEntityField]

    /// Creates an entity mapping.
    public init(
        entityName: String,
        saveToTranscript: String? = nil,
        linkToEntityName: String? = nil,
        linkToEntityField: String? = nil,
        showOnCreate: Bool = false,
        fields: [PrechatEntityField]
    ) {
        self.entityName = entityName
        self.saveToTranscript = saveToTranscript
        self.linkToEntityName = linkToEntityName
        self.linkToEntityField = linkToEntityField
        self.showOnCreate = showOnCreate
        self.fields = fields
    }
}
