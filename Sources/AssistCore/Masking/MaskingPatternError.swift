/// Why a masking pattern cannot be used; the server names the option and
/// the value around it.
public enum MaskingPatternError: Error, Hashable, CustomStringConvertible {
    /// The value has no `=` between a name and an expression.
    case noName
    /// The name is empty, too long or has other characters than letters,
    /// digits, spaces, `-`, `_` and `.`.
    case badName(String)
    /// The name is a built-in kind's (`cardNumber`, `socialSecurityNumber`, `iban`).
    case reservedName(String)
    /// The expression is empty or does not compile.
    case badExpression(name: String, reason: String)

    /// What is wrong, in words.
    public var description: String {
        switch self {
        case .noName:
            "write it as NAME=REGEX"
        case .badName(let name):
            "the name \"\(name)\" must be 1 to \(MaskingPattern.maxNameLength) letters, digits, spaces, '-', '_' or '.'"
        case .reservedName(let name):
            "the name \"\(name)\" is a built-in kind's; choose another"
        case .badExpression(let name, let reason):
            "the regular expression of \"\(name)\" cannot be used: \(reason)"
        }
    }
}
