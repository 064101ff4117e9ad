import Foundation

/// How one kind of setting is read from and written to JSON. Reading checks
/// the JSON type; the allowed range is checked by validation.
struct JSONCodec<Value> {
    /// Whether the setting is text, so a command-line value is taken literally.
    let takesText: Bool
    /// Reads the value at a path.
    let decode: (JSONValue, ConfigurationPath) throws(ConfigurationError) -> Value
    /// Writes the value.
    let encode: (Value) -> JSONValue
}

extension JSONCodec<String> {
    /// Any string.
    static var text: Self {
        Self(
            takesText: true,
            decode: { value, path throws(ConfigurationError) in try path.string(value) },
            encode: { .string($0) })
    }
}

extension JSONCodec<Bool> {
    /// `true` or `false`.
    static var flag: Self {
        Self(
            takesText: false,
            decode: { value, path throws(ConfigurationError) in try path.bool(value) },
            encode: { .bool($0) })
    }
}

extension JSONCodec<TimeInterval> {
    /// A number of seconds, integer or not.
    static var seconds: Self {
        Self(
            takesText: false,
            decode: { value, path throws(ConfigurationError) in try path.number(value, Expectation.seconds) },
            encode: { .number($0) })
    }
}

extension JSONCodec<[TimeInterval]> {
    /// An array of numbers of seconds.
    static var secondsList: Self {
        Self(
            takesText: false,
            decode: { value, path throws(ConfigurationError) in
                try path.array(value, Expectation.secondsList) { element, elementPath throws(ConfigurationError) in
                    try elementPath.number(element, Expectation.seconds)
                }
            },
            encode: { .array($0.map(JSONValue.number)) })
    }
}

extension JSONCodec<[String]> {
    /// An array of strings.
    static var tags: Self {
        Self(
            takesText: false,
            decode: { value, path throws(ConfigurationError) in
                try path.array(value, Expectation.tags) { element, elementPath throws(ConfigurationError) in
                    try elementPath.string(element)
                }
            },
            encode: { .array($0.map(JSONValue.string)) })
    }
}

extension JSONCodec<[ShareScope]> {
    /// An array of scope names, each at most once.
    static var shareScopes: Self {
        Self(
            takesText: false,
            decode: { value, path throws(ConfigurationError) in
                let scopes = try path.array(value, Expectation.shareScopes) {
                    element, elementPath throws(ConfigurationError) -> ShareScope in
                    try elementPath.choice(element)
                }
                if Set(scopes).count != scopes.count { throw path.invalid(Expectation.shareScopes, got: value) }
                return scopes
            },
            encode: { .array($0.map { .string($0.rawValue) }) })
    }
}

extension JSONCodec<[String: String]> {
    /// An object whose values are strings; keys starting with `//` are
    /// comments, as everywhere in a configuration.
    static var stringMap: Self {
        Self(
            takesText: false,
            decode: { value, path throws(ConfigurationError) in
                guard case .object(let members) = value else { throw path.wrongType(Expectation.stringMap, got: value) }
                var map: [String: String] = [:]
                for (name, member) in members where !name.hasPrefix("//") {
                    map[name] = try path.child(name).string(member)
                }
                return map
            },
            encode: { .object($0.mapValues(JSONValue.string)) })
    }
}

extension JSONCodec<URL?> {
    /// A server URL, or `null` for none. The scheme and host are checked by
    /// validation; text that is no URL at all is rejected here.
    static var server: Self {
        Self(
            takesText: true,
            decode: { value, path throws(ConfigurationError) in
                switch value {
                case .null:
                    return nil
                case .string(let text):
                    guard let url = URL(string: text) else { throw path.invalid(Expectation.server, got: value) }
                    return url
                default:
                    throw path.wrongType(Expectation.server, got: value)
                }
            },
            encode: { $0.map { .string($0.absoluteString) } ?? .null })
    }
}

extension JSONCodec<RGBAColor> {
    /// `"#RRGGBB"` or `"#RRGGBBAA"`.
    static var color: Self {
        Self(
            takesText: true,
            decode: { value, path throws(ConfigurationError) in
                guard case .string(let text) = value else { throw path.wrongType(Expectation.color, got: value) }
                guard let color = RGBAColor(hex: text) else { throw path.invalid(Expectation.color, got: value) }
                return color
            },
            encode: { .string($0.hex) })
    }
}

extension JSONCodec where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// The name of one of the cases.
    static var choice: Self {
        Self(
            takesText: true,
            decode: { value, path throws(ConfigurationError) in try path.choice(value) },
            encode: { .string($0.rawValue) })
    }
}

extension JSONCodec<[PrechatField]> {
    /// An array of pre-chat field objects.
    static var prechatFields: Self {
        Self(
            takesText: false,
            decode: { value, path throws(ConfigurationError) in
                try path.array(value, Expectation.prechatFields) { element, elementPath throws(ConfigurationError) in
                    try PrechatField(json: element, at: elementPath)
                }
            },
            encode: { .array($0.map(\.json)) })
    }
}

extension JSONCodec<[PrechatEntity]> {
    /// An array of pre-chat entity objects.
    static var prechatEntities: Self {
        Self(
            takesText: false,
            decode: { value, path throws(ConfigurationError) in
                try path.array(value, Expectation.prechatEntities) { element, elementPath throws(ConfigurationError) in
                    try PrechatEntity(json: element, at: elementPath)
                }
            },
            encode: { .array($0.map(\.json)) })
    }
}
