import AssistCore
import Foundation
import Testing

@Suite("Transcript as plain text")
struct TranscriptTextRendererTests {
    @Test("the title, the details, then each entry with its time, author, delivery and indented text")
    func wholeText() {
        let english = TranscriptSamples.english
        let start = TranscriptSamples.start
        let text = TranscriptTextRenderer(formatting: english).render(TranscriptSamples.document())
        let expected = """
            Support chat transcript
            =======================
            Person: Casey
            Agent: Sam
            Started: \(english.dateAndTime(start))
            Session: s-42

            [\(english.time(start))] You (Delivered)
                Hello
                second line

            [\(english.time(start + 60))] Sam
                \(TranscriptSamples.hostile)

            [\(english.time(start + 120))] Support
                \(TranscriptSamples.arabic)

            [\(english.time(start + 3 * 3600))] You (Sending…)
                \(TranscriptSamples.emoji)

            """
        #expect(text == expected)
    }

    @Test("every line of a message is indented, so none passes for an entry of its own")
    func indentsEveryLine() {
        let entry = TranscriptEntry(
            authorName: "Sam", role: .agent, time: TranscriptSamples.start, content: .text("one\r\n[14:06] Casey\n\nthree"))
        let text = TranscriptTextRenderer(formatting: TranscriptSamples.german).render(TranscriptDocument(entries: [entry]))
        #expect(text.hasSuffix("[14:05] Sam\n    one\n    [14:06] Casey\n    \n    three\n"))
    }

    @Test("a session without messages says so")
    func empty() {
        let text = TranscriptTextRenderer(formatting: TranscriptSamples.german).render(TranscriptDocument(entries: []))
        #expect(text == "Support chat transcript\n=======================\n\nNothing was written in this session.\n")
    }
}
