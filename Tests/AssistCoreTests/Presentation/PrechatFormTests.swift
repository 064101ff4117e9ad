import AssistCore
import Testing

@Suite("Pre-chat form")
struct PrechatFormTests {
    private func problems(_ kind: PrechatField.Kind, _ value: String, required: Bool = true) -> [PrechatFieldError.Problem] {
        var form = PrechatForm(fields: [PrechatField(label: "Field", kind: kind, isRequired: required)])
        form.setValue(value, forField: "Field")
        return form.errors.map(\.problem)
    }

    @Test("a required field left empty or blank is missing")
    func missing() {
        for kind: PrechatField.Kind in [.text(), .email, .phone, .number, .picker(options: [.init(label: "A", value: "a")])] {
            #expect(problems(kind, "") == [.missing])
            #expect(problems(kind, "   ") == [.missing])
        }
    }

    @Test("an optional field may stay empty")
    func optionalEmpty() {
        for kind: PrechatField.Kind in [.text(), .email, .phone, .number, .checkbox] {
            #expect(problems(kind, kind == .checkbox ? "false" : "", required: false).isEmpty)
        }
    }

    @Test("text within maxLength is valid and longer text is not")
    func text() {
        #expect(problems(.text(maxLength: 5), "hello").isEmpty)
        #expect(problems(.text(maxLength: 5), "hello!") == [.tooLong(maximum: 5, length: 6)])
        #expect(problems(.text(), String(repeating: "x", count: 4_001)) == [.tooLong(maximum: 4_000, length: 4_001)])
    }

    @Test("email addresses are accepted and malformed ones rejected")
    func email() {
        for valid in ["sam@example.com", " sam.lee+help@mail.example.co.uk ", "a@b.c"] {
            #expect(problems(.email, valid).isEmpty, "\(valid)")
        }
        for invalid in ["sam", "sam@", "@example.com", "sam@example", "sam@@example.com", "sam lee@example.com",
            "sam@exa mple.com", "sam@.example.com", "sam@example..com", ".sam@example.com", "sam..lee@example.com",
            "sam@-example.com"]
        {
            #expect(problems(.email, invalid) == [.malformedEmail], "\(invalid)")
        }
    }

    @Test("phone numbers of 6 to 20 digits with spaces, dashes, parentheses and a leading plus are accepted")
    func phone() {
        for valid in ["+44 20 7946 0958", "(020) 7946-0958", "123456", "12345678901234567890"] {
            #expect(problems(.phone, valid).isEmpty, "\(valid)")
        }
        for invalid in ["12345", "123456789012345678901", "020 7946 abc", "44+20 7946 0958", "(020 7946 0958",
            "020) 7946 0958", "((020)) 7946 0958", "020.7946.0958"]
        {
            #expect(problems(.phone, invalid) == [.malformedPhone], "\(invalid)")
        }
    }

    @Test("numbers are accepted and anything else is not a number")
    func number() {
        for valid in ["42", "-3.5", "+7", ".5", "1."] {
            #expect(problems(.number, valid).isEmpty, "\(valid)")
        }
        for invalid in ["forty", "3,5", "1e3", "0x10", "1.2.3", ".", "-", "nan", "inf"] {
            #expect(problems(.number, invalid) == [.notANumber], "\(invalid)")
        }
    }

    @Test("a picker value must be one of its options")
    func picker() {
        let kind = PrechatField.Kind.picker(options: [.init(label: "Billing", value: "billing")])
        #expect(problems(kind, "billing").isEmpty)
        #expect(problems(kind, "Billing") == [.notAnOption])
        #expect(problems(kind, "", required: false).isEmpty)
    }

    @Test("a required checkbox must be checked and an optional one may not be")
    func checkbox() {
        #expect(problems(.checkbox, "true").isEmpty)
        #expect(problems(.checkbox, "false") == [.mustBeChecked])
        #expect(problems(.checkbox, "false", required: false).isEmpty)
        #expect(problems(.checkbox, "yes", required: false) == [.notAnOption])
        #expect(PrechatForm(fields: [PrechatField(label: "Agree", kind: .checkbox)]).value(forField: "Agree") == "false")
    }

