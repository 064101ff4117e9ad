extension ChatEntry {
    /// The line under one of the person's messages in which the server
    /// masked something: "A card number was hidden to protect it."; `nil`
    /// when nothing was masked.
    public var maskingNote: String? {
        guard !maskedKinds.isEmpty else { return nil }
        let phrases = maskedKinds.map(\.notePhrase)
        let listed: String
        switch phrases.count {
        case 1: listed = phrases[0]
        default: listed = localized("{list} and {last}", ["list": phrases.dropLast().joined(separator: ", "), "last": phrases[phrases.count - 1]])
        }
        let sentence = localizedPlural(
            "{what} was hidden to protect it.", "{what} were hidden to protect them.", count: maskedKinds.count, ["what": listed])
        return sentence.prefix(1).uppercased() + sentence.dropFirst()
    }
}

extension SensitiveDataKind {
    /// How a masking note names the kind: "a card number".
    fileprivate var notePhrase: String {
        switch self {
        case .cardNumber: localized("a card number")
        case .socialSecurityNumber: localized("a social security number")
        case .iban: localized("a bank account number")
        case .pattern(let name): localized("text matching “{name}”", ["name": name])
        }
    }
}
