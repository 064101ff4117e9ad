import AssistCore
import CGtk

/// The agent's strokes, drawn over a window's content and never shared back.
///
/// The layer is put in place with the first stroke: the window's child moves
/// into a `GtkOverlay` whose overlay is a drawing area that takes no input
/// (`can-target` off, so `gtk_widget_pick` and the agent's clicks pass
/// through it). ``CobrowseCapture`` draws the overlay's content without it,
/// so no stroke reaches a frame. ``remove()`` puts the child back as it was;
/// the focused widget keeps the focus both ways.
///
/// Strokes are in window pixels, as in the frames. They cover the window's
/// content, not its title bar.
@MainActor
public final class AnnotationLayer {
    /// The layer's widgets while it is in place.
    struct Parts {
        /// The overlay that holds the content and the drawing over it.
        let overlay: UnsafeMutablePointer<GtkWidget>
        /// The drawing area the strokes are drawn on.
        let area: UnsafeMutablePointer<GtkWidget>
        /// The window's own child, under the drawing.
        let content: UnsafeMutablePointer<GtkWidget>
    }

    private let window: UnsafeMutablePointer<GtkWidget>
    private let overlay: UnsafeMutablePointer<GtkWidget>
    private let area: UnsafeMutablePointer<GtkWidget>
    private let drawing: StrokeDrawing

    /// A layer for `window`, not yet in place.
    public init(window: UnsafeMutablePointer<GtkWidget>) {
        self.window = window
        overlay = gtk_overlay_new()
        g_object_ref_sink(overlay)
        area = gtk_drawing_area_new()
        gtk_widget_set_can_target(area, 0)
        gtk_widget_set_can_focus(area, 0)
        gtk_widget_add_css_class(area, "assist-annotations")
        drawing = StrokeDrawing(window: window)
        drawing.attach(to: area)
        gtk_overlay_add_overlay(GtkCast.opaque(overlay), area)
    }

    isolated deinit {
        remove()
        g_object_unref(overlay)
    }

    /// The strokes drawn now, oldest first.
    public var strokes: [AnnotationStroke] { drawing.strokes }

    /// Draws `strokes` (all of them, replacing what was drawn), putting the
    /// layer in place first when there are some.
    public func show(_ strokes: [AnnotationStroke]) {
        if !strokes.isEmpty { install() }
        drawing.strokes = strokes
        gtk_widget_queue_draw(area)
    }

    /// Takes the strokes off and puts the window's child back in place.
    public func remove() {
        drawing.strokes = []
        guard isInstalled else { return }
        let content = gtk_overlay_get_child(GtkCast.opaque(overlay))
        preservingFocus {
            if let content {
                g_object_ref(content)
                gtk_overlay_set_child(GtkCast.opaque(overlay), nil)
                gtk_window_set_child(GtkCast.pointer(window), content)
                g_object_unref(content)
            } else {
                gtk_window_set_child(GtkCast.pointer(window), nil)
            }
        }
    }

    /// The drawing area and the content under it while the layer is in place.
    var parts: Parts? {
        guard isInstalled, let content = gtk_overlay_get_child(GtkCast.opaque(overlay)) else { return nil }
        return Parts(overlay: overlay, area: area, content: content)
    }

    /// Whether the overlay is the window's child now (the application may
    /// have replaced it since).
    private var isInstalled: Bool {
        gtk_window_get_child(GtkCast.pointer(window)) == overlay
    }

    private func install() {
        guard !isInstalled else { return }
        let content = gtk_window_get_child(GtkCast.pointer(window))
        preservingFocus {
            if let content {
                g_object_ref(content)
                gtk_window_set_child(GtkCast.pointer(window), nil)
                gtk_overlay_set_child(GtkCast.opaque(overlay), content)
                g_object_unref(content)
            }
            gtk_window_set_child(GtkCast.pointer(window), overlay)
        }
    }

    /// Runs `move`, then gives the focus back to the widget that had it.
    private func preservingFocus(_ move: () -> Void) {
        let focus = gtk_window_get_focus(GtkCast.pointer(window))
        if let focus { g_object_ref(focus) }
        move()
        if let focus {
            gtk_widget_grab_focus(focus)
            g_object_unref(focus)
        }
    }
}
