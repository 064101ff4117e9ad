import AssistCore
import CGtk
import Testing

@testable import AssistGtk

/// The agent's drawing is shown to the person over the window and never
/// reaches a frame; it takes no input and leaves the window as it found it.
@Suite("Annotation layer: drawn over the window, never shared back", .serialized)
@MainActor
struct AnnotationLayerTests {
    /// A colour used by nothing else in the scene.
    static let strokeColor = RGBAColor8(red: 0xE4, green: 0x0A, blue: 0x7C)
    /// The background of a label the agent may see, used by nothing else.
    static let contentColor = RGBAColor8(red: 0x2A, green: 0x9D, blue: 0x8F)

    struct Scene {
        let window: UnsafeMutablePointer<GtkWidget>
        let overlay: UnsafeMutablePointer<GtkWidget>
        let root: UnsafeMutablePointer<GtkWidget>
        let entry: UnsafeMutablePointer<GtkWidget>
        let label: UnsafeMutablePointer<GtkWidget>
    }

    init() {
        ViewHarness.start()
        ViewHarness.addStyle(
            ".annotation-content { background-color: #2a9d8f; color: white; font-size: 28px; padding: 16px; }")
    }

    /// A thick diagonal across the window, and a dot, below the entry: its
    /// outline changes when the window gains or loses the focus, which is a
    /// change of content under a stroke.
    private let strokes = [
        AnnotationStroke(
            id: "line", color: strokeColor, width: 20, points: [.init(x: 30, y: 80), .init(x: 300, y: 220)]),
        AnnotationStroke(id: "dot", color: strokeColor, width: 24, points: [.init(x: 380, y: 120)]),
    ]

    @Test("the person sees the strokes, and no frame holds a pixel of them while the content under them still shows")
    func strokesNeverInFrames() throws {
        let scene = Self.scene()
        defer { gtk_window_destroy(GtkCast.pointer(scene.window)) }
        let layer = AnnotationLayer(window: scene.window, overlay: scene.overlay)
        layer.show(strokes)
        ViewHarness.iterate(for: .milliseconds(300))

        let plain = CobrowseCapture(window: scene.window, permissions: .implicitDefault, rules: MaskingRules())
        let onScreen = try #require(plain.render(plain.plan(for: plain.widgets())))
        #expect(Self.count(of: Self.strokeColor, in: onScreen) > 2_000, "the detector must see the strokes on screen")

        let capture = CobrowseCapture(window: scene.window, permissions: .implicitDefault, rules: MaskingRules())
        capture.annotationLayer = layer
        var picture = DecodedPicture()
        for number in 1...6 {
            gtk_editable_set_text(GtkCast.opaque(scene.entry), "typed \(number)")
            ViewHarness.iterate(for: .milliseconds(60))
            guard let frame = try capture.frame(keyframe: number == 1) else { continue }
            try picture.apply(relayed: CobrowseFrameCodec.relay(CobrowseFrameCodec.encode(frame), session: "draw"))
            #expect(picture.count(of: Self.strokeColor) == 0, "frame \(number): the drawing was shared back")
            #expect(picture.count(of: Self.contentColor) > 500, "frame \(number): the content under the drawing is missing")
        }
        #expect(picture.width == 480 && picture.height == 300)
    }

    @Test("the layer takes no input: a pick at a stroke finds the widget under it")
    func clicksPassThrough() throws {
        let scene = Self.scene()
        defer { gtk_window_destroy(GtkCast.pointer(scene.window)) }
        let layer = AnnotationLayer(window: scene.window, overlay: scene.overlay)
        let entryBox = try #require(SharedWindowReader.bounds(of: scene.entry, in: scene.window))
        let center = AnnotationStroke.Point(x: entryBox.x + entryBox.width / 2, y: entryBox.y + entryBox.height / 2)
        layer.show([AnnotationStroke(id: "on-entry", color: Self.strokeColor, width: 30, points: [center])])
        ViewHarness.iterate(for: .milliseconds(200))
        let picked = try #require(gtk_widget_pick(scene.window, Double(center.x), Double(center.y), GTK_PICK_DEFAULT))
        #expect(gtk_widget_is_ancestor(picked, scene.entry) != 0 || picked == scene.entry)
    }

