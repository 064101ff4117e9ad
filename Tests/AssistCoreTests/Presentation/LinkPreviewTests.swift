import AssistCore
import Foundation
import Testing

@Suite("Link preview")
struct LinkPreviewTests {
    @Test("the preview shows the first link's host and path with its query")
    func hostAndPath() throws {
        let preview = try #require(LinkPreview(text: "Try https://docs.example.com/guides/setup?step=2 or http://other.example"))
        #expect(preview.host == "docs.example.com")
        #expect(preview.path == "/guides/setup?step=2")
        #expect(preview.accessibleLabel == "Link to docs.example.com, page /guides/setup?step=2")
    }

    @Test("a link to a site's front page has no path")
    func frontPage() throws {
        #expect(try #require(LinkPreview(text: "https://example.com/")).path == nil)
        #expect(try #require(LinkPreview(text: "https://example.com")).accessibleLabel == "Link to example.com")
    }

    @Test("a message without a link has no preview")
    func noLink() {
        #expect(LinkPreview(text: "no links here, example.com is not one") == nil)
    }
}
