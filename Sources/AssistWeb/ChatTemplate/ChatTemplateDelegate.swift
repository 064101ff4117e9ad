import AssistCore
import AssistGtk
import CGtk
import Foundation

/// What an application hears from a ``ChatTemplateView`` and may decide,
/// in the Live Assist SDK's delegate style. Every method has a default, so
/// an application implements only what it cares about.
@MainActor
public protocol ChatTemplateDelegate: AnyObject {
    /// Every message the template's own top frame posted, before the view
    /// acts on it (it answers `IOSGetCustomerData`, keeps the session id and
    /// downloads files itself). Default: nothing.
    func chatTemplate(_ view: ChatTemplateView, received message: ChatTemplateMessage)

    /// The person asked to save the transcript. Default: the native Save
    /// Transcript dialog (``TranscriptSaveDialog``) over the view's window.
    func chatTemplate(_ view: ChatTemplateView, saveTranscript transcript: TemplateTranscript)

    /// The person asked to print the transcript. Default: the native print
    /// dialog (``TranscriptPrinter``) over the view's window.
    func chatTemplate(_ view: ChatTemplateView, printTranscript transcript: TemplateTranscript)

    /// A file the person clicked was saved at `file`. Default: the view's
    /// banner says so, with Open and Show in Folder.
    func chatTemplate(_ view: ChatTemplateView, downloaded file: URL)

    /// A file the person clicked could not be saved. Default: the view's
    /// banner says why.
    func chatTemplate(_ view: ChatTemplateView, downloadFailed error: UserFacingError)
}

extension ChatTemplateDelegate {
    /// Does nothing.
    public func chatTemplate(_ view: ChatTemplateView, received message: ChatTemplateMessage) {}

    /// Shows the native Save Transcript dialog.
    public func chatTemplate(_ view: ChatTemplateView, saveTranscript transcript: TemplateTranscript) {
        TranscriptSaveDialog(transcript: transcript, parent: view.parentWindow).present()
    }

    /// Shows the native print dialog.
    public func chatTemplate(_ view: ChatTemplateView, printTranscript transcript: TemplateTranscript) {
        TranscriptPrinter.print(transcript, parent: view.parentWindow)
    }

    /// Shows the view's banner for the file.
    public func chatTemplate(_ view: ChatTemplateView, downloaded file: URL) {
        view.banner.showSaved(file)
    }

    /// Shows the view's banner with the reason.
    public func chatTemplate(_ view: ChatTemplateView, downloadFailed error: UserFacingError) {
        view.banner.showFailure(error.message)
    }
}
