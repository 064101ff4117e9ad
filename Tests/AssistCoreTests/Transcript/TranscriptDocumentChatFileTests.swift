import AssistCore
import Foundation
import Testing

@Suite("Transcript of the person's chat: files")
struct TranscriptDocumentChatFileTests {
    @Test("files sent and received are listed as files; one not sent says why")
    func filesListed() {
        var chat = ChatTranscript()
        let photo = AttachmentInfo(id: "f1", name: "photo.png", size: 922_180, mediaType: "image/png")
        chat.appendOwnFile(ClientMessageID("c1"), ChatEntry.LocalFile(path: "/tmp/photo.png", size: 922_180), at: Date())
        chat.fileUploaded(ClientMessageID("c1"), as: photo)
        chat.appendOwnFile(ClientMessageID("c2"), ChatEntry.LocalFile(path: "/tmp/notes.zip", size: 12), at: Date())
        chat.setFile("c2", .notSent("notes.zip cannot be sent."))
        let steps = AttachmentInfo(id: "f2", name: "steps.pdf", size: 48_211, mediaType: "application/pdf")
        chat.appendReceived(
            ChatMessage(id: "s1", author: .agent(id: "a"), text: "steps.pdf", sentAt: Date(), attachment: steps), authorName: "Alex")
        let entries = TranscriptDocument(chat: chat).entries
        #expect(entries.map(\.content) == [.file(photo, caption: nil), .text("notes.zip"), .file(steps, caption: nil)])
        #expect(entries.map(\.deliveryNote) == ["Sending…", "notes.zip cannot be sent.", nil])
    }
}
