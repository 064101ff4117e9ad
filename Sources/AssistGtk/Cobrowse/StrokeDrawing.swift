import AssistCore
import CGtk

/// Draws annotation strokes with cairo in a drawing area that lies over a
/// window, mapping window pixels to the area's own coordinates.
@MainActor
final class StrokeDrawing {
    /// The strokes to draw, oldest first (the newest on top).
    var strokes: [AnnotationStroke] = []

    private let window: UnsafeMutablePointer<GtkWidget>

    /// Draws strokes given in `window`'s pixels.
    init(window: UnsafeMutablePointer<GtkWidget>) {
        self.window = window
    }

    /// Makes this the draw function of `area`; the area keeps it alive.
    func attach(to area: UnsafeMutablePointer<GtkWidget>) {
        let box = Unmanaged.passRetained(self).toOpaque()
        let draw: GtkDrawingAreaDrawFunc = { area, cairo, _, _, userData in
            guard let area, let cairo, let userData else { return }
            MainActor.assumeIsolated {
                Unmanaged<StrokeDrawing>.fromOpaque(userData).takeUnretainedValue()
                    .draw(in: GtkCast.pointer(area), cairo)
            }
        }
        let release: GDestroyNotify = { userData in
            guard let userData else { return }
            Unmanaged<StrokeDrawing>.fromOpaque(userData).release()
        }
        gtk_drawing_area_set_draw_func(GtkCast.pointer(area), draw, box, release)
    }

    private func draw(in area: UnsafeMutablePointer<GtkWidget>, _ cairo: OpaquePointer) {
        var origin = graphene_point_t(x: 0, y: 0)
        var windowOrigin = graphene_point_t()
        guard !strokes.isEmpty, gtk_widget_compute_point(window, area, &origin, &windowOrigin) != 0 else { return }
        cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND)
        for stroke in strokes {
            cairo_set_source_rgb(
                cairo, Double(stroke.color.red) / 255, Double(stroke.color.green) / 255, Double(stroke.color.blue) / 255)
            cairo_set_line_width(cairo, Double(stroke.width))
            for (index, point) in stroke.points.enumerated() {
                let x = Double(point.x) + Double(windowOrigin.x) + 0.5
                let y = Double(point.y) + Double(windowOrigin.y) + 0.5
                if index == 0 { cairo_move_to(cairo, x, y) }
                cairo_line_to(cairo, x, y)
            }
            cairo_stroke(cairo)
        }
    }
}
