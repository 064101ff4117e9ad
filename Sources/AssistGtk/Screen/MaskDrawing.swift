import AssistCore
import CGtk

/// Draws masks with cairo in a drawing area that lies over a window: each an
/// opaque box in its colour with a short hint in a contrasting colour,
/// mapping window pixels to the area's own coordinates.
@MainActor
final class MaskDrawing {
    /// The masks to draw, in window pixels.
    var masks: [AssistCore.Mask] = []

    private let window: UnsafeMutablePointer<GtkWidget>
    private let hint: String

    /// Draws masks given in `window`'s pixels, each labelled with `hint`
    /// where it fits.
    init(window: UnsafeMutablePointer<GtkWidget>, hint: String) {
        self.window = window
        self.hint = hint
    }

    /// Makes this the draw function of `area`; the area keeps it alive.
    func attach(to area: UnsafeMutablePointer<GtkWidget>) {
        let box = Unmanaged.passRetained(self).toOpaque()
        let draw: GtkDrawingAreaDrawFunc = { area, cairo, _, _, userData in
            guard let area, let cairo, let userData else { return }
            MainActor.assumeIsolated {
                Unmanaged<MaskDrawing>.fromOpaque(userData).takeUnretainedValue().draw(in: GtkCast.pointer(area), cairo)
            }
        }
        let release: GDestroyNotify = { userData in
            guard let userData else { return }
            Unmanaged<MaskDrawing>.fromOpaque(userData).release()
        }
        gtk_drawing_area_set_draw_func(GtkCast.pointer(area), draw, box, release)
    }

    private func draw(in area: UnsafeMutablePointer<GtkWidget>, _ cairo: OpaquePointer) {
        var origin = graphene_point_t(x: 0, y: 0)
        var windowOrigin = graphene_point_t()
        guard !masks.isEmpty, gtk_widget_compute_point(window, area, &origin, &windowOrigin) != 0 else { return }
        let layout = gtk_widget_create_pango_layout(area, hint)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        for mask in masks {
            let x = Double(mask.rect.x) + Double(windowOrigin.x)
            let y = Double(mask.rect.y) + Double(windowOrigin.y)
            let color = mask.color
            cairo_set_source_rgb(cairo, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255)
            cairo_rectangle(cairo, x, y, Double(mask.rect.width), Double(mask.rect.height))
            cairo_fill(cairo)
            drawHint(layout, in: mask, at: x, y, cairo)
        }
    }

    /// The hint, left-aligned and centred vertically, where the box is tall
    /// and wide enough for a line of it.
    private func drawHint(_ layout: OpaquePointer?, in mask: AssistCore.Mask, at x: Double, _ y: Double, _ cairo: OpaquePointer) {
        let padding = 6.0
        guard Double(mask.rect.width) > 4 * padding else { return }
        pango_layout_set_width(layout, Int32((Double(mask.rect.width) - 2 * padding) * Double(PANGO_SCALE)))
        var width: Int32 = 0
        var height: Int32 = 0
        pango_layout_get_pixel_size(layout, &width, &height)
        guard Double(height) + 2 <= Double(mask.rect.height) else { return }
        let color = mask.color
        let red = 0.2126 * Double(color.red)
        let green = 0.7152 * Double(color.green)
        let blue = 0.0722 * Double(color.blue)
        let ink = red + green + blue > 140 ? 0.0 : 1.0
        cairo_set_source_rgb(cairo, ink, ink, ink)
        cairo_move_to(cairo, x + padding, y + (Double(mask.rect.height) - Double(height)) / 2)
        pango_cairo_show_layout(cairo, layout)
    }
}
