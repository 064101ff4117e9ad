import AssistCore
import AssistGtk
import CGtk
import Foundation

/// The strip above a chat template that tells the person about a file they
/// clicked: "Saved NAME in FOLDER" with Open and Show in Folder
/// (``FileRevealer``), or why it was not saved; a close button hides it.
@MainActor
public final class DownloadBanner {
    /// The banner, hidden until there is something to say.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The sentence shown, for tests and screen readers.
    public private(set) var text = ""

    private let label: UnsafeMutablePointer<GtkWidget>
    private let fileButtons: UnsafeMutablePointer<GtkWidget>
    private var file: URL?

    /// A hidden banner.
    init() {
        widget = gtk_revealer_new()!
        label = Widgets.label("", wrap: true)
        gtk_widget_set_hexpand(label, 1)
        let open = Widgets.button(localized("_Open"))
        let show = Widgets.button(localized("Show in _Folder"))
        let close = gtk_button_new_from_icon_name("window-close-symbolic")!
        gtk_widget_set_tooltip_text(close, localized("Close"))
        Accessibility.setLabel(close, localized("Close"))
        fileButtons = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        Widgets.append(fileButtons, open, show)
        let row = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["assist-download-banner"])
        Widgets.setMargins(row, 8)
        Widgets.append(row, label, fileButtons, close)
        gtk_revealer_set_child(GtkCast.opaque(widget), row)
        SignalConnection.connect(open, signal: "clicked") { [weak self] in
            guard let self, let file else { return }
            FileRevealer.open(file.path, from: widget)
        }
        SignalConnection.connect(show, signal: "clicked") { [weak self] in
            guard let self, let file else { return }
            FileRevealer.showInFolder(file.path, from: widget)
        }
        SignalConnection.connect(close, signal: "clicked") { [weak self] in
            guard let self else { return }
            gtk_revealer_set_reveal_child(GtkCast.opaque(widget), 0)
        }
    }

    /// Says `file` was saved, with Open and Show in Folder.
    public func showSaved(_ file: URL) {
        self.file = file
        show(
            localized("Saved {name} in {folder}.", ["name": file.lastPathComponent, "folder": file.deletingLastPathComponent().lastPathComponent]),
            withFileButtons: true)
    }

    /// Says a file was not saved, and why.
    public func showFailure(_ reason: String) {
        file = nil
        show(localized("The file was not saved.") + " " + reason, withFileButtons: false)
    }

    private func show(_ sentence: String, withFileButtons: Bool) {
        text = sentence
        gtk_label_set_text(GtkCast.opaque(label), sentence)
        gtk_widget_set_visible(fileButtons, withFileButtons ? 1 : 0)
        gtk_revealer_set_reveal_child(GtkCast.opaque(widget), 1)
    }
}
