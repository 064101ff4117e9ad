import CGtk

/// Sets what assistive technologies (AT-SPI on Linux) read for a widget.
@MainActor
public enum Accessibility {
    /// Names `widget`: what a screen reader says for it.
    public static func setLabel(_ widget: UnsafeMutablePointer<GtkWidget>, _ label: String) {
        assist_accessible_set_label(GtkCast.opaque(widget), label)
    }

    /// Describes `widget`: what a screen reader adds after its name.
    public static func setDescription(_ widget: UnsafeMutablePointer<GtkWidget>, _ description: String) {
        assist_accessible_set_description(GtkCast.opaque(widget), description)
    }

    /// Marks `widget` as a field that must be filled in, or not.
    public static func setRequired(_ widget: UnsafeMutablePointer<GtkWidget>, _ required: Bool) {
        assist_accessible_set_required(GtkCast.opaque(widget), required ? 1 : 0)
    }

    /// Marks `widget`'s value as invalid, or valid again.
    public static func setInvalid(_ widget: UnsafeMutablePointer<GtkWidget>, _ invalid: Bool) {
        assist_accessible_set_invalid(GtkCast.opaque(widget), invalid ? 1 : 0)
    }
}
