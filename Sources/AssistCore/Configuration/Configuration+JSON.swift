import Foundation

extension Configuration {
    /// The configuration as a JSON file would hold it: every key, sorted,
    /// pretty-printed. Loading it gives back an equal configuration; the
    /// delegates are not part of it.
    ///
    /// - Throws: ``ConfigurationError`` when the configuration breaks a rule
    ///   of ``validate(source:)``, so only loadable JSON is written.
    public func jsonData() throws -> Data {
        try validate()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(json)
    }

    /// Every setting but the delegates, as a JSON object.
    var json: JSONValue {
        .object(Dictionary(uniqueKeysWithValues: Self.fields.map { ($0.key, $0.encode(self)) }))
    }
}
