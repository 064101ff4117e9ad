import Foundation

/// Writes the members of one JSON object of a wire message, enforcing the
/// same value rules as ``WireReader`` so that nothing is sent that the peer
/// would reject. Optional members that are `nil` are left out.
struct WireWriter {
    private var container: KeyedEncodingContainer<WireKey>

    /// Writes into the object `encoder` holds.
    init(_ encoder: any Encoder) {
        container = encoder.container(keyedBy: WireKey.self)
    }

    private init(container: KeyedEncodingContainer<WireKey>) {
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

    /// A nested object in member `key`.
    mutating func object(_ key: String) -> WireWriter {
        WireWriter(container: container.nestedContainer(keyedBy: WireKey.self, forKey: WireKey(key)))
    }

    /// Member `key`, encoded by its own `Encodable` conformance.
    mutating func encode(_ value: some Encodable, _ key: String) throws {
        try container.encode(value, forKey: WireKey(key))
    }

    /// Member `key` when `value` is not `nil`.
    mutating func encodeIfPresent(_ value: (some Encodable)?, _ key: String) throws {
        try container.encodeIfPresent(value, forKey: WireKey(key))
    }

    /// A whole-number member of at least `min`.
    mutating func integer(_ value: Int, _ key: String, min: Int = 0) throws {
        if let violation = WireRule.integer(value, min: min) { throw problem(key, violation) }
        try container.encode(value, forKey: WireKey(key))
    }

    /// A whole-number member, left out when `nil`.
    mutating func integerIfPresent(_ value: Int?, _ key: String, min: Int = 0) throws {
        if let value { try integer(value, key, min: min) }
    }

    /// A text member of at most `max` characters, non-empty unless `allowEmpty`.
    mutating func text(_ value: String, _ key: String, max: Int, allowEmpty: Bool = false) throws {
        if let violation = WireRule.text(value, max: max, allowEmpty: allowEmpty) { throw problem(key, violation) }
        try container.encode(value, forKey: WireKey(key))
    }

    /// A text member, left out when `nil`.
    mutating func textIfPresent(_ value: String?, _ key: String, max: Int, allowEmpty: Bool = false) throws {
        if let value { try text(value, key, max: max, allowEmpty: allowEmpty) }
    }

    /// An identifier member, checked against its kind's length limit.
    mutating func identifier(_ value: some WireIdentifier, _ key: String) throws {
        try text(value.rawValue, key, max: type(of: value).maxLength)
    }

    /// A timestamp member: whole milliseconds since 1970-01-01T00:00:00Z.
    mutating func timestamp(_ value: Date, _ key: String) throws {
        let milliseconds = (value.timeIntervalSince1970 * 1000).rounded()
        guard let whole = WireRule.wholeNumber(milliseconds) else { throw problem(key, "is out of range") }
        try integer(whole, key)
    }

    /// An array member of at most `max` elements.
    mutating func array(_ elements: [some Encodable], _ key: String, max: Int) throws {
        if elements.count > max { throw problem(key, "more than \(max) elements") }
        try container.encode(elements, forKey: WireKey(key))
    }

    /// An absolute `http` or `https` URL member.
    mutating func webURL(_ url: URL, _ key: String) throws {
        if let violation = WireRule.webURL(url) { throw problem(key, violation) }
        try container.encode(url.absoluteString, forKey: WireKey(key))
    }
}
