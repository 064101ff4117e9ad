import Foundation

/// Why a configuration could not be loaded or used, told in one sentence that
/// names the source (a file, or "command line") and the key.
///
/// ``description`` is the sentence the person reads, for example
/// `assist.json: "timeout" must be a number of seconds ≥ 0, got "fast"`.
/// Nested keys are dotted paths such as `prechatFields[2].kind`.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible, LocalizedError {
    /// The kind of problem, for code that reacts to some of them.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private enum Base: String, Sendable, Hashable {
            case unreadableFile, notJSON, notAnObject, unknownKey, missingKey, wrongType, invalidValue,
                malformedOverride
        }

        private let base: Base

        private init(_ base: Base) {
            self.base = base
        }

        /// The file does not exist or cannot be read.
        public static let unreadableFile = Code(.unreadableFile)
        /// The text is not JSON.
        public static let notJSON = Code(.notJSON)
        /// The JSON is not an object of settings.
        public static let notAnObject = Code(.notAnObject)
        /// A key that configures nothing, probably misspelt.
        public static let unknownKey = Code(.unknownKey)
        /// A key that must be present is missing.
        public static let missingKey = Code(.missingKey)
        /// A value of the wrong JSON type, e.g. a string where a number belongs.
        public static let wrongType = Code(.wrongType)
        /// A value of the right type that is not allowed, e.g. a negative timeout.
        public static let invalidValue = Code(.invalidValue)
        /// A command-line override that is not written `key=value`.
        public static let malformedOverride = Code(.malformedOverride)

        /// The code's name, e.g. `invalidValue`.
        public var description: String { base.rawValue }
    }

    /// The kind of problem.
    public let code: Code
    /// Where the configuration came from: a file path as given, `"command line"`,
    /// or the source passed to ``Configuration/validate(source:)``.
    public let source: String
    /// The offending key as a dotted path, or `nil` when the problem is the
    /// whole source (unreadable, not JSON, not an object).
    public let key: String?
    /// The one-sentence explanation, starting with the source.
    public let description: String

    /// Same as ``description``, so `localizedDescription` reads the same.
    public var errorDescription: String? { description }

    /// Creates an error; `problem` is the sentence without the source, which
    /// is prefixed.
    init(_ code: Code, source: String, key: String?, problem: String) {
        self.code = code
        self.source = source
        self.key = key
        self.description = "\(source): \(problem)"
    }
}
