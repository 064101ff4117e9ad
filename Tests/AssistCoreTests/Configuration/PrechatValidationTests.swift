import AssistCore
import Foundation
import Testing

@Suite("Pre-chat fields and entities")
struct PrechatValidationTests {
    static let fieldRejections: [ConfigurationRejectionRow] = [
        ConfigurationRejectionRow(
            #"{"prechatFields": {"label": "Email"}}"#, .wrongType, key: "prechatFields",
            #"test.json: "prechatFields" must be an array of pre-chat field objects, got an object"#),
        ConfigurationRejectionRow(
            #"{"prechatFields": ["Email"]}"#, .wrongType, key: "prechatFields[0]",
            #"test.json: "prechatFields[0]" must be a pre-chat field object, got "Email""#),
        ConfigurationRejectionRow(
            #"{"prechatFields": [{"kind": "email"}]}"#, .missingKey, key: "prechatFields[0].label",
            #"test.json: "prechatFields[0].label" is missing"#),
        ConfigurationRejectionRow(
            #"{"prechatFields": [{"label": "  "}]}"#, .invalidValue, key: "prechatFields[0].label",
            #"test.json: "prechatFields[0].label" must be a non-empty string, got "  ""#),
        ConfigurationRejectionRow(
            #"{"prechatFields": [{"label": "Name"}, {"lable": "Email"}]}"#, .unknownKey, key: "prechatFields[1].lable",
            #"test.json: "prechatFields[1].lable" is not a known key; did you mean "label"?"#),
        ConfigurationRejectionRow(
            #"{"prechatFields": [{"label": "Name"}, {"label": "Email"}, {"label": "Born", "kind": "date"}]}"#,
            .invalidValue, key: "prechatFields[2].kind",
            #"test.json: "prechatFields[2].kind" must be one of "text", "email", "phone", "number", "picker", "checkbox", got "date""#
        ),
        ConfigurationRejectionRow(
            #"{"prechatFields": [{"label": "Email", "kind": "email", "maxLength": 80}]}"#, .invalidValue,
            key: "prechatFields[0].maxLength",
            #"test.json: "prechatFields[0].maxLength" is only allowed when "kind" is "text""#),
        ConfigurationRejectionRow(
            #"{"prechatFields": [{"label": "Name", "options": []}]}"#, .invalidValue, key: "prechatFields[0].options",
            #"test.json: "prechatFields[0].options" is only allowed when "kind" is "picker""#),
        ConfigurationRejectionRow(
            #"{"prechatFields": [{"label": "Name", "maxLength": 0}]}"#, .invalidValue, key: "prechatFields[0].maxLength",
            #"test.json: "prechatFields[0].maxLength" must be a whole number ≥ 1, got 0"#),
        ConfigurationRejectionRow(
            #"{"prechatFields": [{"label": "Name", "maxLength": 2.5}]}"#, .invalidValue,
            key: "prechatFields[0].maxLength",
            #"test.json: "prechatFields[0].maxLength" must be a whole number ≥ 1, got 2.5"#),
        ConfigurationRejectionRow(
            #"{"prechatFields": [{"label": "Topic", "kind": "picker"}]}"#, .missingKey, key: "prechatFields[0].options",
            #"test.json: "prechatFields[0].options" is missing"#),
        ConfigurationRejectionRow(
            #"{"prechatFields": [{"label": "Topic", "kind": "picker", "options": []}]}"#, .invalidValue,
            key: "prechatFields[0].options",
            #"test.json: "prechatFields[0].options" must list at least one option"#),
        ConfigurationRejectionRow(
            #"{"prechatFields": [{"label": "Topic", "kind": "picker", "options": [{"label": "A"}]}]}"#, .missingKey,
            key: "prechatFields[0].options[0].value",
            #"test.json: "prechatFields[0].options[0].value" is missing"#),
        ConfigurationRejectionRow(
            #"{"prechatFields": [{"label": "Topic", "kind": "picker", "options": [{"label": "A", "value": "x"}, {"label": "B", "value": "x"}]}]}"#,
            .invalidValue, key: "prechatFields[0].options[1].value",
            #"test.json: "prechatFields[0].options[1].value" must be unique within the picker, but "x" is used twice"#
        ),
        ConfigurationRejectionRow(
            #"{"prechatFields": [{"label": "Plan", "presentation": "hidden"}]}"#, .missingKey,
            key: "prechatFields[0].value",
            #"test.json: "prechatFields[0].value" is missing, but a field whose "presentation" is "hidden" needs one"#
        ),
        ConfigurationRejectionRow(
            #"{"prechatFields": [{"label": "Id", "presentation": "readOnly", "value": null}]}"#, .missingKey,
            key: "prechatFields[0].value",
            #"test.json: "prechatFields[0].value" is missing, but a field whose "presentation" is "readOnly" needs one"#
        ),
        ConfigurationRejectionRow(
            #"{"prechatFields": [{"label": "Id", "presentation": "invisible", "value": "1"}]}"#, .invalidValue,
            key: "prechatFields[0].presentation",
            #"test.json: "prechatFields[0].presentation" must be one of "editable", "readOnly", "hidden", got "invisible""#
        ),
        ConfigurationRejectionRow(
            #"{"prechatFields": [{"label": "Id", "isRequired": "yes"}]}"#, .wrongType, key: "prechatFields[0].isRequired",
            #"test.json: "prechatFields[0].isRequired" must be true or false, got "yes""#),
        ConfigurationRejectionRow(
            #"{"prechatFields": [{"label": "Id", "value": 42}]}"#, .wrongType, key: "prechatFields[0].value",
            #"test.json: "prechatFields[0].value" must be a string or null, got 42"#),
        ConfigurationRejectionRow(
            #"{"prechatFields": [{"label": "Copy", "kind": "checkbox", "value": "yes"}]}"#, .invalidValue,
            key: "prechatFields[0].value",
            #"test.json: "prechatFields[0].value" must be one of "true", "false", got "yes""#),
        ConfigurationRejectionRow(
            #"{"prechatFields": [{"label": "Topic", "kind": "picker", "options": [{"label": "A", "value": "a"}], "value": "b"}]}"#,
            .invalidValue, key: "prechatFields[0].value",
            #"test.json: "prechatFields[0].value" must be one of "a", got "b""#),
        ConfigurationRejectionRow(
            #"{"prechatFields": [{"label": "Seats", "kind": "number", "value": "ten"}]}"#, .invalidValue,
            key: "prechatFields[0].value",
            #"test.json: "prechatFields[0].value" must be a decimal number written as a string, e.g. "42", got "ten""#),
        ConfigurationRejectionRow(
            #"{"prechatFields": [{"label": "Code", "maxLength": 3, "value": "ABCD"}]}"#, .invalidValue,
            key: "prechatFields[0].value",
            #"test.json: "prechatFields[0].value" must be at most 3 characters long ("maxLength"), got 4"#),
        ConfigurationRejectionRow(
            #"{"prechatFields": [{"label": "Email"}, {"label": "Email", "kind": "email"}]}"#, .invalidValue,
            key: "prechatFields[1].label",
            #"test.json: "prechatFields[1].label" must be unique, but "Email" is already the label of prechatFields[0]"#
        ),
    ]

    static let entityRejections: [ConfigurationRejectionRow] = [
        ConfigurationRejectionRow(
            #"{"prechatEntities": [{"fields": []}]}"#, .missingKey, key: "prechatEntities[0].entityName",
            #"test.json: "prechatEntities[0].entityName" is missing"#),
        ConfigurationRejectionRow(
            #"{"prechatEntities": [{"entityName": "Case"}]}"#, .missingKey, key: "prechatEntities[0].fields",
            #"test.json: "prechatEntities[0].fields" is missing"#),
        ConfigurationRejectionRow(
            #"{"prechatEntities": [{"entityName": "Case", "fields": []}]}"#, .invalidValue,
            key: "prechatEntities[0].fields",
            #"test.json: "prechatEntities[0].fields" must list at least one field"#),
        ConfigurationRejectionRow(
            #"{"prechatEntities": [{"entityName": "", "fields": []}]}"#, .invalidValue,
            key: "prechatEntities[0].entityName",
            #"test.json: "prechatEntities[0].entityName" must be a non-empty string, got """#),
        ConfigurationRejectionRow(
            #"{"prechatEntities": [{"entityName": "Case", "fields": [{"fieldName": "Subject", "label": "Subject"}]}]}"#,
            .invalidValue, key: "prechatEntities[0].fields[0].label",
            #"test.json: "prechatEntities[0].fields[0].label" must be the label of a pre-chat field, but "prechatFields" is empty"#
        ),
        ConfigurationRejectionRow(
            #"{"prechatFields": [{"label": "Name"}, {"label": "Email"}], "prechatEntities": [{"entityName": "Contact", "fields": [{"fieldName": "LastName", "label": "Name"}, {"fieldName": "Email", "label": "E-mail"}]}]}"#,
            .invalidValue, key: "prechatEntities[0].fields[1].label",
            #"test.json: "prechatEntities[0].fields[1].label" must be the label of a pre-chat field, one of "Name", "Email", got "E-mail""#
        ),
        ConfigurationRejectionRow(
            #"{"prechatFields": [{"label": "Name"}], "prechatEntities": [{"entityName": "Case", "linkToEntityName": "Contact", "fields": [{"fieldName": "Subject", "label": "Name"}]}]}"#,
            .missingKey, key: "prechatEntities[0].linkToEntityField",
            #"test.json: "prechatEntities[0].linkToEntityField" is missing, but "linkToEntityName" is set"#),
        ConfigurationRejectionRow(
            #"{"prechatFields": [{"label": "Name"}], "prechatEntities": [{"entityName": "Case", "fields": [{"fieldName": " ", "label": "Name"}]}]}"#,
            .invalidValue, key: "prechatEntities[0].fields[0].fieldName",
            #"test.json: "prechatEntities[0].fields[0].fieldName" must be a non-empty string, got " ""#),
        ConfigurationRejectionRow(
            #"{"prechatFields": [{"label": "Name"}], "prechatEntities": [{"entityName": "Case", "fields": [{"fieldName": "Subject", "label": "Name", "doFind": "yes"}]}]}"#,
            .wrongType, key: "prechatEntities[0].fields[0].doFind",
            #"test.json: "prechatEntities[0].fields[0].doFind" must be true or false, got "yes""#),
        ConfigurationRejectionRow(
            #"{"prechatEntities": [{"entityName": "Case", "fields": [], "showOnCreat": true}]}"#, .unknownKey,
            key: "prechatEntities[0].showOnCreat",
            #"test.json: "prechatEntities[0].showOnCreat" is not a known key; did you mean "showOnCreate"?"#),
    ]

    @Test("Invalid pre-chat fields are rejected with the dotted path of the offending key", arguments: fieldRejections)
    func rejectsField(_ row: ConfigurationRejectionRow) {
        row.check()
    }

    @Test("Invalid pre-chat entities are rejected with the dotted path of the offending key", arguments: entityRejections)
    func rejectsEntity(_ row: ConfigurationRejectionRow) {
        row.check()
    }

    @Test("Every field kind, presentation and entity key is read into the model")
    func readsFullForm() throws {
        let configuration = try ConfigurationFixtures.decode(
            #"""
            {
              "prechatFields": [
                {"label": "Name", "isRequired": true, "maxLength": 40, "value": "Jane"},
                {"label": "Email", "kind": "email", "value": "jane@example.com", "presentation": "readOnly"},
                {"label": "Phone", "kind": "phone"},
                {"label": "Seats", "kind": "number", "value": "2.5"},
                {"label": "Topic", "kind": "picker", "options": [{"label": "Billing", "value": "billing"}], "value": "billing", "presentation": "hidden"},
                {"label": "Copy", "kind": "checkbox", "value": "true"}
              ],
              "prechatEntities": [
                {"entityName": "Case", "saveToTranscript": "CaseId", "linkToEntityName": "Contact",
                 "linkToEntityField": "ContactId", "showOnCreate": true,
                 "fields": [{"fieldName": "Email", "label": "Email", "doFind": true, "isExactMatch": true, "doCreate": true}]}
              ]
            }
            """#)
        #expect(
            configuration.prechatFields == [
                PrechatField(label: "Name", kind: .text(maxLength: 40), isRequired: true, value: "Jane"),
                PrechatField(label: "Email", kind: .email, value: "jane@example.com", presentation: .readOnly),
                PrechatField(label: "Phone", kind: .phone),
                PrechatField(label: "Seats", kind: .number, value: "2.5"),
                PrechatField(
                    label: "Topic", kind: .picker(options: [PrechatPickerOption(label: "Billing", value: "billing")]),
                    value: "billing", presentation: .hidden),
                PrechatField(label: "Copy", kind: .checkbox, value: "true"),
            ])
        #expect(
            configuration.prechatEntities == [
                PrechatEntity(
                    entityName: "Case", saveToTranscript: "CaseId", linkToEntityName: "Contact",
                    linkToEntityField: "ContactId", showOnCreate: true,
                    fields: [
                        PrechatEntityField(fieldName: "Email", label: "Email", doFind: true, isExactMatch: true, doCreate: true)
                    ])
            ])
    }

    @Test("A field with only a label is an optional, editable text field with no value")
    func minimalField() throws {
        let configuration = try ConfigurationFixtures.decode(#"{"prechatFields": [{"label": "Question"}]}"#)
        #expect(configuration.prechatFields == [PrechatField(label: "Question")])
        #expect(configuration.prechatFields.first?.kind == .text(maxLength: nil))
        #expect(configuration.prechatFields.first?.presentation == .editable)
    }

    @Test("Each kind reports the name it is written with in JSON")
    func kindNames() {
        let kinds: [PrechatField.Kind] = [.text(), .email, .phone, .number, .picker(options: []), .checkbox]
        #expect(kinds.map(\.name) == PrechatField.Kind.allNames)
    }
}
