import AssistCore
import CGtk
import Foundation

/// The chat: the message list, the agent's typing line and the composer.
/// Files go to the agent from the composer's Attach File button (the
/// desktop's file chooser) or dropped anywhere on the chat; each shows as a
/// card in the list (``ChatFileCard``).
///
/// ``render(entries:)`` is incremental: rows are kept by entry id, a new
/// entry adds a row, a changed delivery state updates its row in place, and
/// unchanged rows are left alone. The list follows new messages while the
/// person is at the bottom and stays put when they scrolled up to read.
///
/// Screen readers: agent and service messages that arrive after the first
/// render are spoken through an ``Announcer`` (GTK 4.8 has no
/// `gtk_accessible_announce`; see there for what it does instead). The
/// history shown by the first render is not read out.
@MainActor
public final class ChatView {
    /// The chat.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// Called with a message the person sends (never blank).
    public var onSend: (String) -> Void {
        get { composer.onSend }
        set { composer.onSend = newValue }
    }
    /// Called with `true` when the composer starts holding text and `false`
    /// when it is emptied or sent.
    public var onTypingChanged: (Bool) -> Void {
        get { composer.onTypingChanged }
        set { composer.onTypingChanged = newValue }
    }
    /// Called with the id of a failed entry whose Retry the person pressed.
    public var onRetry: (String) -> Void = { _ in }
    /// Called with each file the person chose or dropped to send.
    public var onSendFile: (URL) -> Void = { _ in }
    /// Called with the id of a file entry whose upload the person cancelled.
    public var onCancelFile: (String) -> Void = { _ in }
    /// Whether the person can send files now (an embedding app or the
    /// server's state may not allow it); the Attach File button and drops
    /// follow it.
    public var acceptsFiles = true {
        didSet { gtk_widget_set_sensitive(composer.attachButton, acceptsFiles ? 1 : 0) }
    }

    let composer = ChatComposer()
    let announcer = Announcer()
    private(set) var rows: [String: ChatMessageRow] = [:]
    let typingLabel: UnsafeMutablePointer<GtkWidget>
    private let allowURLPreview: Bool
    private let list: UnsafeMutablePointer<GtkWidget>
    private let scroller: UnsafeMutablePointer<GtkWidget>
    private var hasRendered = false
    private var followsBottom = true

    /// An empty chat; with `allowURLPreview`, messages with a link get a
    /// preview card (made from the link alone, nothing is fetched).
    public init(allowURLPreview: Bool) {
        self.allowURLPreview = allowURLPreview
        widget = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 0, classes: ["assist-chat"])
        g_object_ref_sink(widget)
        list = gtk_list_box_new()!
        scroller = gtk_scrolled_window_new()!
        typingLabel = Widgets.label("", classes: ["caption", "dim-label", "assist-typing"])
        layOut()
        followBottom()
        composer.onAttach = { [weak self] in self?.chooseFiles() }
        FileDropTarget.attach(to: widget) { [weak self] files in
            guard let self, acceptsFiles else { return }
            files.forEach(onSendFile)
        }
    }

    isolated deinit {
        g_object_unref(widget)
    }

    /// Shows `entries`, oldest first: adds rows for new ones, updates the
    /// delivery (and, once the server masked it, the text) of changed ones
    /// and removes rows whose entry is gone. A masking note that appears is
    /// announced to screen readers.
    public func render(entries: [ChatEntry]) {
        let ids = Set(entries.map(\.id))
        for (id, row) in rows where !ids.contains(id) {
            gtk_list_box_remove(GtkCast.opaque(list), row.widget)
            rows[id] = nil
        }
        var announcements: [String] = []
        for entry in entries {
            if let row = rows[entry.id] {
                if row.entry.maskingNote == nil, let note = entry.maskingNote { announcements.append(note) }
                row.update(entry)
                continue
            }
            let row = ChatMessageRow(
                entry: entry, allowURLPreview: allowURLPreview, fileActions: fileActions,
                onRetry: { [weak self] id in self?.onRetry(id) },
                onOpenLink: { [weak self] uri in
                    guard let self else { return }
                    LinkOpener.open(uri, from: widget)
                })
            gtk_list_box_append(GtkCast.opaque(list), row.widget)
            rows[entry.id] = row
            if hasRendered, let announcement = entry.announcement {
                announcements.append(announcement)
            }
        }
        hasRendered = hasRendered || !entries.isEmpty
        if !announcements.isEmpty {
            announcer.announce(announcements.joined(separator: "\n"))
        }
    }

    /// Shows that the agent named `typingAgentName` is typing, or hides the
    /// line when it is `nil`.
    public func render(typingAgentName: String?) {
        let line = AgentTypingLine.text(agentName: typingAgentName)
        Widgets.setText(typingLabel, line ?? "")
        Widgets.setVisible(typingLabel, line != nil)
    }

    /// What the file cards' buttons do: cancel through ``onCancelFile``,
    /// open and show with the desktop (``FileRevealer``).
    lazy var fileActions = ChatFileActions(
        cancel: { [weak self] id in self?.onCancelFile(id) },
        open: { path, widget in FileRevealer.open(path, from: widget) },
        showInFolder: { path, widget in FileRevealer.showInFolder(path, from: widget) })

    /// Asks which files to send with the desktop's file chooser.
    private func chooseFiles() {
        let window = gtk_widget_get_root(widget).map { UnsafeMutablePointer<GtkWindow>($0) }
        let dialog = AttachFileDialog(parent: window)
        dialog.onChosen = { [weak self] files in files.forEach { self?.onSendFile($0) } }
        dialog.present()
    }

    private func layOut() {
        gtk_list_box_set_selection_mode(GtkCast.opaque(list), GTK_SELECTION_NONE)
        Widgets.addClasses(list, ["assist-message-list"])
        Accessibility.setLabel(list, localized("Messages"))
        gtk_scrolled_window_set_policy(GtkCast.opaque(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(GtkCast.opaque(scroller), list)
        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(GtkCast.opaque(overlay), scroller)
        gtk_overlay_add_overlay(GtkCast.opaque(overlay), announcer.widget)
        gtk_widget_set_vexpand(overlay, 1)
        gtk_widget_set_margin_start(typingLabel, 16)
        gtk_widget_set_margin_bottom(typingLabel, 4)
        Widgets.setVisible(typingLabel, false)
        Widgets.append(widget, overlay, typingLabel, gtk_separator_new(GTK_ORIENTATION_HORIZONTAL), composer.widget)
    }

    /// Keeps the newest message in view while the person is at the bottom.
    private func followBottom() {
        let adjustment = gtk_scrolled_window_get_vadjustment(GtkCast.opaque(scroller))!
        SignalConnection.connect(adjustment, signal: "value-changed") { [weak self] in
            let bottom = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
            self?.followsBottom = gtk_adjustment_get_value(adjustment) >= bottom - 1
        }
        SignalConnection.connect(adjustment, signal: "changed") { [weak self] in
            guard let self, followsBottom else { return }
            gtk_adjustment_set_value(
                adjustment, gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment))
        }
    }
}