    @Test("the layer adds only its drawing area to the overlay and takes it away again, leaving content and focus")
    func leavesWindowAsFound() throws {
        let scene = Self.scene()
        defer { gtk_window_destroy(GtkCast.pointer(scene.window)) }
        gtk_widget_grab_focus(scene.entry)
        ViewHarness.iterate(for: .milliseconds(100))
        let focus = try #require(gtk_window_get_focus(GtkCast.pointer(scene.window)))
        let layer = AnnotationLayer(window: scene.window, overlay: scene.overlay)
        layer.show(strokes)
        ViewHarness.iterate(for: .milliseconds(100))
        let parts = try #require(layer.parts)
        #expect(parts.content == scene.root)
        #expect(gtk_widget_get_parent(parts.area) == scene.overlay)
        #expect(gtk_window_get_focus(GtkCast.pointer(scene.window)) == focus)
        layer.remove()
        ViewHarness.iterate(for: .milliseconds(100))
        #expect(layer.parts == nil)
        #expect(ViewHarness.descendants(of: scene.overlay).allSatisfy { gtk_widget_has_css_class($0, "assist-annotations") == 0 })
        #expect(gtk_overlay_get_child(GtkCast.opaque(scene.overlay)) == scene.root)
        #expect(gtk_window_get_focus(GtkCast.pointer(scene.window)) == focus)
        #expect(layer.strokes.isEmpty)
    }

    @Test("drawing strokes is not a content change; a change under them is, with the tiles it touched")
    func contentChangeIgnoresTheDrawing() async throws {
        let scene = Self.scene()
        defer { gtk_window_destroy(GtkCast.pointer(scene.window)) }
        let layer = AnnotationLayer(window: scene.window, overlay: scene.overlay)
        var changes: [[ChangedTile]] = []
        var frames = 0
        let sharer = WindowSharer(window: scene.window, permissions: .implicitDefault, rules: MaskingRules()) { _ in
            frames += 1
            return true
        }
        sharer.capture.annotationLayer = layer
        sharer.onContentChanged = { changes.append($0) }
        sharer.start()
        await ViewHarness.run(for: .seconds(5)) { frames >= 1 }
        await ViewHarness.run(for: .milliseconds(600))
        changes = []
        layer.show(strokes)
        await ViewHarness.run(for: .milliseconds(600))
        var board = AnnotationBoard()
        for stroke in strokes { _ = board.draw(stroke) }
        let cleared = changes.flatMap { board.contentChanged(in: $0, keep: false) }
        #expect(cleared.isEmpty, "the drawing itself counted as a change under it: \(changes)")

        gtk_label_set_text(GtkCast.opaque(scene.label), "Changed under the drawing")
        changes = []
        await ViewHarness.run(for: .seconds(5)) { changes.contains { $0.contains { $0.changedPixels >= 48 } } }
        let labelBox = try #require(SharedWindowReader.bounds(of: scene.label, in: scene.window))
        let large = changes.flatMap { $0 }.filter { $0.changedPixels >= AnnotationBoard.minimumChangedPixels }
        #expect(!large.isEmpty && large.allSatisfy { $0.rect.intersection(labelBox) != nil })
        sharer.stop()
    }

    // MARK: The scene


    private static func scene() -> Scene {
        let box = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        Widgets.setMargins(box, 16)
        let entry = gtk_entry_new()!
        let label = Widgets.label("Under the drawing", classes: ["annotation-content"])
        Widgets.append(box, entry, label)
        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(GtkCast.opaque(overlay), box)
        let window = ViewHarness.window(showing: overlay, width: 480, height: 300)
        return Scene(window: window, overlay: overlay, root: box, entry: entry, label: label)
    }

    /// Pixels of `buffer` that are exactly `color`.
    private static func count(of color: RGBAColor8, in buffer: PixelBuffer) -> Int {
        (0..<buffer.height).reduce(0) { found, row in
            found + (0..<buffer.width).count { buffer.pixel(x: $0, y: row) == color }
        }
    }
}
