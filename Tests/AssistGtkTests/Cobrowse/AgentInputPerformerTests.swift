import AssistCore
import CGtk
import Testing

@testable import AssistGtk

@Suite("Agent input: performed only where the agent may act", .serialized)
@MainActor
struct AgentInputPerformerTests {
    /// The window and what the agent's clicks did.
    @MainActor
    final class Scene {
        let window: UnsafeMutablePointer<GtkWidget>
        let usable: UnsafeMutablePointer<GtkWidget>
        let viewOnly: UnsafeMutablePointer<GtkWidget>
        let hidden: UnsafeMutablePointer<GtkWidget>
        let protectedBar: UnsafeMutablePointer<GtkWidget>
        let barButton: UnsafeMutablePointer<GtkWidget>
        let entry: UnsafeMutablePointer<GtkWidget>
        let password: UnsafeMutablePointer<GtkWidget>
        var clicks: [String] = []

        init() {
            let box = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
            Widgets.setMargins(box, 24)
            protectedBar = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
            barButton = Widgets.button("_Stop sharing")
            Widgets.append(protectedBar, barButton)
            usable = Widgets.button("_Usable")
            viewOnly = Widgets.button("_View only")
            hidden = Widgets.button("_Hidden")
            entry = gtk_entry_new()!
            password = gtk_password_entry_new()!
            Widgets.append(box, protectedBar, usable, viewOnly, hidden, entry, password)
            AssistSDK.setPermission("look", for: viewOnly)
            AssistSDK.setPermission("secret", for: hidden)
            window = ViewHarness.window(showing: box, width: 400, height: 420)
            for (name, button) in [("usable", usable), ("viewOnly", viewOnly), ("hidden", hidden), ("bar", barButton)] {
                SignalConnection.connect(button, signal: "clicked") { [weak self] in self?.clicks.append(name) }
            }
        }

        /// The middle of `widget`, in window pixels.
        func center(of widget: UnsafeMutablePointer<GtkWidget>) -> InputEvent {
            var rect = graphene_rect_t()
            _ = gtk_widget_compute_bounds(widget, window, &rect)
            return .click(x: Int(rect.origin.x + rect.size.width / 2), y: Int(rect.origin.y + rect.size.height / 2))
        }

        func text(of editable: UnsafeMutablePointer<GtkWidget>) -> String {
            String(cString: gtk_editable_get_text(GtkCast.opaque(editable)))
        }
    }

    /// An agent that may view "default" and "look" widgets and act on "default" ones.
    private static let permissions = AgentPermissions(viewable: ["default", "look"], interactive: ["default"])

    init() {
        ViewHarness.start()
    }

    private func performer(_ scene: Scene) -> AgentInputPerformer {
        AgentInputPerformer(
            window: scene.window,
            capture: CobrowseCapture(window: scene.window, permissions: Self.permissions, rules: MaskingRules()),
            protected: [scene.protectedBar])
    }

    @Test("a click on an interactive button activates it")
    func interactiveButton() {
        let scene = Scene()
        defer { gtk_window_destroy(GtkCast.pointer(scene.window)) }
        #expect(performer(scene).perform(scene.center(of: scene.usable)) == .performed)
        #expect(scene.clicks == ["usable"])
    }

    @Test("a click on a view-only button does nothing and says so")
    func viewOnlyButton() {
        let scene = Scene()
        defer { gtk_window_destroy(GtkCast.pointer(scene.window)) }
        #expect(performer(scene).perform(scene.center(of: scene.viewOnly)) == .notInteractive)
        #expect(scene.clicks.isEmpty)
    }

    @Test("a click on a masked area does nothing and reveals nothing of what is there")
    func maskedButton() {
        let scene = Scene()
        defer { gtk_window_destroy(GtkCast.pointer(scene.window)) }
        #expect(performer(scene).perform(scene.center(of: scene.hidden)) == .masked)
        #expect(scene.clicks.isEmpty)
    }

    @Test("the Sharing bar never takes the agent's clicks")
    func protectedBar() {
        let scene = Scene()
        defer { gtk_window_destroy(GtkCast.pointer(scene.window)) }
        #expect(performer(scene).perform(scene.center(of: scene.barButton)) == .notInteractive)
        #expect(scene.clicks.isEmpty)
    }

    @Test("a click on empty space finds nothing to act on")
    func emptySpace() {
        let scene = Scene()
        defer { gtk_window_destroy(GtkCast.pointer(scene.window)) }
        #expect(performer(scene).perform(.click(x: 3, y: 3)) == .nothingThere)
    }

    @Test("text goes into the interactive field the agent clicked, and never into a password")
    func typing() {
        let scene = Scene()
        defer { gtk_window_destroy(GtkCast.pointer(scene.window)) }
        let performer = performer(scene)
        #expect(performer.perform(scene.center(of: scene.entry)) == .performed)
        #expect(performer.perform(.text("order 42")) == .performed)
        #expect(scene.text(of: scene.entry) == "order 42")
        _ = gtk_widget_grab_focus(scene.password)
        #expect(performer.perform(.text("guess")) == .masked)
        #expect(scene.text(of: scene.password).isEmpty)
    }
}
