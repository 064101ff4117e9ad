import AssistCore
import CGtk

/// The pre-chat form: one row per shown field, a summary of what to fix,
/// and a "Start chat" button.
///
/// On submit the view enters every editable input's value into the form.
/// If any is wrong, each bad field is marked with its message and the
/// summary names them all (it has the `alert` role, so screen readers read
/// it); otherwise ``onSubmit`` receives the submission. Enter in an entry
/// moves to the next field, and in the last entry submits.
@MainActor
public final class PrechatFormView {
    /// The form, scrollable when it is taller than the window.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// Called with what to send when the person submits a valid form.
    public var onSubmit: (PrechatSubmission) -> Void = { _ in }

    private var form: PrechatForm
    private let visitorName: String
    let rows: [PrechatFieldRow]
    let summaryLabel: UnsafeMutablePointer<GtkWidget>
    let startButton: UnsafeMutablePointer<GtkWidget>

    /// The form for `form`; `visitorName` is sent with the answers.
    public init(form: PrechatForm, visitorName: String) {
        self.form = form
        self.visitorName = visitorName
        rows = form.visibleFields.map(PrechatFieldRow.init)
        summaryLabel = assist_widget_new_with_role(gtk_label_get_type(), GTK_ACCESSIBLE_ROLE_ALERT)
        startButton = Widgets.button(localized("_Start chat"), classes: ["suggested-action"])
        widget = gtk_scrolled_window_new()!
        g_object_ref_sink(widget)
        layOut(introduction: form.introduction)
        connectSignals()
    }

    isolated deinit {
        g_object_unref(widget)
    }

    private func layOut(introduction: String) {
        gtk_scrolled_window_set_policy(GtkCast.opaque(widget), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_vexpand(widget, 1)
        let column = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 18, classes: ["assist-prechat"])
        gtk_widget_set_size_request(column, 360, -1)
        gtk_widget_set_halign(column, GTK_ALIGN_CENTER)
        Widgets.setMargins(column, 24)
        let heading = Widgets.label(localized("Before you chat"), classes: ["title-2"])
        let intro = Widgets.label(introduction, classes: ["dim-label"], wrap: true)
        gtk_label_set_xalign(GtkCast.opaque(summaryLabel), 0)
        gtk_label_set_wrap(GtkCast.opaque(summaryLabel), 1)
        Widgets.addClasses(summaryLabel, ["error", "assist-form-summary"])
        Widgets.setVisible(summaryLabel, false)
        let fields = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 14)
        for row in rows {
            Widgets.append(fields, row.widget)
        }
        gtk_widget_set_halign(startButton, GTK_ALIGN_END)
        Widgets.append(column, heading, intro, summaryLabel, fields, startButton)
        gtk_scrolled_window_set_child(GtkCast.opaque(widget), column)
    }

    private func connectSignals() {
        SignalConnection.connect(startButton, signal: "clicked") { [weak self] in self?.submit() }
        let entries = rows.compactMap { row -> UnsafeMutablePointer<GtkWidget>? in
            guard case .entry(let entry) = row.input, row.isEditable else { return nil }
            return entry
        }
        for (index, entry) in entries.enumerated() {
            let isLast = index == entries.count - 1
            SignalConnection.connect(entry, signal: "activate") { [weak self] in
                guard let self else { return }
                if isLast {
                    submit()
                } else {
                    gtk_widget_grab_focus(entries[index + 1])
                }
            }
        }
    }

    private func submit() {
        for row in rows where row.isEditable {
            form.setValue(row.value, forField: row.label)
        }
        do {
            let submission = try form.submission(visitorName: visitorName)
            show(failure: nil)
            onSubmit(submission)
        } catch {
            show(failure: error)
        }
    }

    /// Puts the keyboard focus in the first field the person can fill, or
    /// on the start button when the form has none, so typing starts there.
    func focusFirstField() {
        let first = rows.first(where: \.isEditable)?.input.widget ?? startButton
        gtk_widget_grab_focus(first)
    }

    private func show(failure: PrechatValidationFailure?) {
        let messages = Dictionary(
            (failure?.errors ?? []).map { ($0.label, $0.message) }, uniquingKeysWith: { first, _ in first })
        for row in rows {
            row.show(error: messages[row.label])
        }
        Widgets.setVisible(summaryLabel, false)
        guard let failure else { return }
        Widgets.setText(summaryLabel, failure.summary)
        Widgets.setVisible(summaryLabel, true)
        if let firstBad = rows.first(where: { messages[$0.label] != nil }) {
            gtk_widget_grab_focus(firstBad.input.widget)
        }
    }
}
