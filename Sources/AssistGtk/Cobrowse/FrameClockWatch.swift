import CGtk

/// Calls a closure after every frame GTK paints a widget's window (the frame
/// clock's `after-paint`), so that work follows what is drawn and an idle
/// window costs nothing. ``follow()`` moves to the widget's current clock —
/// a window mapped again may have a new one.
@MainActor
final class FrameClockWatch {
    private let widget: UnsafeMutablePointer<GtkWidget>
    private let onPaint: @MainActor () -> Void
    private var clock: OpaquePointer?
    private var handler: gulong = 0

    /// A watch of `widget`'s frame clock; nothing is watched before ``follow()``.
    init(widget: UnsafeMutablePointer<GtkWidget>, onPaint: @escaping @MainActor () -> Void) {
        self.widget = widget
        self.onPaint = onPaint
    }

    isolated deinit {
        stop()
    }

    /// Watches the widget's current frame clock, if it has one that is not
    /// watched yet.
    func follow() {
        guard let current = gtk_widget_get_frame_clock(widget), current != clock else { return }
        stop()
        g_object_ref(UnsafeMutableRawPointer(current))
        clock = current
        let onPaint = onPaint
        handler = SignalConnection.connect(UnsafeMutableRawPointer(current), signal: "after-paint") { onPaint() }
    }

    /// Stops watching.
    func stop() {
        if let clock {
            g_signal_handler_disconnect(UnsafeMutableRawPointer(clock), handler)
            g_object_unref(UnsafeMutableRawPointer(clock))
        }
        clock = nil
        handler = 0
    }
}
