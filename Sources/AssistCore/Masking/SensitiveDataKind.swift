/// A kind of sensitive data the server masks in chat text, as the
/// `maskedKinds` of a chat receipt names it (`docs/protocol.md` §11.7).
public enum SensitiveDataKind: Sendable, Hashable {
    /// A payment card number (13–19 digits that pass the Luhn check);
    /// `cardNumber` on the wire.
    case cardNumber
    /// A US social security number; `socialSecurityNumber` on the wire.
    case socialSecurityNumber
    /// An international bank account number that passes the ISO 13616
    /// mod-97 check; `iban` on the wire.
    case iban
    /// Text matching one of the server's own patterns, by the pattern's name
    /// (any other string on the wire).
    case pattern(String)

    /// The built-in kinds' wire names, which no pattern may take.
    public static let builtInNames: Set<String> = ["cardNumber", "socialSecurityNumber", "iban"]

    /// The kind a wire name stands for: a built-in name, or a pattern's.
    public init(wireName: String) {
        switch wireName {
        case "cardNumber": self = .cardNumber
        case "socialSecurityNumber": self = .socialSecurityNumber
        case "iban": self = .iban
        default: self = .pattern(wireName)
        }
    }

    /// The name a chat receipt carries.
    public var wireName: String {
        switch self {
        case .cardNumber: "cardNumber"
        case .socialSecurityNumber: "socialSecurityNumber"
        case .iban: "iban"
        case .pattern(let name): name
        }
    }
}
