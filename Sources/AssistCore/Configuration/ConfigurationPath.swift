/// Where a value being read or checked sits — its source and its dotted key
/// path — so every error can name both.
struct ConfigurationPath {
    /// The file path as given, or `"command line"`.
    let source: String
    /// The dotted key path, e.g. `prechatFields[2].kind`; empty at the top level.
    let key: String

    /// The top level of `source`.
    init(source: String) {
        self.init(source: source, key: "")
    }

    private init(source: String, key: String) {
        self.source = source
        self.key = key
    }

    /// The path of `name` inside the object at this path.
    func child(_ name: String) -> ConfigurationPath {
        ConfigurationPath(source: source, key: key.isEmpty ? name : "\(key).\(name)")
    }

    /// The path of element `index` of the array at this path.
    func element(_ index: Int) -> ConfigurationPath {
        ConfigurationPath(source: source, key: "\(key)[\(index)]")
    }

    /// An error about the value at this path; `problem` follows the quoted key.
    func error(_ code: ConfigurationError.Code, _ problem: String) -> ConfigurationError {
        ConfigurationError(code, source: source, key: key, problem: "\"\(key)\" \(problem)")
    }

    /// The value at this path has the wrong JSON type.
    func wrongType(_ expectation: String, got value: JSONValue) -> ConfigurationError {
        error(.wrongType, "must be \(expectation), got \(value.quoted)")
    }

    /// The value at this path has the right type but is not allowed.
    func invalid(_ expectation: String, got value: JSONValue) -> ConfigurationError {
        error(.invalidValue, "must be \(expectation), got \(value.quoted)")
    }

    /// Reads a string.
    func string(_ value: JSONValue) throws(ConfigurationError) -> String {
        guard case .string(let string) = value else { throw wrongType(Expectation.string, got: value) }
        return string
    }

    /// Reads a string, or `nil` for JSON `null`.
    func optionalString(_ value: JSONValue) throws(ConfigurationError) -> String? {
        if case .null = value { return nil }
        guard case .string(let string) = value else { throw wrongType(Expectation.optionalString, got: value) }
        return string
    }

    /// Reads `true` or `false`.
    func bool(_ value: JSONValue) throws(ConfigurationError) -> Bool {
        guard case .bool(let bool) = value else { throw wrongType(Expectation.bool, got: value) }
        return bool
    }

    /// Reads a number, integer or not; `expectation` describes it in the error.
    func number(_ value: JSONValue, _ expectation: String) throws(ConfigurationError) -> Double {
        guard case .number(let number) = value else { throw wrongType(expectation, got: value) }
        return number
    }

    /// Reads a whole number.
    func integer(_ value: JSONValue, _ expectation: String) throws(ConfigurationError) -> Int {
        let number = try number(value, expectation)
        guard let integer = Int(exactly: number) else { throw invalid(expectation, got: value) }
        return integer
    }

    /// Reads an array, each element with `element`, which gets the element's path.
    func array<Element>(
        _ value: JSONValue,
        _ expectation: String,
        element: (JSONValue, ConfigurationPath) throws(ConfigurationError) -> Element
    ) throws(ConfigurationError) -> [Element] {
        guard case .array(let values) = value else { throw wrongType(expectation, got: value) }
        var elements: [Element] = []
        for (index, value) in values.enumerated() {
            elements.append(try element(value, self.element(index)))
        }
        return elements
    }

    /// Reads an object whose keys must all be among `knownKeys`. Keys starting
    /// with `//` are comments: allowed anywhere and left out of the result.
    func object(
        _ value: JSONValue,
        _ expectation: String,
        knownKeys: [String]
    ) throws(ConfigurationError) -> [String: JSONValue] {
        guard case .object(let members) = value else { throw wrongType(expectation, got: value) }
        let settings = members.filter { !$0.key.hasPrefix("//") }
        for name in settings.keys.sorted() where !knownKeys.contains(name) {
            throw unknownKey(name, knownKeys: knownKeys)
        }
        return settings
    }

    /// The error for `name`, a key of the object at this path that is not
    /// among `knownKeys`, suggesting the nearest known key.
    func unknownKey(_ name: String, knownKeys: [String]) -> ConfigurationError {
        var problem = "is not a known key"
        if let suggestion = KeySuggestion.nearest(to: name, among: knownKeys) {
            problem += "; did you mean \"\(suggestion)\"?"
        }
        return child(name).error(.unknownKey, problem)
    }

    /// The member `name` of `members`, which must be present.
    func required(_ name: String, in members: [String: JSONValue]) throws(ConfigurationError) -> JSONValue {
        guard let value = members[name] else { throw child(name).error(.missingKey, "is missing") }
        return value
    }

    /// Reads the string name of one case of `Choice`.
    func choice<Choice: RawRepresentable & CaseIterable>(
        _ value: JSONValue
    ) throws(ConfigurationError) -> Choice where Choice.RawValue == String {
        let expectation = Expectation.oneOf(Choice.allCases.map(\.rawValue))
        guard case .string(let name) = value else { throw wrongType(expectation, got: value) }
        guard let choice = Choice(rawValue: name) else { throw invalid(expectation, got: value) }
        return choice
    }
}
