import AssistCore
import Foundation

/// Writes a transcript to a file: what Save Transcript does once the
/// person chose where, and what an application calls to save one without
/// asking.
public enum TranscriptFile {
    /// Writes `document` to `target.file` in `target.format`, as UTF-8,
    /// replacing the file at once (a reader never sees half of it).
    ///
    /// - Throws: ``UserFacingError`` with the sentence saying why it could
    ///   not be written (no permission, a read-only or full disk, no such
    ///   folder).
    public static func write(
        _ document: TranscriptDocument, to target: TranscriptSaveTarget,
        formatting: TranscriptFormatting = TranscriptFormatting()
    ) throws(UserFacingError) {
        try write(.document(document), to: target, formatting: formatting)
    }

    /// Writes a chat template's transcript: the contract's document as
    /// ``write(_:to:formatting:)`` does, other text as it is (whatever
    /// `target.format` says).
    ///
    /// - Throws: ``UserFacingError`` saying why it could not be written.
    public static func write(
        _ transcript: TemplateTranscript, to target: TranscriptSaveTarget,
        formatting: TranscriptFormatting = TranscriptFormatting()
    ) throws(UserFacingError) {
        let text: String
        switch transcript {
        case .document(let document): text = target.format.render(document, formatting: formatting)
        case .text(let body): text = body
        }
        do {
            try Data(text.utf8).write(to: target.file, options: .atomic)
        } catch {
            throw UserFacingError(savingTranscriptTo: target.file, error: error)
        }
    }
}
