extension PrechatValidationFailure {
    /// The sentence at the top of the form naming the fields to fix, e.g.
    /// `Check 2 fields: “Email” and “Phone”.`
    public var summary: String {
        let names = errors.map { localized("“{label}”", ["label": $0.label]) }
        switch names.count {
        case 1:
            return localized("Check the field {name}.", ["name": names[0]])
        default:
            let list = localized("{list} and {last}", ["list": names.dropLast().joined(separator: ", "), "last": names[names.count - 1]])
            return localizedPlural("Check {count} field: {list}.", "Check {count} fields: {list}.", count: names.count, ["list": list])
        }
    }
}
