import AssistCore
import Foundation
import Testing

@Suite("Chat text markup")
struct ChatTextMarkupTests {
    @Test("characters with meaning in markup are shown literally")
    func escapesMarkup() {
        #expect(ChatTextMarkup.markup(for: "<b>bold</b> & 'quoted' \"text\"")
            == "&lt;b&gt;bold&lt;/b&gt; &amp; &apos;quoted&apos; &quot;text&quot;")
    }

    @Test("an http or https link becomes a clickable anchor and the text around it stays plain")
    func wrapsLinks() {
        #expect(ChatTextMarkup.markup(for: "See https://example.com/help now")
            == "See <a href=\"https://example.com/help\">https://example.com/help</a> now")
        #expect(ChatTextMarkup.markup(for: "http://example.org")
            == "<a href=\"http://example.org\">http://example.org</a>")
    }

    @Test("an ampersand inside a link is escaped in both the address and the text")
    func escapesInsideLinks() {
        #expect(ChatTextMarkup.markup(for: "https://example.com/?a=1&b=<2>")
            == "<a href=\"https://example.com/?a=1&amp;b=\">https://example.com/?a=1&amp;b=</a>&lt;2&gt;")
    }

    @Test("sentence punctuation and an unmatched closing parenthesis stay outside the link")
    func trailingPunctuation() {
        #expect(ChatTextSegment.split("(see https://example.com/a).")
            == [.plain("(see "), .link(URL(string: "https://example.com/a")!, text: "https://example.com/a"), .plain(").")])
        #expect(ChatTextSegment.split("https://en.wikipedia.org/wiki/Swift_(language)!")
            == [.link(URL(string: "https://en.wikipedia.org/wiki/Swift_(language)")!,
                      text: "https://en.wikipedia.org/wiki/Swift_(language)"), .plain("!")])
    }

    @Test("other schemes, links inside words and links without a host stay plain")
    func notLinks() {
        for text in ["ftp://example.com", "javascript:alert(1)", "xhttps://example.com", "https://", "http:// spaced"] {
            #expect(ChatTextSegment.split(text) == [.plain(text)], "\(text)")
        }
    }

    @Test("the scheme is recognised in any case")
    func caseInsensitiveScheme() {
        #expect(ChatTextSegment.firstLink(in: "go to HTTPS://Example.com") == URL(string: "HTTPS://Example.com"))
    }

    @Test("two links in one message are both found, in order")
    func twoLinks() {
        let links = ChatTextSegment.split("a https://a.example b http://b.example").compactMap { segment -> String? in
            if case .link(_, let text) = segment { return text }
            return nil
        }
        #expect(links == ["https://a.example", "http://b.example"])
    }
}
