import Foundation

extension PrechatEntity {
    /// Checks the entity: a name that is not blank, `linkToEntityName` and
    /// `linkToEntityField` set together, at least one field mapping, and every
    /// mapping naming a field and the label of one of `fieldLabels`.
    func validate(at path: ConfigurationPath, fieldLabels: [String]) throws(ConfigurationError) {
        if entityName.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw path.child("entityName").invalid(Expectation.nonEmptyString, got: .string(entityName))
        }
        switch (linkToEntityName, linkToEntityField) {
        case (.some, nil):
            throw path.child("linkToEntityField").error(.missingKey, "is missing, but \"linkToEntityName\" is set")
        case (nil, .some):
            throw path.child("linkToEntityName").error(.missingKey, "is missing, but \"linkToEntityField\" is set")
        default:
            break
        }
        if fields.isEmpty {
            throw path.child("fields").error(.invalidValue, "must list at least one field")
        }
        for (index, field) in fields.enumerated() {
            let fieldPath = path.child("fields").element(index)
            if field.fieldName.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                throw fieldPath.child("fieldName").invalid(Expectation.nonEmptyString, got: .string(field.fieldName))
            }
            guard fieldLabels.contains(field.label) else {
                let labelPath = fieldPath.child("label")
                if fieldLabels.isEmpty {
                    throw labelPath.error(
                        .invalidValue, "must be the label of a pre-chat field, but \"prechatFields\" is empty")
                }
                throw labelPath.invalid(
                    "the label of a pre-chat field, \(Expectation.oneOf(fieldLabels))", got: .string(field.label))
            }
        }
    }
}
