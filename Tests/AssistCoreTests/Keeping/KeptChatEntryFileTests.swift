import AssistCore
import Foundation
import Testing

@Suite("Kept session: files in chat")
struct KeptChatEntryFileTests {
    private static let photo = AttachmentInfo(id: "f1", name: "photo.png", size: 2_000, mediaType: "image/png")

    private func restored(_ entry: ChatEntry) throws -> ChatEntry {
        let data = try JSONEncoder().encode(KeptChatEntry(entry))
        return try JSONDecoder().decode(KeptChatEntry.self, from: data).restored()
    }

    private func received(state: ChatFileState?) -> ChatEntry {
        var transcript = ChatTranscript()
        transcript.appendReceived(
            ChatMessage(id: "s1", author: .agent(id: "a1"), text: "photo.png", sentAt: Date(), attachment: Self.photo),
            authorName: "Alex")
        if let state { transcript.setFile("s1", state) }
        return transcript.entries[0]
    }

    @Test("a received file saved before the app quit is still saved, at the same path")
    func savedFileStaysSaved() throws {
        let entry = try restored(received(state: .saved(path: "/home/ada/Downloads/photo.png")))
        #expect(entry.attachment == Self.photo)
        #expect(entry.file == .saved(path: "/home/ada/Downloads/photo.png"))
        #expect(entry.localFile == ChatEntry.LocalFile(path: "/home/ada/Downloads/photo.png", size: 2_000))
    }

    @Test("a received file still being saved when the app quit says it was not saved")
    func interruptedDownloadSaysSo() throws {
        let entry = try restored(received(state: .downloading))
        #expect(entry.file == .notSaved("The app closed before the file was saved."))
        #expect(entry.savedFilePath == nil)
    }

    @Test("the person's file uploaded before the app quit keeps its description; one still uploading says it was not sent")
    func ownFiles() throws {
        var transcript = ChatTranscript()
        let local = ChatEntry.LocalFile(path: "/home/ada/screen.png", size: 2_000)
        transcript.appendOwnFile(ClientMessageID("c1"), local, at: Date())
        transcript.appendOwnFile(ClientMessageID("c2"), local, at: Date())
        transcript.fileUploaded(ClientMessageID("c1"), as: Self.photo)
        transcript.setFile("c2", .uploading(sent: 1_000, size: 2_000))
        let uploaded = try restored(transcript.entries[0])
        let uploading = try restored(transcript.entries[1])
        #expect(uploaded.attachment == Self.photo)
        #expect(uploaded.file == .uploaded)
        #expect(uploaded.delivery == .sending)
        #expect(uploaded.localFile == local)
        #expect(uploading.attachment == nil)
        #expect(uploading.file == .notSent("The app closed before the file was sent."))
    }

    @Test("a kept text message written before files existed reads back without a file")
    func olderRecordsHaveNoFile() throws {
        let older = #"{"id":"c1","author":"consumer","authorName":"You","text":"Hello","time":0,"delivery":"stored"}"#
        let entry = try JSONDecoder().decode(KeptChatEntry.self, from: Data(older.utf8)).restored()
        #expect(entry.text == "Hello")
        #expect(!entry.carriesFile)
    }
}
