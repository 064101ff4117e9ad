import AssistCore
import CGtk

/// While the person shares the screen or another window, covers every widget
/// of the app's window that the agent may not see **on the person's own
/// screen**, each with a short hint why, so no picture of the screen can
/// hold it: on Wayland the app cannot know where its window lies in the
/// desktop's stream, so it cannot mask the stream itself.
///
/// The masks are those a share of the window would send (``MaskPlan`` for
/// the agent's permissions and the configuration's tags): drawn on a drawing
/// area added to the `GtkOverlay` that holds the window's content, which
/// takes no input (`can-target` off), so the person can still use the
/// widgets under it. After every frame the window paints, the plan is
/// read again and the area redrawn when a mask moved.
@MainActor
public final class OnScreenMasks {
    private let overlay: UnsafeMutablePointer<GtkWidget>
    private let window: UnsafeMutablePointer<GtkWidget>
    private let area: UnsafeMutablePointer<GtkWidget>
    private let capture: CobrowseCapture
    private let drawing: MaskDrawing
    private var paints: FrameClockWatch?

    /// Masks over the content of `overlay` (a `GtkOverlay` inside `window`)
    /// for an agent with `permissions`; drawn at once.
    public init(
        window: UnsafeMutablePointer<GtkWidget>, overlay: UnsafeMutablePointer<GtkWidget>, permissions: AgentPermissions,
        rules: MaskingRules
    ) {
        self.window = window
        self.overlay = overlay
        g_object_ref(window)
        g_object_ref(overlay)
        capture = CobrowseCapture(window: window, permissions: permissions, rules: rules)
        area = gtk_drawing_area_new()
        g_object_ref_sink(area)
        gtk_widget_set_can_target(area, 0)
        gtk_widget_set_can_focus(area, 0)
        gtk_widget_add_css_class(area, "assist-screen-masks")
        drawing = MaskDrawing(window: window, hint: localized("Hidden while you share your screen"))
        drawing.attach(to: area)
        gtk_overlay_add_overlay(GtkCast.opaque(overlay), area)
        refresh()
        paints = FrameClockWatch(widget: window) { [weak self] in self?.refresh() }
        paints?.follow()
    }

    isolated deinit {
        remove()
        g_object_unref(area)
        g_object_unref(overlay)
        g_object_unref(window)
    }

    /// The masks drawn now, in window pixels.
    public var masks: [AssistCore.Mask] { drawing.masks }

    /// Takes the masks off the person's screen.
    public func remove() {
        paints?.stop()
        drawing.masks = []
        guard gtk_widget_get_parent(area) == overlay else { return }
        gtk_overlay_remove_overlay(GtkCast.opaque(overlay), area)
    }

    /// Reads the plan again and redraws when a mask changed.
    private func refresh() {
        let masks = capture.plan(for: capture.widgets().filter { $0.bounds != nil }).masks
        guard masks != drawing.masks else { return }
        drawing.masks = masks
        gtk_widget_queue_draw(area)
    }
}
