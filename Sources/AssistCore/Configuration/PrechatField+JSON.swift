extension PrechatField {
    private static let keys = ["label", "kind", "maxLength", "options", "isRequired", "value", "presentation"]

    /// Reads a field object; see ``PrechatField`` for its shape.
    init(json: JSONValue, at path: ConfigurationPath) throws(ConfigurationError) {
        let members = try path.object(json, "a pre-chat field object", knownKeys: Self.keys)
        let label = try path.child("label").string(try path.required("label", in: members))
        let kindName = try members["kind"].map { value throws(ConfigurationError) in
            try path.child("kind").string(value)
        } ?? "text"
        let kind = try Self.kind(named: kindName, members: members, at: path)
        self.init(label: label, kind: kind)
        if let value = members["isRequired"] {
            isRequired = try path.child("isRequired").bool(value)
        }
        if let value = members["value"] {
            self.value = try path.child("value").optionalString(value)
        }
        if let value = members["presentation"] {
            presentation = try path.child("presentation").choice(value)
        }
    }

    /// The field as a JSON object, leaving out what is unset or default.
    var json: JSONValue {
        var members: [String: JSONValue] = ["label": .string(label), "kind": .string(kind.name)]
        switch kind {
        case .text(let maxLength?):
            members["maxLength"] = .number(Double(maxLength))
        case .picker(let options):
            members["options"] = .array(options.map(\.json))
        case .text, .email, .phone, .number, .checkbox:
            break
        }
        if isRequired { members["isRequired"] = .bool(true) }
        if let value { members["value"] = .string(value) }
        if presentation != .editable { members["presentation"] = .string(presentation.rawValue) }
        return .object(members)
    }

    /// The kind named `name`, with its `maxLength` or `options` from
    /// `members`, which no other kind may have.
    private static func kind(
        named name: String,
        members: [String: JSONValue],
        at path: ConfigurationPath
    ) throws(ConfigurationError) -> Kind {
        if name != "text", members["maxLength"] != nil {
            throw path.child("maxLength").error(.invalidValue, "is only allowed when \"kind\" is \"text\"")
        }
        if name != "picker", members["options"] != nil {
            throw path.child("options").error(.invalidValue, "is only allowed when \"kind\" is \"picker\"")
        }
        switch name {
        case "text":
            let maxLength = try members["maxLength"].map { value throws(ConfigurationError) in
                try path.child("maxLength").integer(value, Expectation.maxLength)
            }
            return .text(maxLength: maxLength)
        case "email": return .email
        case "phone": return .phone
        case "number": return .number
        case "checkbox": return .checkbox
        case "picker":
            let optionsPath = path.child("options")
            let options = try optionsPath.array(
                try path.required("options", in: members), Expectation.pickerOptions
            ) { value, optionPath throws(ConfigurationError) in
                try PrechatPickerOption(json: value, at: optionPath)
            }
            return .picker(options: options)
        default:
            throw path.child("kind").invalid(Expectation.oneOf(Kind.allNames), got: .string(name))
        }
    }
}
