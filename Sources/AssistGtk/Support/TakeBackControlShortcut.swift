import CGtk

/// Ctrl+Shift+Escape in the app's window takes control back from the agent
/// at once, on the app's window and on a shared screen alike (the Sharing
/// bar's “Take back control” does the same). Wayland lets no app hear keys
/// meant for other windows, so it works while the app's window has the
/// focus; elsewhere, the Sharing bar or the desktop's own sharing indicator.
///
/// The shortcut stays on the window for as long as this object lives.
@MainActor
final class TakeBackControlShortcut {
    /// The key, for the words that name it.
    static let keyName = "Ctrl+Shift+Escape"

    private let widget: UnsafeMutablePointer<GtkWidget>
    /// The shortcut controller, an owned reference (the window holds another).
    private let controller: OpaquePointer

    /// Puts the shortcut on `window`; `takeBack` runs on every press.
    init(on window: UnsafeMutablePointer<GtkWindow>, takeBack: @escaping @MainActor () -> Void) {
        widget = GtkCast.pointer(window, to: GtkWidget.self)
        controller = gtk_shortcut_controller_new()
        g_object_ref(UnsafeMutableRawPointer(controller))
        gtk_event_controller_set_propagation_phase(controller, GTK_PHASE_CAPTURE)
        let box = Unmanaged.passRetained(Action(takeBack)).toOpaque()
        let action = gtk_callback_action_new(Self.pressed, box) { data in
            guard let data else { return }
            Unmanaged<Action>.fromOpaque(data).release()
        }
        let trigger = gtk_keyval_trigger_new(guint(GDK_KEY_Escape), GdkModifierType(GDK_CONTROL_MASK.rawValue | GDK_SHIFT_MASK.rawValue))
        gtk_shortcut_controller_add_shortcut(controller, gtk_shortcut_new(trigger, action))
        gtk_widget_add_controller(widget, controller)
    }

    isolated deinit {
        gtk_widget_remove_controller(widget, controller)
        g_object_unref(UnsafeMutableRawPointer(controller))
    }

    /// Where GTK calls the shortcut's action.
    private static let pressed: GtkShortcutFunc = { _, _, data in
        guard let data else { return 0 }
        let action = Unmanaged<Action>.fromOpaque(data).takeUnretainedValue()
        MainActor.assumeIsolated { action.run() }
        return 1
    }
}

/// The closure the shortcut runs, held by GTK while the shortcut lives.
private final class Action: @unchecked Sendable {
    let run: @MainActor () -> Void

    init(_ run: @escaping @MainActor () -> Void) {
        self.run = run
    }
}
