import Foundation

/// Reads the members of one JSON object of a wire message, enforcing the
/// protocol's value rules. Unknown members are ignored; a member that is
/// `null` counts as absent.
///
/// Integers are read as JSON numbers and converted here, so that a fractional
/// or out-of-range number is reported against its member.
struct WireReader {
    private let container: KeyedDecodingContainer<WireKey>

    /// Reads the object `decoder` holds.
    init(_ decoder: any Decoder) throws {
        container = try decoder.container(keyedBy: WireKey.self)
    }

    private init(container: KeyedDecodingContainer<WireKey>) {
        self.container = container
    }

    /// The path of member `key`, e.g. `body.text`.
    func path(_ key: String) -> String {
        (container.codingPath + [WireKey(key)]).wirePath
    }

    /// A problem with member `key`.
    func problem(_ key: String, _ problem: String) -> ValueProblem {
        ValueProblem(field: path(key), problem: problem)
    }

    /// The error for member `key`, absent where the message requires it.
    func missing(_ key: String, _ problem: String) -> MissingMember {
        MissingMember(field: path(key), problem: problem)
    }

    /// Whether member `key` is present and not `null`.
    func has(_ key: String) throws -> Bool {
        guard container.contains(WireKey(key)) else { return false }
        return try !container.decodeNil(forKey: WireKey(key))
    }

    /// The object in member `key`.
    func object(_ key: String) throws -> WireReader {
        WireReader(container: try container.nestedContainer(keyedBy: WireKey.self, forKey: WireKey(key)))
    }

    /// Member `key`, decoded by its own `Decodable` conformance.
    func decode<Value: Decodable>(_ key: String, as type: Value.Type = Value.self) throws -> Value {
        try container.decode(Value.self, forKey: WireKey(key))
    }

    /// Member `key` decoded, or `nil` when absent or `null`.
    func decodeIfPresent<Value: Decodable>(_ key: String, as type: Value.Type = Value.self) throws -> Value? {
        try has(key) ? decode(key) : nil
    }

    /// A boolean member.
    func bool(_ key: String) throws -> Bool {
        try decode(key)
    }

    /// A whole-number member of at least `min`.
    func integer(_ key: String, min: Int = 0) throws -> Int {
        let number = try decode(key, as: Double.self)
        guard let value = WireRule.wholeNumber(number) else {
            throw problem(key, "must be a whole number of magnitude at most \(ProtocolLimits.maxInteger)")
        }
        if let violation = WireRule.integer(value, min: min) { throw problem(key, violation) }
        return value
    }

    /// A whole-number member of at least `min`, or `nil` when absent.
    func integerIfPresent(_ key: String, min: Int = 0) throws -> Int? {
        try has(key) ? integer(key, min: min) : nil
    }

    /// A text member of at most `max` characters, non-empty unless `allowEmpty`.
    func text(_ key: String, max: Int, allowEmpty: Bool = false) throws -> String {
        let value = try decode(key, as: String.self)
        if let violation = WireRule.text(value, max: max, allowEmpty: allowEmpty) { throw problem(key, violation) }
        return value
    }

    /// A text member, or `nil` when absent.
    func textIfPresent(_ key: String, max: Int, allowEmpty: Bool = false) throws -> String? {
        try has(key) ? text(key, max: max, allowEmpty: allowEmpty) : nil
    }

    /// An identifier member, checked against its kind's length limit.
    func identifier<ID: WireIdentifier>(_ key: String, as type: ID.Type = ID.self) throws -> ID {
        ID(try text(key, max: ID.maxLength))
    }

    /// A timestamp member: whole milliseconds since 1970-01-01T00:00:00Z.
    func timestamp(_ key: String) throws -> Date {
        Date(timeIntervalSince1970: Double(try integer(key)) / 1000)
    }

    /// An array member of at most `max` elements.
    func array<Element: Decodable>(_ key: String, max: Int, of type: Element.Type = Element.self) throws -> [Element] {
        let elements = try decode(key, as: [Element].self)
        if elements.count > max { throw problem(key, "more than \(max) elements") }
        return elements
    }

    /// An array member of at most `max` texts, each non-empty and at most
    /// `maxLength` characters; a bad one is reported with its index.
    func texts(_ key: String, max: Int, maxLength: Int) throws -> [String] {
        let texts = try array(key, max: max, of: String.self)
        for (index, text) in texts.enumerated() {
            if let violation = WireRule.text(text, max: maxLength) {
                throw ValueProblem(field: "\(path(key))[\(index)]", problem: violation)
            }
        }
        return texts
    }

    /// An absolute `http` or `https` URL member.
    func webURL(_ key: String) throws -> URL {
        let text = try self.text(key, max: ProtocolLimits.maxURL)
        guard let url = URL(string: text) else { throw problem(key, "is not a URL") }
        if let violation = WireRule.webURL(url) { throw problem(key, violation) }
        return url
    }
}
