import AssistCore
import Foundation
import Testing

@Suite("Where a transcript is saved")
struct TranscriptSaveTargetTests {
    private let folder = URL(fileURLWithPath: "/home/casey/Documents")

    @Test("the chosen name's extension decides the format, whatever type is selected")
    func extensionWins() {
        let html = TranscriptSaveTarget(chosen: folder.appendingPathComponent("chat.HTM"), selectedFormat: .plainText)
        #expect(html.format == .html)
        #expect(html.file.lastPathComponent == "chat.HTM")
        let text = TranscriptSaveTarget(chosen: folder.appendingPathComponent("chat.txt"), selectedFormat: .html)
        #expect(text.format == .plainText)
    }

    @Test("a name without a known extension gets the selected type's, or HTML's")
    func addsExtension() {
        let text = TranscriptSaveTarget(chosen: folder.appendingPathComponent("chat"), selectedFormat: .plainText)
        #expect(text.file.path == "/home/casey/Documents/chat.txt")
        #expect(text.format == .plainText)
        let html = TranscriptSaveTarget(chosen: folder.appendingPathComponent("chat.notes"), selectedFormat: nil)
        #expect(html.file.path == "/home/casey/Documents/chat.notes.html")
    }

    @Test("the proposed name carries the session's start and no colon")
    func suggestedName() {
        let name = TranscriptSaveTarget.suggestedName(
            for: TranscriptSamples.document(), at: .distantPast, format: .html, timeZone: TranscriptSamples.utc)
        #expect(name == "Support transcript 2026-11-27 1405.html")
        let unstarted = TranscriptSaveTarget.suggestedName(
            for: TranscriptDocument(entries: []), at: TranscriptSamples.start + 60, format: .plainText,
            timeZone: TranscriptSamples.utc)
        #expect(unstarted == "Support transcript 2026-11-27 1406.txt")
    }
}

@Suite("Why a transcript was not saved or printed")
struct TranscriptErrorTests {
    @Test("a folder that is not there is named in the sentence")
    func missingFolder() throws {
        let file = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/chat.html")
        let error = try #require(throws: (any Error).self) { try Data("x".utf8).write(to: file, options: .atomic) }
        let sentence = UserFacingError(savingTranscriptTo: file, error: error)
        #expect(sentence.message == "The transcript could not be saved as “chat.html”: the folder \(file.deletingLastPathComponent().path) does not exist.")
        #expect(sentence.remedy == .dismiss)
    }

    @Test("no permission, a read-only disk and a full disk each get their own reason")
    func reasons() {
        let file = URL(fileURLWithPath: "/srv/share/chat.txt")
        #expect(
            UserFacingError(savingTranscriptTo: file, error: CocoaError(.fileWriteNoPermission)).message
                == "The transcript could not be saved as “chat.txt”: you may not write in the folder /srv/share.")
        #expect(
            UserFacingError(savingTranscriptTo: file, error: POSIXError(.EROFS)).message
                == "The transcript could not be saved as “chat.txt”: the folder /srv/share is on a disk that cannot be written to.")
        #expect(
            UserFacingError(savingTranscriptTo: file, error: POSIXError(.ENOSPC)).message
                == "The transcript could not be saved as “chat.txt”: the disk holding /srv/share is full.")
    }

    @Test("a printing failure keeps the printing system's words")
    func printing() {
        #expect(
            UserFacingError(printingTranscriptFailedWith: "Error from StartDoc.").message
                == "The transcript could not be printed: Error from StartDoc.")
        #expect(UserFacingError(printingTranscriptFailedWith: " ").message == "The transcript could not be printed.")
    }
}
