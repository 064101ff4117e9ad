@testable import AssistCore
import CGtk
import Testing

@testable import AssistGtk

@Suite("Sharing bar", .serialized)
@MainActor
struct SharingBarTests {
    init() {
        ViewHarness.start()
    }

    @Test("the bar shows who sees the window, its Stop sharing button reports the press, and nil hides it")
    func showsAndStops() {
        let bar = SharingBar()
        #expect(!bar.isShown)
        var stops = 0
        bar.onStop = { stops += 1 }
        bar.render(SharingIndicator(ScreenShare(requestID: "r", agent: Agent(id: "a", name: "Sam"))))
        #expect(bar.isShown)
        let labels = ViewHarness.descendants(of: bar.widget).filter {
            g_type_check_instance_is_a(GtkCast.pointer($0), gtk_label_get_type()) != 0
        }.map(ViewHarness.text)
        #expect(labels.contains("Sam can see this window"))
        assist_signal_emit_void(bar.stopWidget, "clicked")
        #expect(stops == 1)
        bar.render(nil)
        #expect(!bar.isShown)
    }

    @Test("Clear drawing stays in place and can be pressed only while the agent's drawing is on the window")
    func clearDrawing() {
        let bar = SharingBar()
        var clears = 0
        bar.onClearDrawings = { clears += 1 }
        var share = ScreenShare(requestID: "r", agent: Agent(id: "a", name: "Sam"))
        bar.render(SharingIndicator(share))
        #expect(gtk_widget_get_visible(bar.clearDrawingsWidget) != 0)
        #expect(gtk_widget_get_sensitive(bar.clearDrawingsWidget) == 0)
        _ = share.annotations.draw(
            AnnotationStroke(id: "s", color: RGBAColor8(red: 1, green: 2, blue: 3), width: 2, points: [.init(x: 1, y: 1)]))
        bar.render(SharingIndicator(share))
        #expect(gtk_widget_get_sensitive(bar.clearDrawingsWidget) != 0)
        assist_signal_emit_void(bar.clearDrawingsWidget, "clicked")
        #expect(clears == 1)
    }
}
