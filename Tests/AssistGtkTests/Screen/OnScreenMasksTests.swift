import AssistCore
import CGtk
import Testing

@testable import AssistGtk

/// While the screen is shared, what the agent may not see is covered on the
/// person's own screen, so no picture of the screen can hold it.
@Suite("On-screen masks: covered on the person's screen while the screen is shared", .serialized)
@MainActor
struct OnScreenMasksTests {
    /// The secret's background, used by nothing else in the scene.
    static let secretColor = RGBAColor8(red: 0xC8, green: 0x1D, blue: 0x6B)
    /// The mask colour the configuration names.
    static let maskColor = RGBAColor8(red: 0x12, green: 0x34, blue: 0x56)

    struct Scene {
        let window: UnsafeMutablePointer<GtkWidget>
        let overlay: UnsafeMutablePointer<GtkWidget>
        let secret: UnsafeMutablePointer<GtkWidget>
        let entry: UnsafeMutablePointer<GtkWidget>
    }

    init() {
        ViewHarness.start()
        ViewHarness.addStyle(".screen-secret { background-color: #c81d6b; color: white; font-size: 28px; padding: 24px; }")
    }

    private let rules = MaskingRules(maskingTags: ["card"], maskColor: maskColor)

    @Test("the person's own screen shows no pixel of a masked widget while the masks are up, and all of it after")
    func secretCoveredOnScreen() throws {
        let scene = Self.scene()
        defer { gtk_window_destroy(GtkCast.pointer(scene.window)) }
        ViewHarness.iterate(for: .milliseconds(300))
        #expect(Self.count(of: Self.secretColor, in: try Self.onScreen(scene.window)) > 2_000, "the detector must see the secret")

        let masks = OnScreenMasks(window: scene.window, overlay: scene.overlay, permissions: .implicitDefault, rules: rules)
        ViewHarness.iterate(for: .milliseconds(300))
        let covered = try Self.onScreen(scene.window)
        #expect(Self.count(of: Self.secretColor, in: covered) == 0, "a pixel of the masked widget showed on the screen")
        #expect(Self.count(of: Self.maskColor, in: covered) > 2_000, "the mask is not drawn in the configured colour")
        #expect(masks.masks.count == 2, "the card label and the password entry")

        masks.remove()
        ViewHarness.iterate(for: .milliseconds(300))
        #expect(Self.count(of: Self.secretColor, in: try Self.onScreen(scene.window)) > 2_000, "the secret stayed covered")
    }

    @Test("a masked widget that moves stays covered where it went")
    func masksFollowTheWidget() throws {
        let scene = Self.scene()
        defer { gtk_window_destroy(GtkCast.pointer(scene.window)) }
        let masks = OnScreenMasks(window: scene.window, overlay: scene.overlay, permissions: .implicitDefault, rules: rules)
        ViewHarness.iterate(for: .milliseconds(300))
        let before = try #require(masks.masks.first?.rect)
        gtk_widget_set_margin_top(scene.secret, 60)
        ViewHarness.iterate(for: .milliseconds(400))
        let after = try #require(masks.masks.first?.rect)
        #expect(after.y > before.y)
        #expect(Self.count(of: Self.secretColor, in: try Self.onScreen(scene.window)) == 0)
        masks.remove()
    }

    @Test("the masks take no input: the person can still type into a masked field")
    func masksTakeNoInput() throws {
        let scene = Self.scene()
        defer { gtk_window_destroy(GtkCast.pointer(scene.window)) }
        let masks = OnScreenMasks(window: scene.window, overlay: scene.overlay, permissions: .implicitDefault, rules: rules)
        ViewHarness.iterate(for: .milliseconds(300))
        let box = try #require(SharedWindowReader.bounds(of: scene.entry, in: scene.window))
        let picked = try #require(
            gtk_widget_pick(scene.window, Double(box.x + box.width / 2), Double(box.y + box.height / 2), GTK_PICK_DEFAULT))
        #expect(picked == scene.entry || gtk_widget_is_ancestor(picked, scene.entry) != 0)
        masks.remove()
    }

    /// A password entry (always masked) and a label tagged `card` on a
    /// secret-coloured background, inside an overlay.
    private static func scene() -> Scene {
        let box = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        Widgets.setMargins(box, 16)
        let entry = gtk_password_entry_new()!
        let secret = Widgets.label("4111 1111 1111 1111", classes: ["screen-secret"])
        WidgetMarkers.setTags(["card"], on: secret)
        Widgets.append(box, secret, entry)
        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(GtkCast.opaque(overlay), box)
        let window = ViewHarness.window(showing: overlay, width: 480, height: 300)
        return Scene(window: window, overlay: overlay, secret: secret, entry: entry)
    }

    /// The window as GTK draws it on the person's screen: every widget and
    /// overlay, no mask of the co-browse capture's own.
    private static func onScreen(_ window: UnsafeMutablePointer<GtkWidget>) throws -> PixelBuffer {
        let capture = WindowCapture(window: window)
        let (width, height) = capture.size
        let whole = PixelRect(x: 0, y: 0, width: width, height: height)
        return try #require(capture.render(MaskPlan(access: [], masks: [], visibleRegion: [whole])))
    }

    /// Pixels of `buffer` that are exactly `color`.
    private static func count(of color: RGBAColor8, in buffer: PixelBuffer) -> Int {
        (0..<buffer.height).reduce(0) { found, row in
            found + (0..<buffer.width).count { buffer.pixel(x: $0, y: row) == color }
        }
    }
}
