import AssistCore
import CGtk
import Foundation

/// One chat entry in the message list: author and time, the text with
/// clickable links, a preview card for the first link when allowed, or the
/// file it carries (``ChatFileCard``), and — for the person's own messages —
/// the delivery line, a note when the server masked something in it, and,
/// when sending failed, a Retry button.
@MainActor
final class ChatMessageRow {
    /// The list row.
    let widget: UnsafeMutablePointer<GtkWidget>
    /// The entry shown.
    private(set) var entry: ChatEntry
    /// The delivery line, hidden for received messages.
    let deliveryLabel: UnsafeMutablePointer<GtkWidget>
    /// The Retry button, shown only while the message failed.
    let retryButton: UnsafeMutablePointer<GtkWidget>
    /// The message's text, with its links.
    let textLabel: UnsafeMutablePointer<GtkWidget>
    /// "A card number was hidden to protect it.", shown only when the
    /// server masked something in the person's message.
    let maskingLabel: UnsafeMutablePointer<GtkWidget>
    private let bubble: UnsafeMutablePointer<GtkWidget>
    private var previewCard: UnsafeMutablePointer<GtkWidget>?
    /// The file the entry carries, if it does.
    private(set) var fileCard: ChatFileCard?
    private let allowURLPreview: Bool
    private let onOpenLink: (String) -> Void

    /// The row for `entry`; `onRetry` gets the entry's id, `onOpenLink` the
    /// address of a link the person activated, and `fileActions` what the
    /// person does with the entry's file.
    init(
        entry: ChatEntry, allowURLPreview: Bool, fileActions: ChatFileActions,
        onRetry: @escaping (String) -> Void, onOpenLink: @escaping (String) -> Void
    ) {
        self.entry = entry
        self.allowURLPreview = allowURLPreview
        self.onOpenLink = onOpenLink
        widget = gtk_list_box_row_new()!
        g_object_ref_sink(widget)
        gtk_list_box_row_set_activatable(GtkCast.pointer(widget), 0)
        deliveryLabel = Widgets.label("", classes: ["caption", "dim-label"])
        retryButton = Widgets.button(localized("_Retry"), classes: ["flat", "assist-retry"])
        maskingLabel = Widgets.label("", classes: ["caption"], wrap: true)
        gtk_widget_set_halign(maskingLabel, entry.isOwn ? GTK_ALIGN_END : GTK_ALIGN_START)
        bubble = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 8, classes: ["assist-bubble"])
        textLabel = Widgets.label("", wrap: true)
        gtk_label_set_max_width_chars(GtkCast.opaque(textLabel), 48)
        SignalConnection.connectActivateLink(textLabel) { uri in
            onOpenLink(uri)
            return true
        }
        Widgets.append(bubble, textLabel)
        if entry.carriesFile {
            let card = ChatFileCard(entry: entry, actions: fileActions)
            Widgets.append(bubble, card.widget)
            Widgets.setVisible(textLabel, false)
            fileCard = card
        }
        let column = Widgets.box(
            GTK_ORIENTATION_VERTICAL, spacing: 3, classes: ["assist-message", entry.isOwn ? "own" : "theirs"])
        gtk_widget_set_halign(column, entry.isOwn ? GTK_ALIGN_END : GTK_ALIGN_START)
        Widgets.append(column, Self.header(for: entry), bubble, maskingLabel, footer())
        gtk_list_box_row_set_child(GtkCast.pointer(widget), column)
        let id = entry.id
        SignalConnection.connect(retryButton, signal: "clicked") { onRetry(id) }
        showText()
        showDelivery()
    }

    isolated deinit {
        g_object_unref(widget)
    }

    /// Shows `entry`'s delivery state if it changed, and its text and
    /// masking note when the server masked the person's message; the rest of
    /// an entry never changes.
    func update(_ entry: ChatEntry) {
        guard entry != self.entry else { return }
        let textChanged = entry.text != self.entry.text || entry.maskedKinds != self.entry.maskedKinds
        self.entry = entry
        if textChanged { showText() }
        fileCard?.update(entry)
        showDelivery()
    }

    private func showText() {
        gtk_label_set_markup(GtkCast.opaque(textLabel), ChatTextMarkup.markup(for: entry.text))
        if let previewCard { gtk_box_remove(GtkCast.pointer(bubble), previewCard) }
        previewCard = nil
        if allowURLPreview, !entry.carriesFile, let preview = LinkPreview(text: entry.text) {
            let card = Self.previewCard(preview, onOpenLink)
            Widgets.append(bubble, card)
            previewCard = card
        }
        Widgets.setText(maskingLabel, entry.maskingNote ?? "")
        Widgets.setVisible(maskingLabel, entry.maskingNote != nil)
    }

    private func showDelivery() {
        Widgets.setText(deliveryLabel, entry.deliveryText ?? "")
        Widgets.setVisible(deliveryLabel, entry.deliveryText != nil)
        Widgets.setVisible(retryButton, entry.offersRetry)
        Accessibility.setLabel(widget, entry.accessibleSummary())
    }

    private static func header(for entry: ChatEntry) -> UnsafeMutablePointer<GtkWidget> {
        let header = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        gtk_widget_set_halign(header, entry.isOwn ? GTK_ALIGN_END : GTK_ALIGN_START)
        Widgets.append(
            header, Widgets.label(entry.authorName, classes: ["caption-heading"]),
            Widgets.label(entry.timeText(), classes: ["caption", "dim-label", "numeric"]))
        return header
    }

    /// The preview card: a button showing the link's host and path that
    /// opens it. Built from the link alone; nothing is fetched.
    private static func previewCard(
        _ preview: LinkPreview, _ onOpenLink: @escaping (String) -> Void
    ) -> UnsafeMutablePointer<GtkWidget> {
        let card = gtk_button_new()!
        Widgets.addClasses(card, ["card", "assist-link-preview"])
        let texts = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
        Widgets.append(texts, Widgets.label(preview.host, classes: ["heading"]))
        if let path = preview.path {
            let pathLabel = Widgets.label(path, classes: ["caption", "dim-label"])
            gtk_label_set_ellipsize(GtkCast.opaque(pathLabel), PANGO_ELLIPSIZE_MIDDLE)
            Widgets.append(texts, pathLabel)
        }
        gtk_button_set_child(GtkCast.pointer(card), texts)
        Accessibility.setLabel(card, preview.accessibleLabel)
        let address = preview.url.absoluteString
        SignalConnection.connect(card, signal: "clicked") { onOpenLink(address) }
        return card
    }

    private func footer() -> UnsafeMutablePointer<GtkWidget> {
        let footer = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        gtk_widget_set_halign(footer, entry.isOwn ? GTK_ALIGN_END : GTK_ALIGN_START)
        Widgets.append(footer, deliveryLabel, retryButton)
        return footer
    }
}
