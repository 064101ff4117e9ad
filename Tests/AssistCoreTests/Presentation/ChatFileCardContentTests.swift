import AssistCore
import Foundation
import Testing

@Suite("Chat file card")
struct ChatFileCardContentTests {
    private func own(_ state: ChatFileState) -> ChatEntry {
        var transcript = ChatTranscript()
        transcript.appendOwnFile(ClientMessageID("c1"), ChatEntry.LocalFile(path: "/home/ada/Invoice March.PDF", size: 3_000), at: Date())
        transcript.setFile("c1", state)
        return transcript.entries[0]
    }

    @Test("before the server has it, the person's file is described from its name and size on this computer")
    func ownFileBeforeUpload() {
        let card = ChatFileCardContent(own(.uploading(sent: 1_000, size: 3_000)))
        #expect(card.name == "Invoice March.PDF")
        #expect(card.size == 3_000)
        #expect(card.mediaType == "application/pdf")
        #expect(card.progress == 1_000.0 / 3_000.0)
        #expect(card.status == "Sending… 33 %")
        #expect(!card.isPicture)
        #expect(card.accessibleSummary(sizeText: "3.0 kB") == "File Invoice March.PDF, 3.0 kB, Sending… 33 %")
    }

    @Test("each state's status line, and which are problems", arguments: [
        (ChatFileState.uploaded, nil, false),
        (.notSent("The file is larger than the 25 MB allowed."), "The file is larger than the 25 MB allowed.", true),
        (.cancelled, "Cancelled; the file was not sent.", false),
        (.downloading, "Saving…", false),
        (.saved(path: "/home/ada/Downloads/report (2).pdf"), "Saved as report (2).pdf", false),
        (.notSaved("The server could not be reached, so the file was not saved."),
         "The server could not be reached, so the file was not saved.", true),
    ] as [(ChatFileState, String?, Bool)])
    func statusLines(state: ChatFileState, status: String?, isProblem: Bool) {
        let card = ChatFileCardContent(own(state))
        #expect(card.status == status)
        #expect(card.isProblem == isProblem)
        #expect(card.progress == nil)
    }

    @Test("a name that suggests no type shows as a generic file until the server says what it is")
    func unknownType() {
        var transcript = ChatTranscript()
        transcript.appendOwnFile(ClientMessageID("c1"), ChatEntry.LocalFile(path: "/tmp/README", size: 10), at: Date())
        #expect(ChatFileCardContent(transcript.entries[0]).mediaType == "application/octet-stream")
        transcript.fileUploaded(ClientMessageID("c1"), as: AttachmentInfo(id: "f", name: "README", size: 10, mediaType: "text/plain"))
        #expect(ChatFileCardContent(transcript.entries[0]).mediaType == "text/plain")
    }

    @Test("a file entry reads as a file to screen readers")
    func accessibleRow() {
        var transcript = ChatTranscript()
        transcript.appendOwnFile(ClientMessageID("c1"), ChatEntry.LocalFile(path: "/tmp/notes.txt", size: 10), at: Date(timeIntervalSince1970: 0))
        #expect(transcript.entries[0].accessibleSummary(in: TimeZone(identifier: "UTC")!, locale: Locale(identifier: "en_GB"))
            == "You at 00:00: file notes.txt")
    }
}
