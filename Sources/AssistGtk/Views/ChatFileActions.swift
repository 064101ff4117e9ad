import CGtk

/// What the person can do with a file in chat, as the chat's owner carries
/// it out: cancel an upload, open a saved file, show it in its folder.
@MainActor
struct ChatFileActions {
    /// Cancels the upload of the entry with this id.
    var cancel: (_ entryID: String) -> Void
    /// Opens the saved file at this path, from the window holding the widget.
    var open: (_ path: String, _ from: UnsafeMutablePointer<GtkWidget>) -> Void
    /// Shows the saved file at this path in the file manager.
    var showInFolder: (_ path: String, _ from: UnsafeMutablePointer<GtkWidget>) -> Void
}
