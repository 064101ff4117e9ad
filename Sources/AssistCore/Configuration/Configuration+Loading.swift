import Foundation

extension Configuration {
    /// Loads a JSON configuration file over the defaults.
    ///
    /// The file is a JSON object whose keys are property names (see
    /// ``Configuration``); keys it leaves out keep their defaults, and keys
    /// starting with `//` are comments.
    ///
    /// - Throws: ``ConfigurationError`` naming the file (as given in `url`)
    ///   and the offending key.
    public init(contentsOf url: URL) throws(ConfigurationError) {
        self.init()
        try apply(contentsOf: url)
    }

    /// Reads a JSON configuration over the defaults; `file` names its source
    /// in errors.
    ///
    /// - Throws: ``ConfigurationError`` naming `file` and the offending key.
    public static func decode(from data: Data, file: String) throws(ConfigurationError) -> Configuration {
        var configuration = Configuration()
        try configuration.apply(json: data, file: file)
        return configuration
    }

    /// Loads a JSON file over this configuration: each key it has replaces
    /// that setting, the others stay. Layers a pre-chat form file over the
    /// main configuration, for instance. Nothing changes when it throws.
    ///
    /// - Throws: ``ConfigurationError`` naming the file (as given in `url`)
    ///   and the offending key.
    public mutating func apply(contentsOf url: URL) throws(ConfigurationError) {
        guard url.isFileURL else {
            throw ConfigurationError(
                .unreadableFile, source: url.absoluteString, key: nil, problem: "cannot be read (not a file URL)")
        }
        let file = url.relativePath
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ConfigurationError(
                .unreadableFile, source: file, key: nil, problem: "cannot be read (\(Self.reason(error)))")
        }
        try apply(json: data, file: file)
    }

    /// Reads JSON over this configuration, as ``apply(contentsOf:)`` does;
    /// `file` names its source in errors.
    ///
    /// - Throws: ``ConfigurationError`` naming `file` and the offending key.
    public mutating func apply(json data: Data, file: String) throws(ConfigurationError) {
        guard let json = JSONValue(parsing: data) else {
            throw ConfigurationError(.notJSON, source: file, key: nil, problem: "is not valid JSON")
        }
        guard case .object = json else {
            throw ConfigurationError(
                .notAnObject, source: file, key: nil,
                problem: "must hold a JSON object of settings, got \(json.quoted)")
        }
        let path = ConfigurationPath(source: file)
        let fields = Self.fields
        let members = try path.object(json, Expectation.object, knownKeys: fields.map(\.key))
        var updated = self
        for field in fields {
            if let value = members[field.key] {
                try field.decode(&updated, value, path.child(field.key))
            }
        }
        try updated.validate(source: file)
        self = updated
    }

    private static func reason(_ error: any Error) -> String {
        switch (error as? CocoaError)?.code {
        case .fileReadNoSuchFile?: "no such file"
        case .fileReadNoPermission?: "permission denied"
        default: error.localizedDescription
        }
    }
}
