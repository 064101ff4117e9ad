extension PrechatPickerOption {
    /// Reads an option object: `label` and `value`, both required.
    init(json: JSONValue, at path: ConfigurationPath) throws(ConfigurationError) {
        let members = try path.object(json, "an option object", knownKeys: ["label", "value"])
        self.init(
            label: try path.child("label").string(try path.required("label", in: members)),
            value: try path.child("value").string(try path.required("value", in: members)))
    }

    /// The option as a JSON object.
    var json: JSONValue {
        .object(["label": .string(label), "value": .string(value)])
    }
}