    @Test("each error names the field and says what is wrong in one sentence")
    func messages() {
        func message(_ problem: PrechatFieldError.Problem) -> String {
            PrechatFieldError(label: "Email", problem: problem).message
        }
        #expect(message(.missing) == "“Email” is required.")
        #expect(message(.mustBeChecked) == "“Email” must be checked to continue.")
        #expect(message(.malformedEmail) == "“Email” must be an email address, such as sam@example.com.")
        #expect(message(.malformedPhone) == "“Email” must be a phone number of 6 to 20 digits, such as +44 20 7946 0958.")
        #expect(message(.notANumber) == "“Email” must be a number, such as 42 or 3.5.")
        #expect(message(.notAnOption) == "“Email” must be one of the choices offered.")
        #expect(message(.tooLong(maximum: 80, length: 95)) == "“Email” must be at most 80 characters long; it has 95.")
    }

    private let fields = [
        PrechatField(label: "Name", isRequired: true),
        PrechatField(label: "Account", value: "A-17", presentation: .hidden),
        PrechatField(label: "Email", kind: .email, isRequired: true, value: "sam@example.com", presentation: .readOnly),
        PrechatField(label: "Age", kind: .number),
        PrechatField(label: "Agree", kind: .checkbox, isRequired: true),
    ]

    @Test("hidden fields are not shown and read-only ones are shown, not editable, with their values")
    func visibility() {
        let form = PrechatForm(fields: fields)
        #expect(form.visibleFields.map(\.label) == ["Name", "Email", "Age", "Agree"])
        #expect(form.visibleFields[1] == PrechatFormField(
            label: "Email", kind: .email, isRequired: true, isEditable: false, value: "sam@example.com"))
        #expect(form.visibleFields[0].isEditable)
        #expect(!form.isEmpty)
        #expect(PrechatForm(fields: [fields[1]]).isEmpty)
    }

    @Test("read-only and hidden values cannot be changed")
    func fixedValues() {
        var form = PrechatForm(fields: fields)
        let changedReadOnly = form.setValue("x@example.com", forField: "Email")
        let changedHidden = form.setValue("B-1", forField: "Account")
        let changedUnknown = form.setValue("x", forField: "Nope")
        #expect(!changedReadOnly)
        #expect(!changedHidden)
        #expect(!changedUnknown)
        #expect(form.value(forField: "Email") == "sam@example.com")
        #expect(form.value(forField: "Account") == "A-17")
    }

    @Test("nothing is sent while any field is invalid, and every error is listed in form order")
    func invalidNotSent() {
        var form = PrechatForm(fields: fields)
        form.setValue("old", forField: "Age")
        #expect(throws: PrechatValidationFailure(errors: [
            PrechatFieldError(label: "Name", problem: .missing),
            PrechatFieldError(label: "Age", problem: .notANumber),
            PrechatFieldError(label: "Agree", problem: .mustBeChecked),
        ])) {
            try form.submission(visitorName: "Sam")
        }
    }

    @Test("a valid form sends every answer in form order, hidden ones included, trimmed")
    func answers() throws {
        var form = PrechatForm(fields: fields)
        form.setValue("  Sam Lee ", forField: "Name")
        form.setValue("true", forField: "Agree")
        let submission = try form.submission(visitorName: " Sam ")
        #expect(submission.answers == [
            PrechatAnswer(label: "Name", value: "Sam Lee"),
            PrechatAnswer(label: "Account", value: "A-17"),
            PrechatAnswer(label: "Email", value: "sam@example.com"),
            PrechatAnswer(label: "Age", value: ""),
            PrechatAnswer(label: "Agree", value: "true"),
        ])
        #expect(submission.visitorName == "Sam")
        #expect(try form.submission(visitorName: "  ").visitorName == nil)
    }
}
