import AssistCore
import Foundation
import Testing

@Suite("A file sent in chat, in the transcript")
struct TranscriptFileEntryTests {
    private static let file = AttachmentInfo(id: "f-1", name: "<invoice> & co.pdf", size: 48_213, mediaType: "application/pdf")

    private static func document(text: String) -> TranscriptDocument {
        TranscriptDocument(entries: [
            TranscriptEntry(
                authorName: "Sam", role: .agent, time: TranscriptSamples.start,
                content: .of(text: text, attachment: file))
        ])
    }

    @Test("a message that is only the file's name shows the file's line; one with more text shows it as a caption")
    func content() {
        #expect(TranscriptContent.of(text: Self.file.name, attachment: Self.file) == .file(Self.file, caption: nil))
        #expect(TranscriptContent.of(text: "the March invoice", attachment: Self.file) == .file(Self.file, caption: "the March invoice"))
        #expect(TranscriptContent.of(text: "hello", attachment: nil) == .text("hello"))
    }

    @Test("plain text lists the file's name, size and type, then the caption, indented")
    func plainText() {
        let text = TranscriptTextRenderer(formatting: TranscriptSamples.english).render(Self.document(text: "the March invoice"))
        #expect(text.hasSuffix("Sam\n    File: <invoice> & co.pdf (48 KB, application/pdf)\n    the March invoice\n"))
    }

    @Test("HTML lists the file escaped, and the caption")
    func html() {
        let html = TranscriptHTMLRenderer(formatting: TranscriptSamples.english).render(Self.document(text: "the March invoice"))
        #expect(html.contains("<p class=\"file\" dir=\"auto\">File: &lt;invoice&gt; &amp; co.pdf (48 KB, application/pdf)</p>"))
        #expect(html.contains("<p class=\"text\" dir=\"auto\">the March invoice</p>"))
        #expect(!html.contains("<invoice>"))
    }
}
