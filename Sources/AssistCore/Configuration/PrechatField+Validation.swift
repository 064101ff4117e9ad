import Foundation

extension PrechatField {
    /// Checks the field: a label that is not blank, a `maxLength` ≥ 1, a
    /// picker with options of unique values, a value for read-only and hidden
    /// fields, and an application-supplied value that fits the kind.
    func validate(at path: ConfigurationPath) throws(ConfigurationError) {
        if label.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw path.child("label").invalid(Expectation.nonEmptyString, got: .string(label))
        }
        switch kind {
        case .text(let maxLength?) where maxLength < 1:
            throw path.child("maxLength").invalid(Expectation.maxLength, got: .number(Double(maxLength)))
        case .picker(let options):
            try Self.validate(options, at: path.child("options"))
        case .text, .email, .phone, .number, .checkbox:
            break
        }
        guard let value else {
            if presentation != .editable {
                throw path.child("value").error(
                    .missingKey, "is missing, but a field whose \"presentation\" is \"\(presentation.rawValue)\" needs one")
            }
            return
        }
        try validate(value: value, at: path.child("value"))
    }

    private func validate(value: String, at path: ConfigurationPath) throws(ConfigurationError) {
        switch kind {
        case .checkbox where value != "true" && value != "false":
            throw path.invalid(Expectation.oneOf(["true", "false"]), got: .string(value))
        case .picker(let options) where !options.contains { $0.value == value }:
            throw path.invalid(Expectation.oneOf(options.map(\.value)), got: .string(value))
        case .number where Double(value) == nil:
            throw path.invalid("a decimal number written as a string, e.g. \"42\"", got: .string(value))
        case .text(let maxLength?) where value.count > maxLength:
            throw path.error(
                .invalidValue, "must be at most \(maxLength) characters long (\"maxLength\"), got \(value.count)")
        default:
            break
        }
    }

    private static func validate(_ options: [PrechatPickerOption], at path: ConfigurationPath) throws(ConfigurationError) {
        if options.isEmpty {
            throw path.error(.invalidValue, "must list at least one option")
        }
        var seenValues: Set<String> = []
        for (index, option) in options.enumerated() {
            let optionPath = path.element(index)
            if option.label.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                throw optionPath.child("label").invalid(Expectation.nonEmptyString, got: .string(option.label))
            }
            if !seenValues.insert(option.value).inserted {
                throw optionPath.child("value").error(
                    .invalidValue, "must be unique within the picker, but \"\(option.value)\" is used twice")
            }
        }
    }
}
