import AssistCore
import CGtk
import Foundation

/// The file a chat entry carries, inside its bubble: a thumbnail for a
/// picture on this computer or the icon of the file's type, its name, size
/// and type; while the person's file uploads, a progress bar and **Cancel**;
/// once a received file is saved, **Open** and **Show in Folder**; and one
/// sentence when it went wrong.
@MainActor
final class ChatFileCard {
    /// The card.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The upload's progress, shown only while the person's file uploads.
    let progressBar: UnsafeMutablePointer<GtkWidget>
    /// Cancels the upload; shown only while it runs.
    let cancelButton: UnsafeMutablePointer<GtkWidget>
    /// Opens the saved file with the desktop's application for it.
    let openButton: UnsafeMutablePointer<GtkWidget>
    /// Shows the saved file in the file manager.
    let showInFolderButton: UnsafeMutablePointer<GtkWidget>
    /// "Sending… 40 %", "Saved as report.pdf" or why not.
    let statusLabel: UnsafeMutablePointer<GtkWidget>
    private let nameLabel: UnsafeMutablePointer<GtkWidget>
    private let detailLabel: UnsafeMutablePointer<GtkWidget>
    private let preview: UnsafeMutablePointer<GtkWidget>
    private let progressRow: UnsafeMutablePointer<GtkWidget>
    private let actionRow: UnsafeMutablePointer<GtkWidget>
    private var thumbnailPath: String?
    private var entry: ChatEntry

    /// The card of `entry`, which carries a file; its buttons call `actions`.
    init(entry: ChatEntry, actions: ChatFileActions) {
        self.entry = entry
        widget = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6, classes: ["assist-file"])
        preview = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 0, classes: ["assist-file-preview"])
        nameLabel = Widgets.label("", classes: ["heading"])
        gtk_label_set_ellipsize(GtkCast.opaque(nameLabel), PANGO_ELLIPSIZE_MIDDLE)
        gtk_label_set_max_width_chars(GtkCast.opaque(nameLabel), 32)
        detailLabel = Widgets.label("", classes: ["caption", "dim-label", "numeric"])
        progressBar = gtk_progress_bar_new()!
        cancelButton = Widgets.button(localized("_Cancel"), classes: ["flat", "assist-file-cancel"])
        openButton = Widgets.button(localized("_Open"), classes: ["assist-file-open"])
        showInFolderButton = Widgets.button(localized("Show in _Folder"), classes: ["flat"])
        statusLabel = Widgets.label("", classes: ["caption"], wrap: true)
        progressRow = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        actionRow = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        layOut()
        let id = entry.id
        SignalConnection.connect(cancelButton, signal: "clicked") { actions.cancel(id) }
        SignalConnection.connect(openButton, signal: "clicked") { [weak self] in
            guard let self, let path = self.entry.savedFilePath else { return }
            actions.open(path, widget)
        }
        SignalConnection.connect(showInFolderButton, signal: "clicked") { [weak self] in
            guard let self, let path = self.entry.savedFilePath else { return }
            actions.showInFolder(path, widget)
        }
        show(entry)
    }

    /// Shows where `entry`'s file stands now.
    func update(_ entry: ChatEntry) {
        self.entry = entry
        show(entry)
    }

    private func layOut() {
        let texts = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
        gtk_widget_set_valign(texts, GTK_ALIGN_CENTER)
        Widgets.append(texts, nameLabel, detailLabel)
        let heading = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 10)
        Widgets.append(heading, preview, texts)
        gtk_widget_set_hexpand(progressBar, 1)
        gtk_widget_set_valign(progressBar, GTK_ALIGN_CENTER)
        Accessibility.setLabel(progressBar, localized("Upload progress"))
        Widgets.append(progressRow, progressBar, cancelButton)
        Widgets.append(actionRow, openButton, showInFolderButton)
        Widgets.append(widget, heading, progressRow, statusLabel, actionRow)
    }

    private func show(_ entry: ChatEntry) {
        let card = ChatFileCardContent(entry)
        Widgets.setText(nameLabel, card.name)
        Widgets.setText(detailLabel, Self.detail(size: card.size, mediaType: card.mediaType))
        Widgets.setVisible(progressRow, card.progress != nil)
        if let progress = card.progress {
            gtk_progress_bar_set_fraction(GtkCast.opaque(progressBar), progress)
        }
        Widgets.setText(statusLabel, card.status ?? "")
        Widgets.setVisible(statusLabel, card.status != nil)
        if card.isProblem { gtk_widget_add_css_class(statusLabel, "error") } else { gtk_widget_remove_css_class(statusLabel, "error") }
        Widgets.setVisible(actionRow, entry.savedFilePath != nil)
        showPreview(card)
        Accessibility.setLabel(widget, card.accessibleSummary(sizeText: Self.sizeText(card.size)))
    }

    /// A thumbnail once a picture is on this computer; the type's icon until then.
    private func showPreview(_ card: ChatFileCardContent) {
        let path = card.isPicture ? entry.localFile?.path : nil
        guard gtk_widget_get_first_child(preview) == nil || path != thumbnailPath else { return }
        thumbnailPath = path
        while let child = gtk_widget_get_first_child(preview) { gtk_box_remove(GtkCast.pointer(preview), child) }
        Widgets.append(preview, Self.typeIcon(card.mediaType))
        guard let path else { return }
        Thumbnail.load(path) { [weak self] texture in
            guard let self, let texture, thumbnailPath == path else { return }
            while let child = gtk_widget_get_first_child(preview) { gtk_box_remove(GtkCast.pointer(preview), child) }
            let picture = gtk_picture_new_for_paintable(texture)!
            gtk_picture_set_can_shrink(GtkCast.opaque(picture), 1)
            gtk_widget_set_size_request(picture, Thumbnail.maximumSide, Thumbnail.maximumSide)
            Accessibility.setLabel(picture, localized("Picture {name}", ["name": card.name]))
            Widgets.addClasses(picture, ["assist-file-thumbnail"])
            Widgets.append(preview, picture)
        }
    }

    private static func typeIcon(_ mediaType: String) -> UnsafeMutablePointer<GtkWidget> {
        let contentType = g_content_type_from_mime_type(mediaType)
        defer { g_free(contentType) }
        let icon = contentType.map { g_content_type_get_icon($0) } ?? g_themed_icon_new("text-x-generic")
        defer { g_object_unref(UnsafeMutableRawPointer(icon)) }
        let image = gtk_image_new_from_gicon(icon)!
        gtk_image_set_pixel_size(GtkCast.opaque(image), 40)
        return image
    }

    /// "2.5 MB · PNG image": the size as the desktop writes sizes, and the
    /// type as the desktop names it.
    private static func detail(size: Int, mediaType: String) -> String {
        let contentType = g_content_type_from_mime_type(mediaType)
        defer { g_free(contentType) }
        let description = contentType.flatMap { g_content_type_get_description($0) }
        defer { g_free(description) }
        let typeName = description.map { String(cString: $0) } ?? mediaType
        return "\(sizeText(size)) · \(typeName)"
    }

    private static func sizeText(_ size: Int) -> String {
        let text = g_format_size(guint64(max(size, 0)))!
        defer { g_free(text) }
        return String(cString: text)
    }
}
