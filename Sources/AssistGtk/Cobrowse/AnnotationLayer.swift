import AssistCore
import CGtk

/// The agent's strokes, drawn over a window's content and never shared back.
///
/// The strokes are drawn on a drawing area added to a `GtkOverlay` that
/// holds the window's content (the support panel is one). The area takes no
/// input (`can-target` off, so `gtk_widget_pick` and the agent's clicks
/// pass through it), and ``CobrowseCapture`` draws the overlay's content
/// without it, so no stroke reaches a frame. Adding and removing the area
/// leaves the content where it is: no widget is moved, nothing loses its
/// focus or scroll position.
///
/// Strokes are in window pixels, as in the frames. They show over the
/// overlay, not over the window's title bar.
@MainActor
public final class AnnotationLayer {
    /// The layer's widgets while it is in place.
    struct Parts {
        /// The overlay that holds the content and the drawing over it.
        let overlay: UnsafeMutablePointer<GtkWidget>
        /// The drawing area the strokes are drawn on.
        let area: UnsafeMutablePointer<GtkWidget>
        /// The overlay's content, under the drawing.
        let content: UnsafeMutablePointer<GtkWidget>
    }

    private let overlay: UnsafeMutablePointer<GtkWidget>
    private let area: UnsafeMutablePointer<GtkWidget>
    private let drawing: StrokeDrawing

    /// A layer over the content of `overlay`, a `GtkOverlay` inside `window`;
    /// its drawing area is added to the overlay now, with nothing drawn.
    public init(window: UnsafeMutablePointer<GtkWidget>, overlay: UnsafeMutablePointer<GtkWidget>) {
        self.overlay = overlay
        g_object_ref(overlay)
        area = gtk_drawing_area_new()
        g_object_ref_sink(area)
        gtk_widget_set_can_target(area, 0)
        gtk_widget_set_can_focus(area, 0)
        gtk_widget_add_css_class(area, "assist-annotations")
        drawing = StrokeDrawing(window: window)
        drawing.attach(to: area)
        gtk_overlay_add_overlay(GtkCast.opaque(overlay), area)
    }

    isolated deinit {
        remove()
        g_object_unref(area)
        g_object_unref(overlay)
    }

    /// The strokes drawn now, oldest first.
    public var strokes: [AnnotationStroke] { drawing.strokes }

    /// Draws `strokes`, replacing what was drawn.
    public func show(_ strokes: [AnnotationStroke]) {
        drawing.strokes = strokes
        gtk_widget_queue_draw(area)
    }

    /// Takes the strokes and the drawing area off the overlay.
    public func remove() {
        drawing.strokes = []
        guard isInPlace else { return }
        gtk_overlay_remove_overlay(GtkCast.opaque(overlay), area)
    }

    /// The overlay, the drawing area and the content under it while the
    /// layer is in place.
    var parts: Parts? {
        guard isInPlace, let content = gtk_overlay_get_child(GtkCast.opaque(overlay)) else { return nil }
        return Parts(overlay: overlay, area: area, content: content)
    }

    private var isInPlace: Bool { gtk_widget_get_parent(area) == overlay }
}
