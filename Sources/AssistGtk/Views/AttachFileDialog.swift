import AssistCore
import CGtk
import Foundation

/// Attach File: the desktop's file chooser (its portal dialog where one
/// runs) asking which files to send to the agent, several at once if the
/// person wants; the list offers the kinds the server accepts first, and
/// all files too (the server's sentence then says why one is refused).
@MainActor
final class AttachFileDialog {
    /// Called with the files chosen; not called when the person cancels.
    var onChosen: ([URL]) -> Void = { _ in }

    private let chooser: OpaquePointer
    private var retainedWhileOpen: AttachFileDialog?

    /// The dialog over `parent`; call ``present()`` to show it.
    init(parent: UnsafeMutablePointer<GtkWindow>?) {
        chooser = gtk_file_chooser_native_new(localized("Attach File"), parent, GTK_FILE_CHOOSER_ACTION_OPEN, localized("_Attach"), localized("_Cancel"))
        gtk_file_chooser_set_select_multiple(chooser, 1)
        let supported = gtk_file_filter_new()!
        gtk_file_filter_set_name(supported, localized("Pictures, PDF and text files"))
        for mediaType in ["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf", "text/plain"] {
            gtk_file_filter_add_mime_type(supported, mediaType)
        }
        let everything = gtk_file_filter_new()!
        gtk_file_filter_set_name(everything, localized("All files"))
        gtk_file_filter_add_pattern(everything, "*")
        gtk_file_chooser_add_filter(chooser, supported)
        gtk_file_chooser_add_filter(chooser, everything)
        gtk_file_chooser_set_filter(chooser, supported)
        SignalConnection.connectInt(UnsafeMutableRawPointer(chooser), signal: "response") { [weak self] response in
            self?.answered(response)
        }
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(chooser))
    }

    /// Shows the file chooser; the dialog keeps itself until the person answers.
    func present() {
        retainedWhileOpen = self
        gtk_native_dialog_show(UnsafeMutablePointer<GtkNativeDialog>(chooser))
    }

    private func answered(_ response: Int32) {
        defer { retainedWhileOpen = nil }
        guard response == GTK_RESPONSE_ACCEPT.rawValue else { return }
        let files = gtk_file_chooser_get_files(chooser)!
        defer { g_object_unref(UnsafeMutableRawPointer(files)) }
        var chosen: [URL] = []
        for index in 0..<g_list_model_get_n_items(files) {
            guard let file = g_list_model_get_item(files, index) else { continue }
            defer { g_object_unref(file) }
            if let path = g_file_get_path(OpaquePointer(file)) {
                chosen.append(URL(fileURLWithPath: String(cString: path)))
                g_free(path)
            }
        }
        if !chosen.isEmpty { onChosen(chosen) }
    }
}
