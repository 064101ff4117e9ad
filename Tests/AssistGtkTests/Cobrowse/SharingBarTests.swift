import AssistCore
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
}
