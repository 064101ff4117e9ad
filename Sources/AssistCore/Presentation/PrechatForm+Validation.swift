extension PrechatForm {
    /// What is wrong with `value` (already without surrounding spaces) in
    /// `field`, or `nil` when it is fine.
    static func problem(with value: String, in field: PrechatField) -> PrechatFieldError.Problem? {
        if field.kind == .checkbox {
            guard value == "true" || value == "false" else { return .notAnOption }
            return field.isRequired && value == "false" ? .mustBeChecked : nil
        }
        if value.isEmpty {
            return field.isRequired ? .missing : nil
        }
        switch field.kind {
        case .text(let maxLength):
            let maximum = min(maxLength ?? ProtocolLimits.maxPreChatValue, ProtocolLimits.maxPreChatValue)
            return value.count > maximum ? .tooLong(maximum: maximum, length: value.count) : nil
        case .email:
            return isEmailAddress(value) ? nil : .malformedEmail
        case .phone:
            return isPhoneNumber(value) ? nil : .malformedPhone
        case .number:
            return isDecimalNumber(value) ? nil : .notANumber
        case .picker(let options):
            return options.contains { $0.value == value } ? nil : .notAnOption
        case .checkbox:
            return nil
        }
    }

    private static func isEmailAddress(_ value: String) -> Bool {
        let parts = value.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, let local = parts.first, let domain = parts.last,
            !local.isEmpty, !local.contains(where: \.isWhitespace),
            !local.hasPrefix("."), !local.hasSuffix("."), !local.contains("..")
        else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        return labels.count >= 2
            && labels.allSatisfy { label in
                !label.isEmpty && !label.hasPrefix("-") && !label.hasSuffix("-")
                    && label.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" }
            }
    }

    private static func isPhoneNumber(_ value: String) -> Bool {
        var digits = 0
        var inParentheses = false
        for (offset, character) in value.enumerated() {
            switch character {
            case "0"..."9":
                digits += 1
            case " ", "-":
                break
            case "+" where offset == 0:
                break
            case "(" where !inParentheses:
                inParentheses = true
            case ")" where inParentheses:
                inParentheses = false
            default:
                return false
            }
        }
        return !inParentheses && phoneDigits.contains(digits)
    }

    private static func isDecimalNumber(_ value: String) -> Bool {
        var rest = Substring(value)
        if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.contains(where: { !$0.isEmpty }) else { return false }
        return parts.allSatisfy { $0.allSatisfy { ("0"..."9").contains($0) } }
    }
}
