import AssistCore
import AssistGtk
import AssistWeb
import CGtk
import Foundation
import Testing

/// No secret in a web page may reach the agent: blocks in the secret's
/// colour, hidden by a marker, by `assist-no-show`, inside a cross-origin
/// frame, and after scrolling, go through capture, masks, tiles, PNG and the
/// wire codec while the page keeps changing; the decoded pixels are checked.
@Suite("Web canary: nothing of a page the agent may not view reaches it", .serialized)
@MainActor
struct WebCanaryTests {
    nonisolated static let secret = RGBAColor8(red: 0x13, green: 0x57, blue: 0x9B)
    nonisolated static let visible = RGBAColor8(red: 0x2E, green: 0x8B, blue: 0x57)
    nonisolated static let magenta = RGBAColor8(red: 255, green: 0, blue: 255)
    nonisolated static let black = RGBAColor8(red: 0, green: 0, blue: 0)

    /// One way of keeping the secret from the agent.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let page: String
        /// Element ids given the marker `secret`, which the agent may not view.
        var markedIds: [String] = []
        /// Where the page is scrolled to before the frames are checked.
        var scrollTo: Int?
        /// How many pixels of the public colour prove the page (and its frames) drawn.
        let visiblePixels: Int
        /// The masks' colour and the least area it must cover.
        let maskColor: RGBAColor8
        let maskedPixels: Int
        var testDescription: String { name }
    }

    nonisolated static let cases: [Case] = [
        Case(name: "a marker the agent may not view", page: "marker.html", markedIds: ["secret"],
             visiblePixels: 16_000, maskColor: magenta, maskedPixels: 16_000),
        Case(name: "the assist-no-show class", page: "noshow.html", visiblePixels: 16_000, maskColor: black,
             maskedPixels: 16_000),
        Case(name: "assist-no-show and a marker inside a cross-origin frame", page: "frames.html",
             markedIds: ["frame-secret"], visiblePixels: 16_000 + 4_000, maskColor: magenta, maskedPixels: 7_500),
        Case(name: "assist-no-show after scrolling", page: "scrolled.html", scrollTo: 1300, visiblePixels: 16_000,
             maskColor: black, maskedPixels: 16_000),
    ]

    @Test("the secret's colour is in 0 pixels of every frame, also while the page changes", arguments: cases)
    func secretNeverLeaks(_ testCase: Case) throws {
        let site = try TwoOriginSite(pages: WebPages.all)
        let rules = MaskingRules(maskColor: Self.magenta)
        let harness = WebHarness(rules: rules)
        defer { harness.close() }
        for id in testCase.markedIds { harness.web.setWebPermissions("secret", webElementId: id) }
        #expect(harness.load(site.url(testCase.page)), "the page loaded and reported its parts")
        if let y = testCase.scrollTo {
            harness.runPageScript("window.scrollTo(0, \(y))")
            WebHarness.iterate(for: .seconds(1))
            WebHarness.iterate(for: .seconds(10)) { harness.web.sharedParts != .concealed }
        }
        let capture = CobrowseCapture(window: harness.window, permissions: .implicitDefault, rules: rules)
        var picture = AgentPicture()
        var leaks = 0
        func takeFrames(for duration: Duration) throws {
            let deadline = ContinuousClock.now.advanced(by: duration)
            while ContinuousClock.now < deadline {
                WebHarness.iterate(for: .milliseconds(15))
                guard let frame = try capture.frame() else { continue }
                try picture.apply(frame)
                leaks += picture.count(of: Self.secret)
            }
        }
        // Until the page (and its frame) is drawn, then through changes: a
        // text changes, which moves nothing secret but makes the page
        // announce changes and report again.
        let drawnBy = ContinuousClock.now.advanced(by: .seconds(20))
        while picture.count(of: Self.visible) < testCase.visiblePixels, ContinuousClock.now < drawnBy {
            try takeFrames(for: .milliseconds(100))
        }
        #expect(picture.count(of: Self.visible) >= testCase.visiblePixels, "the page was drawn")
        for step in 0..<10 {
            harness.runPageScript("document.getElementById('ticker').textContent = 'step \(step)'")
            try takeFrames(for: .milliseconds(150))
        }
        WebHarness.iterate(for: .seconds(5)) { harness.web.sharedParts != .concealed }
        try takeFrames(for: .milliseconds(300))
        #expect(leaks == 0, "secret pixels summed over all frames")
        #expect(picture.count(of: testCase.maskColor) >= testCase.maskedPixels, "the secret's box is the mask colour")
        #expect(picture.count(of: Self.visible) >= testCase.visiblePixels, "the public blocks still show")
    }

    @Test("control: without a marker or the class, the same secrets show, in the page and in its cross-origin frame")
    func detectorSeesAnUnmaskedSecret() throws {
        let site = try TwoOriginSite(pages: WebPages.all)
        let harness = WebHarness()
        defer { harness.close() }
        #expect(harness.load(site.url("control.html")))
        let capture = CobrowseCapture(window: harness.window, permissions: .implicitDefault, rules: MaskingRules())
        var picture = AgentPicture()
        let deadline = ContinuousClock.now.advanced(by: .seconds(20))
        while picture.count(of: Self.secret) < 16_000 + 7_500, ContinuousClock.now < deadline {
            WebHarness.iterate(for: .milliseconds(30))
            if let frame = try capture.frame() { try picture.apply(frame) }
        }
        #expect(picture.count(of: Self.secret) >= 16_000 + 7_500)
    }

    /// Saves the agent's picture of a page with masked elements as
    /// `/tmp/views/web-cobrowse-masked.png`; runs with `ASSIST_VIEW_SCREENSHOTS=1`.
    @Test(
        "screenshot: a co-browsed page with masked elements, as the agent sees it",
        .enabled(if: ProcessInfo.processInfo.environment["ASSIST_VIEW_SCREENSHOTS"] == "1"))
    func screenshot() throws {
        let site = try TwoOriginSite(pages: WebPages.all.merging(["showcase.html": WebPages.showcase]) { $1 })
        let rules = MaskingRules(maskColor: Self.magenta)
        let harness = WebHarness(rules: rules)
        defer { harness.close() }
        harness.web.setWebPermissions("secret", webElementId: "card")
        harness.web.setWebPermissions("secret", webElementId: "frame-secret")
        #expect(harness.load(site.url("showcase.html")))
        let capture = CobrowseCapture(window: harness.window, permissions: .implicitDefault, rules: rules)
        var picture = AgentPicture()
        WebHarness.iterate(for: .seconds(3))
        let deadline = ContinuousClock.now.advanced(by: .seconds(10))
        while picture.count(of: Self.visible) < 4_000, ContinuousClock.now < deadline {
            WebHarness.iterate(for: .milliseconds(30))
            if let frame = try capture.frame() { try picture.apply(frame) }
        }
        try FileManager.default.createDirectory(atPath: "/tmp/views", withIntermediateDirectories: true)
        #expect(picture.save(to: "/tmp/views/web-cobrowse-masked.png"))
        #expect(picture.count(of: Self.secret) == 0)
    }
}
