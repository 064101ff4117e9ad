extension PrechatValidationFailure {
    /// The sentence at the top of the form naming the fields to fix, e.g.
    /// `Check 2 fields: “Email” and “Phone”.`
    public var summary: String {
        let names = errors.map { "“\($0.label)”" }
        switch names.count {
        case 1:
            return "Check the field \(names[0])."
        default:
            let list = names.dropLast().joined(separator: ", ") + " and " + names[names.count - 1]
            return "Check \(names.count) fields: \(list)."
        }
    }
}
