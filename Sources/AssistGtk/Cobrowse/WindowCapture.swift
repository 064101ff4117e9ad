import AssistCore
import CGtk

/// Renders a window the way an agent may see it.
///
/// The window's picture is drawn only inside the plan's visible region:
/// each visible rectangle is a clip of its own, so the renderer never writes
/// a pixel of a masked widget, not even one painted over later. The masks
/// are then filled, opaque. The result is downloaded as the pixels the
/// tiler compares (cairo's ARGB32: B, G, R, A, premultiplied).
@MainActor
final class WindowCapture {
    private let window: UnsafeMutablePointer<GtkWidget>
    private let paintable: OpaquePointer
    private var renderer: OpaquePointer?
    /// Whether `renderer` is this capture's own, realized here; the window's
    /// renderer is only borrowed.
    private var ownsRenderer = false
    /// The paintable of the widget last drawn alone, and that widget.
    private var alonePaintable: (widget: UnsafeMutablePointer<GtkWidget>, paintable: OpaquePointer)?

    /// A capture of `window`, which must stay alive while the capture is used.
    init(window: UnsafeMutablePointer<GtkWidget>) {
        self.window = window
        paintable = gtk_widget_paintable_new(window)
    }

    isolated deinit {
        if let renderer {
            if ownsRenderer { gsk_renderer_unrealize(renderer) }
            g_object_unref(UnsafeMutableRawPointer(renderer))
        }
        g_object_unref(UnsafeMutableRawPointer(paintable))
        if let alonePaintable { g_object_unref(UnsafeMutableRawPointer(alonePaintable.paintable)) }
    }

    /// The window's size now, in pixels; zero before it is first drawn.
    var size: (width: Int, height: Int) {
        (Int(gtk_widget_get_width(window)), Int(gtk_widget_get_height(window)))
    }

    /// The window as `plan` lets the agent see it, or `nil` while the window
    /// is not drawn.
    ///
    /// Inside the overlay of `layer` (annotations, which are not shared),
    /// the picture is rebuilt without the layer: the window's background,
    /// then the overlay's content drawn by itself.
    func render(_ plan: MaskPlan, leavingOut layer: AnnotationLayer.Parts? = nil) -> PixelBuffer? {
        let (width, height) = size
        guard width > 0, height > 0, let renderer = realizedRenderer(), let snapshot = gtk_snapshot_new() else {
            return nil
        }
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        let overlayBounds = layer.flatMap { SharedWindowReader.bounds(of: $0.overlay, in: window) }
        let contentBounds = layer.flatMap { SharedWindowReader.bounds(of: $0.content, in: window) }
        for piece in plan.visibleRegion {
            for part in piece.subtracting(overlayBounds.map { [$0] } ?? []) {
                append(paintable, clippedTo: part, at: whole, to: snapshot)
            }
            if let layer, let overlayBounds, let part = piece.intersection(overlayBounds) {
                var clip = Self.graphene(part)
                gtk_snapshot_push_clip(snapshot, &clip)
                gtk_snapshot_render_background(
                    snapshot, gtk_widget_get_style_context(window), 0, 0, Double(width), Double(height))
                gtk_snapshot_pop(snapshot)
                if let contentBounds, let inner = part.intersection(contentBounds) {
                    append(widgetPaintable(for: layer.content), clippedTo: inner, at: contentBounds, to: snapshot)
                }
            }
        }
        for mask in plan.masks {
            var rect = Self.graphene(mask.rect)
            var color = GdkRGBA(
                red: Float(mask.color.red) / 255, green: Float(mask.color.green) / 255,
                blue: Float(mask.color.blue) / 255, alpha: 1)
            gtk_snapshot_append_color(snapshot, &color, &rect)
        }
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return nil }
        defer { gsk_render_node_unref(node) }
        var viewport = Self.graphene(PixelRect(x: 0, y: 0, width: width, height: height))
        guard let texture = gsk_renderer_render_texture(renderer, node, &viewport) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        let textureWidth = Int(gdk_texture_get_width(texture))
        let textureHeight = Int(gdk_texture_get_height(texture))
        let stride = textureWidth * 4
        var bytes = [UInt8](repeating: 0, count: stride * textureHeight)
        bytes.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(stride)) }
        return PixelBuffer(width: textureWidth, height: textureHeight, stride: stride, bytes: bytes)
    }

    /// Draws `paintable` filling `frame`, only inside `clip` (window pixels).
    private func append(
        _ paintable: OpaquePointer, clippedTo clip: PixelRect, at frame: PixelRect, to snapshot: OpaquePointer
    ) {
        var clipRect = Self.graphene(clip)
        var offset = graphene_point_t(x: Float(frame.x), y: Float(frame.y))
        gtk_snapshot_push_clip(snapshot, &clipRect)
        gtk_snapshot_save(snapshot)
        gtk_snapshot_translate(snapshot, &offset)
        gdk_paintable_snapshot(paintable, snapshot, Double(frame.width), Double(frame.height))
        gtk_snapshot_restore(snapshot)
        gtk_snapshot_pop(snapshot)
    }

    /// A paintable of `widget`, kept while the same widget is asked for.
    private func widgetPaintable(for widget: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer {
        if let alonePaintable, alonePaintable.widget == widget,
            gtk_widget_paintable_get_widget(alonePaintable.paintable) == widget
        {
            return alonePaintable.paintable
        }
        if let old = alonePaintable { g_object_unref(UnsafeMutableRawPointer(old.paintable)) }
        let made = gtk_widget_paintable_new(widget)!
        alonePaintable = (widget, made)
        return made
    }

    /// A cairo renderer on the window's surface: it renders into memory in
    /// well under a millisecond where GL on a software rasteriser takes
    /// several. Falls back to the window's own renderer if cairo cannot start.
    private func realizedRenderer() -> OpaquePointer? {
        if let renderer { return renderer }
        guard let surface = gtk_native_get_surface(GtkCast.opaque(window)) else { return nil }
        if let cairo = gsk_cairo_renderer_new() {
            if gsk_renderer_realize(cairo, surface, nil) != 0 {
                renderer = cairo
                ownsRenderer = true
                return cairo
            }
            g_object_unref(UnsafeMutableRawPointer(cairo))
        }
        guard let own = gtk_native_get_renderer(GtkCast.opaque(window)) else { return nil }
        g_object_ref(UnsafeMutableRawPointer(own))
        renderer = own
        return own
    }

    private static func graphene(_ rect: PixelRect) -> graphene_rect_t {
        graphene_rect_t(
            origin: graphene_point_t(x: Float(rect.x), y: Float(rect.y)),
            size: graphene_size_t(width: Float(rect.width), height: Float(rect.height)))
    }
}
