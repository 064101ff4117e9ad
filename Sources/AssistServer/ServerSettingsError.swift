import AssistCore

/// Settings that cannot work together, said in the words of the command line.
enum ServerSettingsError: Error, CustomStringConvertible {
    /// A PostgreSQL database was given without `--token-key-file`.
    case tokenKeyFileRequired
    /// A `--mask-pattern` value that cannot be used, and why.
    case badMaskPattern(String, MaskingPatternError)
    /// Two `--mask-pattern`s with one name (the value of the second).
    case duplicateMaskPattern(String, name: String)
    /// More `--mask-pattern`s than a receipt can name.
    case tooManyMaskPatterns(Int)

    var description: String {
        switch self {
        case .tokenKeyFileRequired:
            "--database postgres://… needs --token-key-file FILE: the key that seals short codes' tokens is never "
                + "kept in the database, and every node of a cluster must be given the same file"
        case .badMaskPattern(let value, let problem):
            "--mask-pattern \"\(value)\": \(problem)"
        case .duplicateMaskPattern(let value, let name):
            "--mask-pattern \"\(value)\": another pattern is already named \"\(name)\""
        case .tooManyMaskPatterns(let count):
            "--mask-pattern may be given at most \(ServerSettings.maxMaskPatterns) times, got \(count)"
        }
    }
}
