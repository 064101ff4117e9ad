import AssistCore
import CGtk

/// One field of the pre-chat form on screen: its label, the input that fits
/// its kind, and the message shown under it when its value is wrong.
@MainActor
final class PrechatFieldRow {
    /// The widget the person types in, picks from or checks.
    enum Input {
        /// A one-line entry: text, email, phone or number.
        case entry(UnsafeMutablePointer<GtkWidget>)
        /// A drop-down; `values[i]` is sent when item `i` is chosen.
        case picker(UnsafeMutablePointer<GtkWidget>, values: [String])
        /// A check box.
        case checkbox(UnsafeMutablePointer<GtkWidget>)
    }

    /// The field's label, which names it in the form.
    let label: String
    /// Whether the person may change the value.
    let isEditable: Bool
    /// The row: label, input and error message.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The input.
    let input: Input
    private let errorLabel: UnsafeMutablePointer<GtkWidget>

    /// The row for `field`.
    init(field: PrechatFormField) {
        label = field.label
        isEditable = field.isEditable
        widget = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6, classes: ["assist-field"])
        errorLabel = Widgets.label("", classes: ["error", "assist-field-error"], wrap: true)
        Widgets.setVisible(errorLabel, false)
        input = Self.makeInput(for: field)
        let inputWidget = input.widget
        if case .checkbox = input {
            Widgets.append(widget, inputWidget)
        } else {
            let caption = Widgets.label(field.markedLabel, classes: ["heading"])
            gtk_label_set_mnemonic_widget(GtkCast.opaque(caption), inputWidget)
            Widgets.append(widget, caption, inputWidget)
        }
        Widgets.append(widget, errorLabel)
        Accessibility.setLabel(inputWidget, field.label)
        Accessibility.setRequired(inputWidget, field.isRequired)
        if let description = field.accessibleDescription {
            Accessibility.setDescription(inputWidget, description)
        }
        if !field.isEditable {
            Widgets.addClasses(widget, ["dim-label"])
        }
    }

    /// The value the input holds, in the form the pre-chat form takes it.
    var value: String {
        switch input {
        case .entry(let entry):
            String(cString: gtk_editable_get_text(GtkCast.opaque(entry)))
        case .picker(let dropDown, let values):
            values[Int(gtk_drop_down_get_selected(GtkCast.opaque(dropDown)))]
        case .checkbox(let check):
            gtk_check_button_get_active(GtkCast.pointer(check)) != 0 ? "true" : "false"
        }
    }

    /// Shows `message` under the field and marks it invalid, or clears both
    /// when `message` is `nil`.
    func show(error message: String?) {
        let inputWidget = input.widget
        if let message {
            gtk_widget_add_css_class(inputWidget, "error")
            Widgets.setText(errorLabel, message)
        } else {
            gtk_widget_remove_css_class(inputWidget, "error")
        }
        Widgets.setVisible(errorLabel, message != nil)
        Accessibility.setInvalid(inputWidget, message != nil)
    }

    private static func makeInput(for field: PrechatFormField) -> Input {
        switch field.kind {
        case .text(let maxLength):
            let entry = makeEntry(field, purpose: GTK_INPUT_PURPOSE_FREE_FORM)
            if let maxLength {
                gtk_entry_set_max_length(GtkCast.pointer(entry), Int32(maxLength))
            }
            return .entry(entry)
        case .email:
            return .entry(makeEntry(field, purpose: GTK_INPUT_PURPOSE_EMAIL))
        case .phone:
            return .entry(makeEntry(field, purpose: GTK_INPUT_PURPOSE_PHONE))
        case .number:
            return .entry(makeEntry(field, purpose: GTK_INPUT_PURPOSE_NUMBER))
        case .picker(let options):
            return makePicker(field, options: options)
        case .checkbox:
            let check = gtk_check_button_new_with_label(field.markedLabel)!
            gtk_check_button_set_active(GtkCast.pointer(check), field.value == "true" ? 1 : 0)
            gtk_widget_set_sensitive(check, field.isEditable ? 1 : 0)
            return .checkbox(check)
        }
    }

    private static func makeEntry(_ field: PrechatFormField, purpose: GtkInputPurpose) -> UnsafeMutablePointer<GtkWidget> {
        let entry = gtk_entry_new()!
        gtk_editable_set_text(GtkCast.opaque(entry), field.value)
        gtk_editable_set_editable(GtkCast.opaque(entry), field.isEditable ? 1 : 0)
        gtk_entry_set_input_purpose(GtkCast.pointer(entry), purpose)
        return entry
    }

    /// A drop-down of the options' labels; when the field has no value yet,
    /// a first "Choose…" item stands for no choice (sent as `""`).
    private static func makePicker(_ field: PrechatFormField, options: [PrechatPickerOption]) -> Input {
        let offersNoChoice = !options.contains { $0.value == field.value }
        let labels = (offersNoChoice ? [localized("Choose…")] : []) + options.map(\.label)
        let values = (offersNoChoice ? [""] : []) + options.map(\.value)
        let copies = labels.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        var pointers: [UnsafePointer<CChar>?] = copies.map { UnsafePointer($0) } + [nil]
        let dropDown = pointers.withUnsafeMutableBufferPointer { gtk_drop_down_new_from_strings($0.baseAddress)! }
        gtk_drop_down_set_selected(GtkCast.opaque(dropDown), guint(values.firstIndex(of: field.value) ?? 0))
        gtk_widget_set_sensitive(dropDown, field.isEditable ? 1 : 0)
        return .picker(dropDown, values: values)
    }
}

extension PrechatFieldRow.Input {
    /// The input's widget.
    var widget: UnsafeMutablePointer<GtkWidget> {
        switch self {
        case .entry(let widget), .picker(let widget, _), .checkbox(let widget): widget
        }
    }
}
