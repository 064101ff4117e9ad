import AssistCore
import CGtk
import Foundation
import Testing

@testable import AssistGtk

/// Save and Print Transcript past their dialogs: the file written where the
/// person chose, and the printed pages exported to PDF and read back with
/// poppler's `pdftotext`.
@Suite("Transcript saved and printed", .serialized)
@MainActor
struct TranscriptExportTests {
    init() {
        ViewHarness.start()
    }

    private static let utc = TimeZone(identifier: "UTC")!
    private static let formatting = TranscriptFormatting(locale: Locale(identifier: "en_US"), timeZone: utc)
    private static let start = Date(timeIntervalSince1970: 1_795_788_300)
    private static let hostile = "<script>alert(\"x\")</script> Tom & Jerry's"

    /// A chat of `count` exchanges, the person's delivered, with a hostile
    /// line and right-to-left text among them.
    private static func document(exchanges count: Int) -> TranscriptDocument {
        var chat = ChatTranscript()
        for index in 0..<count {
            let time = start + Double(index) * 60
            chat.appendOwn(ClientMessageID("c\(index)"), text: "Question \(index): my printer prints blank pages", at: time)
            chat.apply(ChatReceipt(clientMessageID: ClientMessageID("c\(index)"), messageID: ServerMessageID("s\(index)"), status: .delivered))
            chat.appendReceived(
                ChatMessage(
                    id: ServerMessageID("a\(index)"), author: .agent(id: "sam"),
                    text: index == 0 ? hostile : "Answer \(index): try cleaning the print head, then print a test page. مرحبا",
                    sentAt: time + 30),
                authorName: "Sam")
        }
        return TranscriptDocument(chat: chat, sessionID: "s-42", personName: "Casey", agentNames: ["Sam"], startedAt: start)
    }

    private static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("transcript-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// What `tool` prints for `arguments`.
    private static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/\(tool)")
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(tool) \(arguments) failed")
        return String(decoding: data, as: UTF8.self)
    }

    @Test("Save writes the HTML and the text where the person chose, in the format the name asks for")
    func savesBothFormats() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = Self.document(exchanges: 2)
        let html = TranscriptSaveTarget(chosen: folder.appendingPathComponent("chat.html"), selectedFormat: .plainText)
        let text = TranscriptSaveTarget(chosen: folder.appendingPathComponent("chat"), selectedFormat: .plainText)
        try TranscriptFile.write(document, to: html, formatting: Self.formatting)
        try TranscriptFile.write(document, to: text, formatting: Self.formatting)

        let page = try String(contentsOf: folder.appendingPathComponent("chat.html"), encoding: .utf8)
        #expect(page == TranscriptHTMLRenderer(formatting: Self.formatting).render(document))
        #expect(page.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Tom &amp; Jerry&#39;s"))
        let written = try String(contentsOf: folder.appendingPathComponent("chat.txt"), encoding: .utf8)
        #expect(written == TranscriptTextRenderer(formatting: Self.formatting).render(document))
        #expect(written.contains("] You (Delivered)\n    Question 1: my printer prints blank pages\n"))
    }

    @Test("a folder that cannot be written to is named in one sentence")
    func unwritableFolder() throws {
        let target = TranscriptSaveTarget(chosen: URL(fileURLWithPath: "/sys/transcript.txt"), selectedFormat: nil)
        let error = try #require(throws: UserFacingError.self) {
            try TranscriptFile.write(Self.document(exchanges: 1), to: target)
        }
        #expect(error.message == "The transcript could not be saved as “transcript.txt”: you may not write in the folder /sys.")
    }

    @Test("Print lays a long chat over several pages and every message reads back from the PDF")
    func printsToPDF() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let pdf = folder.appendingPathComponent("transcript.pdf").path
        let pages = try TranscriptPrinter.exportPDF(Self.document(exchanges: 40), to: pdf, formatting: Self.formatting)

        #expect(pages >= 3)
        let info = try Self.run("pdfinfo", [pdf])
        #expect(info.contains("Pages:           \(pages)\n"))
        let text = try Self.run("pdftotext", ["-layout", pdf, "-"])
        #expect(text.contains("Support chat transcript"))
        #expect(text.contains("Person: Casey"))
        #expect(text.contains(Self.hostile))
        for index in 0..<40 {
            #expect(text.contains("Question \(index): my printer prints blank pages"), "question \(index) is missing")
        }
        #expect(text.contains("Answer 39: try cleaning the print head"))
        #expect(text.components(separatedBy: "Delivered").count - 1 == 40)
        #expect(text.contains("Page 1 of \(pages)"))
        #expect(text.contains("Page \(pages) of \(pages)"))
    }

    @Test("a PDF that cannot be written says so in one sentence")
    func unwritablePDF() {
        #expect(throws: UserFacingError.self) {
            try TranscriptPrinter.exportPDF(Self.document(exchanges: 1), to: "/nonexistent-folder/transcript.pdf")
        }
    }
}
