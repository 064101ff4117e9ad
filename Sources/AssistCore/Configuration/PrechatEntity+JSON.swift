extension PrechatEntity {
    private static let keys = [
        "entityName", "saveToTranscript", "linkToEntityName", "linkToEntityField", "showOnCreate", "fields",
    ]

    /// Reads an entity object; see ``PrechatEntity`` for its shape.
    init(json: JSONValue, at path: ConfigurationPath) throws(ConfigurationError) {
        let members = try path.object(json, "a pre-chat entity object", knownKeys: Self.keys)
        let fields = try path.child("fields").array(
            try path.required("fields", in: members), Expectation.entityFields
        ) { value, fieldPath throws(ConfigurationError) in
            try PrechatEntityField(json: value, at: fieldPath)
        }
        self.init(
            entityName: try path.child("entityName").string(try path.required("entityName", in: members)),
            fields: fields)
        if let value = members["saveToTranscript"] {
            saveToTranscript = try path.child("saveToTranscript").optionalString(value)
        }
        if let value = members["linkToEntityName"] {
            linkToEntityName = try path.child("linkToEntityName").optionalString(value)
        }
        if let value = members["linkToEntityField"] {
            linkToEntityField = try path.child("linkToEntityField").optionalString(value)
        }
        if let value = members["showOnCreate"] {
            showOnCreate = try path.child("showOnCreate").bool(value)
        }
    }

    /// The entity as a JSON object, leaving out unset optional keys.
    var json: JSONValue {
        var members: [String: JSONValue] = [
            "entityName": .string(entityName),
            "showOnCreate": .bool(showOnCreate),
            "fields": .array(fields.map(\.json)),
        ]
        if let saveToTranscript { members["saveToTranscript"] = .string(saveToTranscript) }
        if let linkToEntityName { members["linkToEntityName"] = .string(linkToEntityName) }
        if let linkToEntityField { members["linkToEntityField"] = .string(linkToEntityField) }
        return .object(members)
    }
}
