import AssistCore
import AssistGtk
import AssistWeb
import CGtk
import CWebKit
import Foundation
import Testing

/// The chat template's navigation rules, dialogs and downloads.
@Suite("Chat template navigation, dialogs and downloads", .serialized)
@MainActor
struct ChatTemplateNavigationTests {
    @Test("an address without /templates/chat/ opens a separate view, and the chat page stays")
    func pagePushOpensASeparateView() throws {
        let harness = try TemplateHarness()
        defer { harness.close() }
        #expect(harness.waitUntilReady())
        let chatURI = harness.chat.currentURI
        harness.runPageScript("window.keptState = 'still here'; window.location.assign('\(harness.site.url("pushed.html"))')")
        #expect(harness.wait { harness.recorder.pushed.count == 1 })
        let pushed = try #require(harness.recorder.pushed.first)
        let pushedView = GtkCast.pointer(pushed.page.widget, to: WebKitWebView.self)
        #expect(harness.wait { webkit_web_view_get_title(pushedView).map { String(cString: $0) } == "pushed" })
        #expect(harness.chat.currentURI == chatURI)
        harness.runPageScript("record(window.keptState)")
        #expect(harness.wait { harness.title.hasSuffix("still here") }, "the chat's document was never replaced")
    }

    @Test("window.open goes to the person's browser and opens no view")
    func windowOpenGoesToTheBrowser() throws {
        let harness = try TemplateHarness()
        defer { harness.close() }
        #expect(harness.waitUntilReady())
        harness.runPageScript("window.open('https://example.com/faq?q=a b', '_blank')")
        #expect(harness.wait { !harness.recorder.launched.isEmpty })
        #expect(harness.recorder.launched == ["https://example.com/faq?q=a%20b"])
        WebHarness.iterate(for: .milliseconds(300))
        #expect(harness.recorder.pushed.isEmpty)
        #expect(harness.chat.currentURI?.contains("/templates/chat/assist/index.html") == true)
    }

    @Test("a window the page opens on its own, at load or from a late timer, goes nowhere; the person's own still does")
    func windowOpenWithoutThePersonGoesNowhere() throws {
        let harness = try TemplateHarness(query: "entryPointId=support&openOnLoad=https%3A%2F%2Foffers.example.com%2F")
        defer { harness.close() }
        #expect(harness.waitUntilReady())
        #expect(harness.wait { harness.title.contains("opened on load") })
        // A script the app runs counts as the person's act, as a click does;
        // WebKit carries that over to a timer of up to a second, not later.
        harness.runPageScript("setTimeout(function () { window.open('https://offers.example.com/later'); record('late'); }, 1500)")
        #expect(harness.wait { harness.title.hasSuffix("late") })
        harness.runPageScript("window.open('https://example.com/faq', '_blank')")
        #expect(harness.wait { !harness.recorder.launched.isEmpty })
        #expect(harness.recorder.launched == ["https://example.com/faq"])
        #expect(harness.recorder.pushed.isEmpty)
    }

    @Test("alert and confirm reach the dialog presenter, and confirm's answer returns to the page")
    func dialogsReachThePresenter() throws {
        let harness = try TemplateHarness()
        defer { harness.close() }
        #expect(harness.waitUntilReady())
        harness.runPageScript("setTimeout(function () { alert('Agent left'); record('alerted'); }, 0)")
        #expect(harness.wait { harness.recorder.alerts.count == 1 })
        #expect(harness.recorder.alerts.first?.message == "Agent left")
        harness.recorder.alerts[0].done()
        #expect(harness.wait { harness.title.hasSuffix("alerted") })
        for answer in [true, false] {
            harness.runPageScript("setTimeout(function () { record('confirmed:' + confirm('End the chat?')); }, 0)")
            #expect(harness.wait { harness.recorder.confirms.count == (answer ? 1 : 2) })
            #expect(harness.recorder.confirms.last?.message == "End the chat?")
            harness.recorder.confirms.last?.answer(answer)
            #expect(harness.wait { harness.title.hasSuffix("confirmed:\(answer)") })
        }
    }

