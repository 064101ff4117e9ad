import Foundation

extension Configuration {
    /// The source named in errors about command-line overrides.
    public static let commandLineSource = "command line"

    /// Applies `key=value` settings from the command line
    /// (`assist-desktop --set key=value`), in order, then validates the result
    /// with the same rules as a file. Nothing changes when it throws.
    ///
    /// A value is read as JSON when it parses as JSON (`timeout=2.5`,
    /// `hidingTags=["card"]`, `useCookies=true`) and as a plain string
    /// otherwise. For keys that hold text (strings, URLs, colours, choices)
    /// the value is always taken literally, so `uui=1234` stays the string
    /// `"1234"`; a JSON string literal (`destination="sales"` with the quotes)
    /// is unquoted.
    ///
    /// - Throws: ``ConfigurationError`` naming the key, with
    ///   ``commandLineSource`` as its source.
    public mutating func apply(overrides: [(key: String, value: String)]) throws(ConfigurationError) {
        let path = ConfigurationPath(source: Self.commandLineSource)
        let fields = Self.fields
        var updated = self
        for (key, text) in overrides {
            guard let field = fields.first(where: { $0.key == key }) else {
                throw path.unknownKey(key, knownKeys: fields.map(\.key))
            }
            let value: JSONValue
            switch JSONValue(parsing: Data(text.utf8)) {
            case .string(let string)?: value = .string(string)
            case let parsed? where !field.takesText: value = parsed
            default: value = .string(text)
            }
            try field.decode(&updated, value, path.child(key))
        }
        try updated.validate(source: Self.commandLineSource)
        self = updated
    }

    /// Splits one command-line override, `key=value`, at its first `=`; the
    /// value may be empty and may contain further `=` signs.
    ///
    /// - Throws: ``ConfigurationError`` when there is no `=` or no key.
    public static func override(from argument: String) throws(ConfigurationError) -> (key: String, value: String) {
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
            throw ConfigurationError(
                .malformedOverride, source: commandLineSource, key: nil,
                problem: "\"\(argument)\" must be written key=value, e.g. timeout=10")
        }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
