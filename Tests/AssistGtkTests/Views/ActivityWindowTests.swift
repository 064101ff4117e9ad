import AssistCore
import CGtk
import Foundation
import Testing

@testable import AssistGtk

@Suite("Activity window: the person's own record", .serialized)
@MainActor
struct ActivityWindowTests {
    init() {
        ViewHarness.start()
    }

    private func line(_ kind: ActivityEvent.Kind, _ subject: String?, minutes: Double) -> ActivityLine {
        ActivityLine(
            ActivityEvent(
                time: Date(timeIntervalSince1970: 1_800_000_000 + minutes * 60), kind: kind, agent: "Casey",
                server: "https://support.example.org", subject: subject),
            locale: Locale(identifier: "en_US"), timeZone: .gmt)
    }

    private func labels(_ window: ActivityWindow) -> [String] {
        ViewHarness.descendants(of: window.widget)
            .filter { gtk_widget_get_name($0).map { String(cString: $0) } == "GtkLabel" && gtk_widget_is_visible($0) != 0 }
            .map { Widgets.text(of: $0) }
    }

    @Test("the lines show newest first; with none, the window says what will be listed; Clear empties it once")
    func rendersAndClears() {
        let window = ActivityWindow(parent: nil)
        defer { gtk_window_destroy(GtkCast.pointer(window.widget)) }
        var clears = 0
        window.onClear = { clears += 1 }
        window.render([
            line(.shareStarted, "monitor", minutes: 0), line(.shareEnded, nil, minutes: 4),
            line(.fileReceived, "invoice.pdf", minutes: 6),
        ])
        window.present()
        ViewHarness.iterate(for: .milliseconds(300))
        ViewHarness.screenshot(window.widget, name: "activity-window")
        let shown = labels(window).filter { $0.hasPrefix("You") || $0.hasPrefix("Casey") }
        #expect(shown == [
            "You received the file invoice.pdf from Casey.", "Casey stopped seeing what you shared.",
            "You shared your whole screen with Casey.",
        ])
        #expect(!labels(window).contains { $0.hasPrefix("Nothing yet") })
        let clear = ViewHarness.descendants(of: window.widget).first {
            ViewHarness.isButton($0) && gtk_button_get_label(GtkCast.pointer($0)).map { String(cString: $0) } == "_Clear Activity"
        }
        guard let clear else {
            Issue.record("no Clear Activity button")
            return
        }
        assist_signal_emit_void(clear, "clicked")
        #expect(clears == 1)
        #expect(labels(window).contains { $0.hasPrefix("Nothing yet") })
    }
}
