import AssistCore
import CGtk
import Testing

@testable import AssistGtk

@Suite("Pre-chat form view", .serialized)
@MainActor
struct PrechatFormViewTests {
    init() {
        ViewHarness.start()
    }

    private static let fields = [
        PrechatField(label: "Name", isRequired: true),
        PrechatField(label: "Email", kind: .email, isRequired: true),
        PrechatField(
            label: "Product", kind: .picker(options: [.init(label: "Desktop app", value: "desktop"), .init(label: "Web", value: "web")])),
        PrechatField(label: "Accept terms", kind: .checkbox, isRequired: true),
        PrechatField(label: "Account", value: "A-42", presentation: .hidden),
        PrechatField(label: "Plan", value: "Gold", presentation: .readOnly),
    ]

    private func row(_ view: PrechatFormView, _ label: String) throws -> PrechatFieldRow {
        try #require(view.rows.first { $0.label == label })
    }

    private func type(_ text: String, into row: PrechatFieldRow) throws {
        guard case .entry(let entry) = row.input else { throw RowKindMismatch() }
        gtk_editable_set_text(GtkCast.opaque(entry), text)
    }

    @Test("an invalid email marks that field, names it in the summary and does not submit")
    func invalidEmailBlocksSubmission() throws {
        let view = PrechatFormView(form: PrechatForm(fields: Self.fields), visitorName: "Sam")
        var submitted: PrechatSubmission?
        view.onSubmit = { submitted = $0 }
        try type("Sam Lee", into: row(view, "Name"))
        try type("sam@", into: row(view, "Email"))
        gtk_check_button_set_active(GtkCast.pointer(try row(view, "Accept terms").input.widget), 1)
        assist_signal_emit_void(view.startButton, "clicked")
        #expect(submitted == nil)
        #expect(gtk_widget_has_css_class(try row(view, "Email").input.widget, "error") != 0)
        #expect(gtk_widget_has_css_class(try row(view, "Name").input.widget, "error") == 0)
        #expect(gtk_widget_get_visible(view.summaryLabel) != 0)
        #expect(ViewHarness.text(view.summaryLabel) == "Check the field “Email”.")
    }

    @Test("a valid form submits every answer in form order, hidden ones included, with the visitor's name")
    func validFormSubmitsAnswersInOrder() throws {
        let view = PrechatFormView(form: PrechatForm(fields: Self.fields), visitorName: " Sam ")
        var submitted: PrechatSubmission?
        view.onSubmit = { submitted = $0 }
        try type("Sam Lee", into: row(view, "Name"))
        try type(" sam@example.com ", into: row(view, "Email"))
        gtk_drop_down_set_selected(GtkCast.opaque(try row(view, "Product").input.widget), 2)
        gtk_check_button_set_active(GtkCast.pointer(try row(view, "Accept terms").input.widget), 1)
        assist_signal_emit_void(view.startButton, "clicked")
        let submission = try #require(submitted)
        #expect(submission.answers.map(\.label) == ["Name", "Email", "Product", "Accept terms", "Account", "Plan"])
        #expect(submission.answers.map(\.value) == ["Sam Lee", "sam@example.com", "web", "true", "A-42", "Gold"])
        #expect(submission.visitorName == "Sam")
    }

    @Test("fixing the field clears its mark on the next submit")
    func fixingClearsMark() throws {
        let view = PrechatFormView(form: PrechatForm(fields: [Self.fields[1]]), visitorName: "")
        var submissions = 0
        view.onSubmit = { _ in submissions += 1 }
        assist_signal_emit_void(view.startButton, "clicked")
        #expect(gtk_widget_has_css_class(try row(view, "Email").input.widget, "error") != 0)
        try type("sam@example.com", into: row(view, "Email"))
        assist_signal_emit_void(view.startButton, "clicked")
        #expect(gtk_widget_has_css_class(try row(view, "Email").input.widget, "error") == 0)
        #expect(gtk_widget_get_visible(view.summaryLabel) == 0)
        #expect(submissions == 1)
    }

    @Test("Enter in the last entry submits the form")
    func enterInLastEntrySubmits() throws {
        let view = PrechatFormView(form: PrechatForm(fields: Array(Self.fields.prefix(2))), visitorName: "")
        var submitted = false
        view.onSubmit = { _ in submitted = true }
        try type("Sam", into: row(view, "Name"))
        try type("sam@example.com", into: row(view, "Email"))
        assist_signal_emit_void(try row(view, "Name").input.widget, "activate")
        #expect(!submitted, "Enter in the first entry moves on instead")
        assist_signal_emit_void(try row(view, "Email").input.widget, "activate")
        #expect(submitted)
    }

    @Test("only shown fields get a row, by kind, and a read-only field cannot be edited")
    func rowsByKind() throws {
        let view = PrechatFormView(form: PrechatForm(fields: Self.fields), visitorName: "")
        #expect(view.rows.map(\.label) == ["Name", "Email", "Product", "Accept terms", "Plan"])
        guard case .entry(let email) = try row(view, "Email").input else { throw RowKindMismatch() }
        #expect(gtk_entry_get_input_purpose(GtkCast.pointer(email)) == GTK_INPUT_PURPOSE_EMAIL)
        guard case .picker(_, let values) = try row(view, "Product").input else { throw RowKindMismatch() }
        #expect(values == ["", "desktop", "web"])
        guard case .entry(let plan) = try row(view, "Plan").input else { throw RowKindMismatch() }
        #expect(gtk_editable_get_editable(GtkCast.opaque(plan)) == 0)
    }
}

/// A row's input was not the kind of widget the test expected.
private struct RowKindMismatch: Error {}
