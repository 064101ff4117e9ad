import AssistCore
import Foundation
import Testing

@Suite("Transcript as Pango markup for printing")
struct TranscriptPangoMarkupTests {
    private let markup = TranscriptPangoMarkup(formatting: TranscriptSamples.german)

    @Test("one block for the heading and one per entry, the author in bold, time and delivery beside")
    func blocks() {
        let blocks = markup.blocks(TranscriptSamples.document())
        #expect(blocks.count == 5)
        #expect(blocks[0].hasPrefix("<span size=\"x-large\" weight=\"bold\">Support chat transcript</span>\n<b>Person:</b> Casey"))
        #expect(blocks[1] == "<b>You</b>  <span foreground=\"#555555\">14:05 · Delivered</span>\nHello\nsecond line")
        #expect(blocks[3].hasSuffix("\n\(TranscriptSamples.arabic)"))
    }

    @Test("markup in a message is escaped and control characters other than line breaks are left out")
    func escapes() {
        let blocks = markup.blocks(TranscriptSamples.document())
        #expect(blocks[2].hasSuffix("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Tom &amp; Jerry&#39;s &quot;quote&quot;"))
        #expect(TranscriptPangoMarkup.escaped("a\u{1}b\u{7F}\tc\nd") == "ab\tc\nd")
    }

    @Test("a session without messages prints a sentence saying so")
    func empty() {
        #expect(markup.blocks(TranscriptDocument(entries: [])).last == "Nothing was written in this session.")
    }
}
