import AssistCore
import CGtk
import Foundation
import Testing

@testable import AssistGtk
@testable import AssistWeb

/// The agent's clicks and text reach a page's elements only where the same
/// permission rules as for widgets let it act; the page itself can neither
/// reach the app's message handlers nor make a frame act for the agent.
@Suite("Agent input into a web page", .serialized)
@MainActor
struct WebAgentInputTests {
    /// Sees `default` and `locked`, acts on `default` only.
    static let permissions = AgentPermissions(viewable: ["default", "locked"], interactive: ["default"])

    /// The page `controls.html` loaded, with `locked` on two elements.
    @MainActor
    struct Scene {
        let site: TwoOriginSite
        let harness: WebHarness
        let performer: AgentInputPerformer

        init() throws {
            site = try TwoOriginSite(pages: WebPages.all)
            harness = WebHarness()
            harness.web.setWebPermissions("locked", webElementId: "locked")
            harness.web.setWebPermissions("locked", webElementId: "locked-name")
            let capture = CobrowseCapture(window: harness.window, permissions: WebAgentInputTests.permissions, rules: MaskingRules())
            performer = AgentInputPerformer(window: harness.window, capture: capture, protected: [])
            #expect(harness.load(site.url("controls.html")))
            // The frame's parts are in the report once its own script answered.
            WebHarness.iterate(for: .seconds(10)) { frameReported() }
        }

        func settle() {
            WebHarness.iterate(for: .milliseconds(300))
            WebHarness.iterate(for: .seconds(10)) { harness.web.sharedParts != .concealed }
        }

        func perform(_ event: InputEvent) -> InputOutcome {
            settle()
            return performer.perform(event)
        }

        func titleBecomes(_ expected: String, within patience: Duration = .seconds(10)) -> Bool {
            WebHarness.iterate(for: patience) { harness.title == expected }
        }

        private func frameReported() -> Bool {
            guard case .known(let parts, _) = harness.web.sharedParts else { return false }
            // controls.html reports the two marked elements, the hidden button and the frame; the frame's
            // own document has no parts, so a report with the frame unhidden is the sign it answered.
            return parts.count == 4 && parts.contains { $0.tags.isEmpty && $0.marker == nil }
        }
    }

    @Test("a click on an interactive button is performed")
    func clickOnInteractiveButton() throws {
        let scene = try Scene()
        defer { scene.harness.close() }
        #expect(scene.perform(.click(x: 120, y: 45)) == .performed)
        #expect(scene.titleBecomes("open"))
    }

    @Test("a click on a view-only button is refused and nothing happens")
    func clickOnViewOnlyButton() throws {
        let scene = try Scene()
        defer { scene.harness.close() }
        #expect(scene.perform(.click(x: 120, y: 125)) == .notInteractive)
        #expect(!scene.titleBecomes("locked", within: .seconds(1)))
    }

    @Test("a click on an assist-no-show button is refused as masked")
    func clickOnHiddenButton() throws {
        let scene = try Scene()
        defer { scene.harness.close() }
        #expect(scene.perform(.click(x: 120, y: 205)) == .masked)
        #expect(!scene.titleBecomes("hidden", within: .seconds(1)))
    }

    @Test("a click inside a cross-origin frame is performed there")
    func clickInsideCrossOriginFrame() throws {
        let scene = try Scene()
        defer { scene.harness.close() }
        #expect(scene.perform(.click(x: 20 + 85, y: 380 + 30)) == .performed)
        #expect(scene.titleBecomes("frame:clicked"))
    }

    @Test("text goes into an interactive field the agent focused, not into a view-only one")
    func typing() throws {
        let scene = try Scene()
        defer { scene.harness.close() }
        #expect(scene.perform(.click(x: 120, y: 275)) == .performed)
        #expect(scene.perform(.text("hi")) == .performed)
        #expect(scene.titleBecomes("name:hi"))
        #expect(scene.perform(.click(x: 120, y: 335)) == .notInteractive)
        scene.harness.runPageScript("document.getElementById('locked-name').focus()")
        #expect(scene.perform(.text("x")) == .notInteractive)
        #expect(!scene.titleBecomes("locked-name:x", within: .seconds(1)))
    }

    @Test("a page posting a click command to a frame does not make it act")
    func forgedFrameCommandIsIgnored() throws {
        let scene = try Scene()
        defer { scene.harness.close() }
        scene.harness.runPageScript(
            "document.getElementById('frame').contentWindow.postMessage({assistWebClick: {x: 85, y: 30, token: '0011'}}, '*')")
        #expect(!scene.titleBecomes("frame:clicked", within: .seconds(2)))
    }

    @Test("the page's own scripts cannot see the app's message handlers")
    func handlersAreOutOfThePagesReach() throws {
        let scene = try Scene()
        defer { scene.harness.close() }
        scene.harness.runPageScript(
            "var h = window.webkit && window.webkit.messageHandlers; document.title = 'handlers:' + typeof (h && h.assistWebReport) + ',' + typeof (h && h.assistWebAsk) + ',' + typeof window.assistWebPage")
        #expect(scene.titleBecomes("handlers:undefined,undefined,undefined"))
    }
}
