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
        case 2: listed = "\(phrases[0]) and \(phrases[1])"
        default: listed = phrases.dropLast().joined(separator: ", ") + " and " + phrases[phrases.count - 1]
        }
        let sentence = maskedKinds.count == 1 ? "\(listed) was hidden to protect it." : "\(listed) were hidden to protect them."
        return sentence.prefix(1).uppercased() + sentence.dropFirst()
    }
}

extension SensitiveDataKind {
    /// How a masking note names the kind: "a card number".
    fileprivate var notePhrase: String {
        switch self {
        case .cardNumber: "a card number"
        case .socialSecurityNumber: "a social security number"
        case .iban: "a bank account number"
        case .pattern(let name): "text matching “\(name)”"
        }
    }
}
