import AssistCore
import Foundation
import Testing

@Suite("Transcript as HTML")
struct TranscriptHTMLRendererTests {
    private let html = TranscriptHTMLRenderer(formatting: TranscriptSamples.english).render(TranscriptSamples.document())

    /// The text of an element as a browser reads it back: the five
    /// references the renderer writes turned into their characters.
    private func unescaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test("markup, ampersands and quotes in a message are escaped, and read back as written")
    func escapesMessages() {
        #expect(!html.contains("<script"))
        let escaped = "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Tom &amp; Jerry&#39;s &quot;quote&quot;"
        #expect(html.contains("<p class=\"text\" dir=\"auto\">\(escaped)</p>"))
        #expect(unescaped(escaped) == TranscriptSamples.hostile)
    }

    @Test("names and details are escaped too")
    func escapesNames() {
        var document = TranscriptSamples.document(personName: "<b>Casey</b> & \"co\"")
        document.sessionID = "s'1"
        let page = TranscriptHTMLRenderer(formatting: TranscriptSamples.english).render(document)
        #expect(!page.contains("<b>Casey"))
        #expect(page.contains("&lt;b&gt;Casey&lt;/b&gt; &amp; &quot;co&quot;"))
        #expect(page.contains("s&#39;1"))
    }

    @Test("right-to-left text and emoji are kept as they are, each message finding its own direction")
    func keepsScripts() {
        #expect(html.contains("<p class=\"text\" dir=\"auto\">\(TranscriptSamples.arabic)</p>"))
        #expect(html.contains(TranscriptSamples.emoji))
        #expect(html.contains("<meta charset=\"utf-8\">"))
        #expect(html.contains("<html lang=\"en\">"))
    }

    @Test("line breaks in a message are kept, shown by the stylesheet")
    func keepsLineBreaks() {
        #expect(html.contains(">Hello\nsecond line</p>"))
        #expect(html.contains("white-space: pre-wrap"))
    }

    @Test("each entry shows its author, its local time with a machine-readable stamp, and the delivery of the person's")
    func entryLines() {
        let time = TranscriptSamples.english.time(TranscriptSamples.start)
        #expect(
            html.contains(
                "<span class=\"author\" dir=\"auto\">You</span> <time datetime=\"2026-11-27T14:05:00Z\">\(time)</time>"
                    + " <span class=\"delivery\">Delivered</span>"))
        #expect(html.contains("<li class=\"entry entry--agent\">"))
        #expect(html.contains("<span class=\"delivery\">Sending…</span>"))
        #expect(html.components(separatedBy: "<span class=\"delivery\">").count == 3)
    }

    @Test("the page is self-contained: an inline stylesheet, no script, nothing loaded from elsewhere")
    func selfContained() {
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<style>"))
        for outside in ["http:", "https:", "src=", "<link", "url(", "@import", "<script"] {
            #expect(!html.contains(outside), "found \(outside)")
        }
        #expect(html.contains("content=\"default-src 'none'; style-src 'unsafe-inline'\""))
    }

    @Test("the heading names the person, the agent, the start and the session")
    func heading() {
        #expect(html.contains("<h1>Support chat transcript</h1>"))
        #expect(html.contains("<dt>Person</dt><dd dir=\"auto\">Casey</dd>"))
        #expect(html.contains("<dt>Agent</dt><dd dir=\"auto\">Sam</dd>"))
        #expect(html.contains("<dt>Session</dt><dd dir=\"auto\">s-42</dd>"))
        #expect(html.contains("November 27, 2026"))
    }

    @Test("a session without messages says so")
    func empty() {
        let page = TranscriptHTMLRenderer(formatting: TranscriptSamples.english).render(TranscriptDocument(entries: []))
        #expect(page.contains("Nothing was written in this session."))
        #expect(!page.contains("<ol"))
    }
}
