extension PrechatEntityField {
    private static let keys = ["fieldName", "label", "doFind", "isExactMatch", "doCreate"]

    /// Reads an entity field object; see ``PrechatEntityField`` for its shape.
    init(json: JSONValue, at path: ConfigurationPath) throws(ConfigurationError) {
        let members = try path.object(json, "an entity field object", knownKeys: Self.keys)
        self.init(
            fieldName: try path.child("fieldName").string(try path.required("fieldName", in: members)),
            label: try path.child("label").string(try path.required("label", in: members)))
        if let value = members["doFind"] { doFind = try path.child("doFind").bool(value) }
        if let value = members["isExactMatch"] { isExactMatch = try path.child("isExactMatch").bool(value) }
        if let value = members["doCreate"] { doCreate = try path.child("doCreate").bool(value) }
    }

    /// The mapping as a JSON object.
    var json: JSONValue {
        .object([
            "fieldName": .string(fieldName),
            "label": .string(label),
            "doFind": .bool(doFind),
            "isExactMatch": .bool(isExactMatch),
            "doCreate": .bool(doCreate),
        ])
    }
}
