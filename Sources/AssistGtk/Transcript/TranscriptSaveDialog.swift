import AssistCore
import CGtk
import Foundation

/// Save Transcript: asks where with the desktop's file chooser (a name
/// proposed from the session's start, a list of types: web page or plain
/// text), then writes the file with ``TranscriptFile``. A name ending in
/// `.html`, `.htm` or `.txt` decides the format; another name gets the
/// extension of the type chosen in the list (``TranscriptSaveTarget``).
/// When the file cannot be written, a ``NoticeDialog`` says why.
@MainActor
public final class TranscriptSaveDialog {
    /// Called once the dialog is done: with where the transcript was saved,
    /// or `nil` when the person cancelled or it could not be written.
    public var onFinished: (TranscriptSaveTarget?) -> Void = { _ in }

    private let transcript: TemplateTranscript
    private let parent: UnsafeMutablePointer<GtkWindow>?
    private let chooser: OpaquePointer
    private let filters: [(filter: OpaquePointer, format: TranscriptFileFormat)]
    private var retainedWhileOpen: TranscriptSaveDialog?

    /// The dialog for `document`, over `parent`; call ``present()`` to show it.
    public convenience init(document: TranscriptDocument, parent: UnsafeMutablePointer<GtkWindow>?) {
        self.init(transcript: .document(document), parent: parent)
    }

    /// The dialog for a chat template's transcript over `parent`: its
    /// document as for ``init(document:parent:)``, or its text, saved as it
    /// is under the name chosen (plain text proposed).
    public init(transcript: TemplateTranscript, parent: UnsafeMutablePointer<GtkWindow>?) {
        self.transcript = transcript
        self.parent = parent
        chooser = gtk_file_chooser_native_new(localized("Save Transcript"), parent, GTK_FILE_CHOOSER_ACTION_SAVE, localized("_Save"), localized("_Cancel"))
        filters = TranscriptFileFormat.allCases.map { format in
            let filter = gtk_file_filter_new()!
            gtk_file_filter_set_name(filter, format.displayName)
            gtk_file_filter_add_mime_type(filter, format.mediaType)
            gtk_file_filter_add_suffix(filter, format.fileExtension)
            if format == .html { gtk_file_filter_add_suffix(filter, "htm") }
            return (filter, format)
        }
        for (filter, _) in filters { gtk_file_chooser_add_filter(chooser, filter) }
        let format: TranscriptFileFormat
        let document: TranscriptDocument
        switch transcript {
        case .document(let given): (format, document) = (.html, given)
        case .text: (format, document) = (.plainText, TranscriptDocument(entries: []))
        }
        gtk_file_chooser_set_filter(chooser, filters.first { $0.format == format }?.filter ?? filters[0].filter)
        gtk_file_chooser_set_current_name(
            chooser, TranscriptSaveTarget.suggestedName(for: document, at: Date(), format: format))
        SignalConnection.connectInt(UnsafeMutableRawPointer(chooser), signal: "response") { [weak self] response in
            self?.answered(response)
        }
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(chooser))
    }

    /// Shows the file chooser; the dialog keeps itself until the person answers.
    public func present() {
        retainedWhileOpen = self
        gtk_native_dialog_show(UnsafeMutablePointer<GtkNativeDialog>(chooser))
    }

    private func answered(_ response: Int32) {
        defer { retainedWhileOpen = nil }
        guard response == GTK_RESPONSE_ACCEPT.rawValue else {
            onFinished(nil)
            return
        }
        guard let path = chosenPath() else {
            let error = UserFacingError(
                message: localized("The transcript can only be saved in a folder on this computer."), remedy: .dismiss)
            NoticeDialog(title: localized("Transcript not saved"), error: error, parent: parent).present()
            onFinished(nil)
            return
        }
        let selected = gtk_file_chooser_get_filter(chooser).flatMap { current in
            filters.first { $0.filter == current }?.format
        }
        let target = TranscriptSaveTarget(chosen: URL(fileURLWithPath: path), selectedFormat: selected)
        do {
            try TranscriptFile.write(transcript, to: target)
            onFinished(target)
        } catch {
            NoticeDialog(title: localized("Transcript not saved"), error: error, parent: parent).present()
            onFinished(nil)
        }
    }

    private func chosenPath() -> String? {
        guard let file = gtk_file_chooser_get_file(chooser) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        guard let path = g_file_get_path(file) else { return nil }
        defer { g_free(path) }
        return String(cString: path)
    }
}
