import AssistGtk
import CGtk
import Testing

@Suite("Signal connections", .serialized)
@MainActor
struct SignalConnectionTests {
    init() {
        gtk_init()
    }

    @Test("a connected closure runs each time the signal is emitted")
    func closureRunsOnEmission() {
        let button = gtk_button_new_with_label("Press")!
        g_object_ref_sink(button)
        defer { g_object_unref(button) }
        var presses = 0
        SignalConnection.connect(button, signal: "clicked") { presses += 1 }
        assist_signal_emit_void(button, "clicked")
        assist_signal_emit_void(button, "clicked")
        #expect(presses == 2)
    }

    @Test("the closure and what it captures are released when the widget is finalized")
    func closureReleasedWithWidget() {
        weak var released: Tracker?
        do {
            let tracker = Tracker()
            released = tracker
            let button = gtk_button_new_with_label("Press")!
            g_object_ref_sink(button)
            SignalConnection.connect(button, signal: "clicked") { tracker.count += 1 }
            assist_signal_emit_void(button, "clicked")
            #expect(tracker.count == 1)
            g_object_unref(button)
        }
        #expect(released == nil, "the signal closure outlived its widget")
    }
}

/// An object whose lifetime the test watches.
@MainActor
private final class Tracker {
    var count = 0
}
