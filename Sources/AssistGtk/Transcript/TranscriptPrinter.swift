import AssistCore
import CGtk

/// Print Transcript: GTK's print dialog (with its preview and "Print to
/// File"), the transcript laid out with Pango over as many pages as it
/// takes; and the same pages written straight to a PDF file with no dialog.
@MainActor
public enum TranscriptPrinter {
    /// The printer and options the person chose last, offered again next time.
    private static var lastSettings: OpaquePointer?
    /// Jobs whose dialog or printing has not finished.
    private static var running: [ObjectIdentifier: TranscriptPrintJob] = [:]

    /// Shows the print dialog for `document` over `parent` and prints what
    /// the person asks for; returns at once.
    ///
    /// - Parameter completion: Called once it is over: with `nil` when it
    ///   printed or the person cancelled, or with the sentence saying why it
    ///   could not print (also shown in a ``NoticeDialog``).
    public static func print(
        _ document: TranscriptDocument, parent: UnsafeMutablePointer<GtkWindow>?,
        formatting: TranscriptFormatting = TranscriptFormatting(),
        completion: @escaping @MainActor (UserFacingError?) -> Void = { _ in }
    ) {
        print(.document(document), parent: parent, formatting: formatting, completion: completion)
    }

    /// Shows the print dialog for a chat template's transcript over
    /// `parent`: the contract's document as ``print(_:parent:formatting:completion:)``
    /// does, other text as it is.
    public static func print(
        _ transcript: TemplateTranscript, parent: UnsafeMutablePointer<GtkWindow>?,
        formatting: TranscriptFormatting = TranscriptFormatting(),
        completion: @escaping @MainActor (UserFacingError?) -> Void = { _ in }
    ) {
        let job = TranscriptPrintJob(transcript: transcript, formatting: formatting)
        let operation = job.operation
        let key = ObjectIdentifier(job)
        if let lastSettings { gtk_print_operation_set_print_settings(operation, lastSettings) }
        gtk_print_operation_set_allow_async(operation, 1)
        gtk_print_operation_set_show_progress(operation, 1)
        var finished = false
        let finish: @MainActor (GtkPrintOperationResult) -> Void = { result in
            guard !finished else { return }
            finished = true
            let failure = result == GTK_PRINT_OPERATION_RESULT_ERROR ? error(of: operation) : nil
            if result == GTK_PRINT_OPERATION_RESULT_APPLY { remember(gtk_print_operation_get_print_settings(operation)) }
            running[key] = nil
            if let failure { NoticeDialog(title: localized("Transcript not printed"), error: failure, parent: parent).present() }
            completion(failure)
        }
        SignalConnection.connectInt(UnsafeMutableRawPointer(operation), signal: "done") { result in
            finish(GtkPrintOperationResult(UInt32(bitPattern: result)))
        }
        running[key] = job
        let result = gtk_print_operation_run(operation, GTK_PRINT_OPERATION_ACTION_PRINT_DIALOG, parent, nil)
        if result != GTK_PRINT_OPERATION_RESULT_IN_PROGRESS { finish(result) }
    }

    /// Writes `document`'s printed pages to the PDF file at `path`, with no
    /// dialog, on the default paper size; returns how many pages it took.
    ///
    /// - Throws: ``UserFacingError`` when the file could not be written.
    @discardableResult
    public static func exportPDF(
        _ document: TranscriptDocument, to path: String, formatting: TranscriptFormatting = TranscriptFormatting()
    ) throws(UserFacingError) -> Int {
        let job = TranscriptPrintJob(transcript: .document(document), formatting: formatting)
        gtk_print_operation_set_export_filename(job.operation, path)
        var gError: UnsafeMutablePointer<GError>?
        let result = gtk_print_operation_run(job.operation, GTK_PRINT_OPERATION_ACTION_EXPORT, nil, &gError)
        if let gError {
            defer { g_error_free(gError) }
            throw UserFacingError(printingTranscriptFailedWith: String(cString: gError.pointee.message))
        }
        guard result == GTK_PRINT_OPERATION_RESULT_APPLY else {
            throw UserFacingError(printingTranscriptFailedWith: "")
        }
        return job.pageCount
    }

    private static func error(of operation: UnsafeMutablePointer<GtkPrintOperation>) -> UserFacingError {
        var gError: UnsafeMutablePointer<GError>?
        gtk_print_operation_get_error(operation, &gError)
        defer { if let gError { g_error_free(gError) } }
        let description = gError.map { String(cString: $0.pointee.message) } ?? ""
        return UserFacingError(printingTranscriptFailedWith: description)
    }

    private static func remember(_ settings: OpaquePointer?) {
        guard let settings else { return }
        g_object_ref(UnsafeMutableRawPointer(settings))
        if let lastSettings { g_object_unref(UnsafeMutableRawPointer(lastSettings)) }
        lastSettings = settings
    }
}