    @Test("IOSDownloadAttachment POSTs sid as a form and saves the answer under a free name")
    func downloadPostsTheSessionId() async throws {
        let harness = try TemplateHarness()
        defer { harness.close() }
        #expect(harness.waitUntilReady())
        try Data("older".utf8).write(to: harness.downloads.appendingPathComponent("report.txt"))
        let url = "\(harness.site.first)/v1/attachments/a1/download?key=K1"
        harness.runPageScript("post('IOSSetSessionId', 'S 1+é'); post('IOSDownloadAttachment', '\(url)')")
        #expect(await harness.settle { !harness.recorder.downloaded.isEmpty || !harness.recorder.failures.isEmpty })
        #expect(harness.recorder.failures.isEmpty)
        let file = try #require(harness.recorder.downloaded.first)
        #expect(file.lastPathComponent == "report (2).txt")
        #expect(try String(contentsOf: file, encoding: .utf8) == "POST application/x-www-form-urlencoded sid=S%201%2B%C3%A9")
        #expect(try String(contentsOf: harness.downloads.appendingPathComponent("report.txt"), encoding: .utf8) == "older")
    }

    @Test("a download before the session id, or to another origin, is refused with a sentence")
    func downloadsRefused() throws {
        let harness = try TemplateHarness()
        defer { harness.close() }
        #expect(harness.waitUntilReady())
        harness.runPageScript("post('IOSDownloadAttachment', '\(harness.site.first)/v1/attachments/a1/download?key=K1')")
        #expect(harness.wait { harness.recorder.failures.count == 1 })
        harness.runPageScript("post('IOSSetSessionId', 'S-1'); post('IOSDownloadAttachment', '\(harness.site.second)/v1/attachments/a1/download?key=K1')")
        #expect(harness.wait { harness.recorder.failures.count == 2 })
        #expect(harness.recorder.failures == ["The chat has not started yet.", "The file is not on the chat's server."])
        #expect(try FileManager.default.contentsOfDirectory(atPath: harness.downloads.path).isEmpty)
    }

    @Test("Save and Print Transcript of the contract's JSON go through the native renderer; other text is saved as it is")
    func transcriptsUseTheNativeRenderer() throws {
        let harness = try TemplateHarness()
        defer { harness.close() }
        #expect(harness.waitUntilReady())
        let json = #"{"format":"assist-transcript-1","sessionId":"S-1","visitorName":"Ada","startedAt":"2026-11-27T10:00:00Z","entries":[{"author":"consumer","name":"Ada","text":"My invoice <is> wrong","sentAt":"2026-11-27T10:00:06Z"},{"author":"agent","name":"Sam","text":"Fixed it","sentAt":"2026-11-27T10:01:00Z"}]}"#
        harness.runPageScript("post('IOSSaveTranscript', \(Self.literal(json))); post('IOSPrintTranscript', \(Self.literal(json))); post('IOSSaveTranscript', 'Chat with Sam\\nline two')")
        #expect(harness.wait { harness.recorder.saved.count == 2 && harness.recorder.printed.count == 1 })
        guard case .document(let document) = try #require(harness.recorder.saved.first) else {
            Issue.record("the contract's JSON was not read as a transcript")
            return
        }
        #expect(harness.recorder.printed.first == .document(document))
        let html = harness.downloads.appendingPathComponent("t.html")
        try TranscriptFile.write(.document(document), to: TranscriptSaveTarget(chosen: html, selectedFormat: nil))
        let written = try String(contentsOf: html, encoding: .utf8)
        #expect(written == TranscriptHTMLRenderer().render(document))
        #expect(written.contains("My invoice &lt;is&gt; wrong") && written.contains("Sam") && written.contains("Ada"))
        let text = harness.downloads.appendingPathComponent("t.html")
        try TranscriptFile.write(try #require(harness.recorder.saved.last), to: TranscriptSaveTarget(chosen: text, selectedFormat: nil))
        #expect(try String(contentsOf: text, encoding: .utf8) == "Chat with Sam\nline two")
    }

    /// `text` as a JavaScript string literal.
    private static func literal(_ text: String) -> String {
        let data = try? JSONEncoder().encode([text])
        return String(String(decoding: data ?? Data(), as: UTF8.self).dropFirst().dropLast())
    }
}
