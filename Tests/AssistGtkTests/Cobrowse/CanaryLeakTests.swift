import AssistCore
import CGtk
import Testing

@testable import AssistGtk

/// No frame may leak: widgets holding a secret text in a colour used nowhere
/// else, on a background colour used nowhere else, go through the whole
/// pipeline — capture, mask, tiles, PNG, the wire codec and the server's
/// relay wrapping — many times while the window changes, and the decoded
/// pixels are checked, not the code path.
@Suite("Co-browse canary: nothing the agent may not view reaches it", .serialized)
@MainActor
struct CanaryLeakTests {
    static let secretBackground = RGBAColor8(red: 0x13, green: 0x57, blue: 0x9B)
    static let secretText = RGBAColor8(red: 0x9B, green: 0x13, blue: 0x57)
    static let frames = 12

    /// The window under test and its widgets.
    struct Scene {
        let window: UnsafeMutablePointer<GtkWidget>
        /// The window's child: an overlay over the rest, as the support panel is.
        let overlay: UnsafeMutablePointer<GtkWidget>
        let holder: UnsafeMutablePointer<GtkWidget>
        let secret: UnsafeMutablePointer<GtkWidget>
        let entry: UnsafeMutablePointer<GtkWidget>
        let password: UnsafeMutablePointer<GtkWidget>
    }

    /// One way of keeping the secret from the agent.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let permissions: AgentPermissions
        let rules: MaskingRules
        let mark: @MainActor @Sendable (Scene) -> Void
        /// Whether the agent's drawing, in the secret's colours, lies over
        /// the window (the annotation layer is in place while capturing).
        var drawsInSecretColors = false
        var testDescription: String { name }
    }

    nonisolated static let magenta = RGBAColor8(red: 255, green: 0, blue: 255)

    nonisolated static let cases: [Case] = [
        Case(name: "a marker the agent may not view", permissions: .implicitDefault, rules: MaskingRules()) {
            AssistSDK.setPermission("secret", for: $0.secret)
        },
        Case(name: "a marker inherited from the parent", permissions: .implicitDefault, rules: MaskingRules()) {
            AssistSDK.setPermission("secret", for: $0.holder)
        },
        Case(
            name: "a masked parent with a child the agent may view",
            permissions: AgentPermissions(viewable: ["default", "B"], interactive: ["default", "B"]),
            rules: MaskingRules()
        ) {
            AssistSDK.setPermission("A", for: $0.holder)
            AssistSDK.setPermission("B", for: $0.secret)
        },
        Case(name: "a hiding tag", permissions: .implicitDefault, rules: MaskingRules(hidingTags: ["pii"])) {
            AssistSDK.setTags(["pii"], for: $0.secret)
        },
        Case(
            name: "a masking tag, in the mask colour", permissions: .implicitDefault,
            rules: MaskingRules(maskingTags: ["pii"], maskColor: magenta)
        ) {
            AssistSDK.setTags(["pii"], for: $0.secret)
        },
        Case(name: "the assist-no-show CSS class", permissions: .implicitDefault, rules: MaskingRules()) {
            gtk_widget_add_css_class($0.secret, MaskingRules.noShowClass)
        },
        Case(name: "a call's video, as the agent's video window marks it", permissions: .implicitDefault,
             rules: MaskingRules()) {
            AgentVideoWindow.keepOutOfSharing($0.secret)
        },
        Case(name: "an agent with explicit empty permission sets", permissions: .noPermissions, rules: MaskingRules()) { _ in
        },
        Case(
            name: "a marker the agent may not view, under the agent's drawing in the secret's colours",
            permissions: .implicitDefault, rules: MaskingRules(),
            mark: { AssistSDK.setPermission("secret", for: $0.secret) }, drawsInSecretColors: true),
    ]

    init() {
        ViewHarness.start()
        ViewHarness.addStyle(
            ".canary-secret { background-color: #13579b; color: #9b1357; font-size: 32px; font-weight: bold; padding: 12px; }")
    }

    @Test("the secret's colours are in 0 pixels and its box is the mask colour in every frame", arguments: cases)
    func secretNeverLeaks(_ testCase: Case) throws {
        let scene = Self.scene()
        defer { gtk_window_destroy(GtkCast.pointer(scene.window)) }
        testCase.mark(scene)
        let maskColor = testCase.rules.maskColor
        let hidingColor = testCase.rules.hidingTags.isEmpty ? maskColor : RGBAColor8(red: 0, green: 0, blue: 0)
        let capture = CobrowseCapture(window: scene.window, permissions: testCase.permissions, rules: testCase.rules)
        let layer = AnnotationLayer(window: scene.window, overlay: scene.overlay)
        defer { layer.remove() }
        if testCase.drawsInSecretColors {
            capture.annotationLayer = layer
            layer.show(Self.drawing(over: scene))
        }
        var picture = DecodedPicture()
        var framesSeen = 0
        // A window masked whole never shows a change; any other shows each one
        // as soon as GTK has painted it.
        let patience: Duration = testCase.permissions == .noPermissions ? .milliseconds(300) : .seconds(5)
        for number in 1...Self.frames {
            Self.change(scene, number)
            guard let frame = try Self.nextFrame(of: capture, within: patience) else { continue }
            framesSeen += 1
            let relayed = CobrowseFrameCodec.relay(CobrowseFrameCodec.encode(frame), session: "canary")
            try picture.apply(relayed: relayed)
            #expect(picture.count(of: Self.secretBackground) == 0, "frame \(number): secret background leaked")
            #expect(picture.count(of: Self.secretText) == 0, "frame \(number): secret text leaked")
            let secretBox = try #require(SharedWindowReader.bounds(of: scene.secret, in: scene.window))
            let boxColors = Set(picture.pixels(in: secretBox).map { [$0.red, $0.green, $0.blue] })
            #expect(boxColors == [[hidingColor.red, hidingColor.green, hidingColor.blue]], "frame \(number)")
            let passwordBox = try #require(SharedWindowReader.bounds(of: scene.password, in: scene.window))
            let passwordColors = Set(picture.pixels(in: passwordBox).map { [$0.red, $0.green, $0.blue] })
            #expect(passwordColors == [[maskColor.red, maskColor.green, maskColor.blue]], "frame \(number): password shown")
        }
        if testCase.permissions == .noPermissions {
            #expect(framesSeen == 1, "a window masked whole must not even show that it changes")
        } else {
            #expect(framesSeen == Self.frames, "the window changed but not every change made a frame")
        }
    }

    @Test("control: the same secret without a mask does show, so the detector can fail")
    func detectorSeesAnUnmaskedSecret() throws {
        let scene = Self.scene()
        defer { gtk_window_destroy(GtkCast.pointer(scene.window)) }
        let capture = CobrowseCapture(window: scene.window, permissions: .implicitDefault, rules: MaskingRules())
        var picture = DecodedPicture()
        let frame = try #require(try capture.frame())
        try picture.apply(relayed: CobrowseFrameCodec.relay(CobrowseFrameCodec.encode(frame), session: "canary"))
        #expect(picture.count(of: Self.secretBackground) > 500)
        #expect(picture.count(of: Self.secretText) > 20)
    }

    @Test("an agent with explicit empty permission sets sees one box of the mask colour and nothing else")
    func emptyPermissionsMaskEverything() throws {
        let scene = Self.scene()
        defer { gtk_window_destroy(GtkCast.pointer(scene.window)) }
        let capture = CobrowseCapture(window: scene.window, permissions: .noPermissions, rules: MaskingRules())
        var picture = DecodedPicture()
        let frame = try #require(try capture.frame())
        try picture.apply(relayed: CobrowseFrameCodec.relay(CobrowseFrameCodec.encode(frame), session: "canary"))
        #expect(picture.count(of: RGBAColor8(red: 0, green: 0, blue: 0)) == picture.width * picture.height)
        #expect(frame.tiles.allSatisfy { $0.encoding == .solid })
    }

    // MARK: The scene

    /// Thick strokes in both secret colours across the window and the secret.
    private static func drawing(over scene: Scene) -> [AnnotationStroke] {
        let secret = SharedWindowReader.bounds(of: scene.secret, in: scene.window) ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
        return [
            AnnotationStroke(
                id: "across", color: secretBackground, width: 24, points: [.init(x: 5, y: 5), .init(x: 470, y: 350)]),
            AnnotationStroke(
                id: "on-secret", color: secretText, width: 16,
                points: [.init(x: secret.x, y: secret.y + secret.height / 2), .init(x: secret.maxX, y: secret.y + secret.height / 2)]),
        ]
    }

    private static func scene() -> Scene {
        let box = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        Widgets.setMargins(box, 16)
        let heading = Widgets.label("Public heading", classes: ["heading"])
        let entry = gtk_entry_new()!
        let holder = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 0, classes: ["canary-holder"])
        let secret = Widgets.label("CANARY-7F3A", classes: ["canary-secret"])
        Widgets.append(holder, secret)
        let password = gtk_password_entry_new()!
        gtk_editable_set_text(GtkCast.opaque(password), "hunter2")
        Widgets.append(box, heading, entry, holder, password)
        let overlay = gtk_overlay_new()!
        gtk_overlay_set_child(GtkCast.opaque(overlay), box)
        let window = ViewHarness.window(showing: overlay, width: 480, height: 360)
        return Scene(window: window, overlay: overlay, holder: holder, secret: secret, entry: entry, password: password)
    }

    /// Types into the public entry and changes the secret's text.
    private static func change(_ scene: Scene, _ number: Int) {
        gtk_editable_set_text(GtkCast.opaque(scene.entry), "typed \(number)")
        gtk_label_set_text(GtkCast.opaque(scene.secret), "CANARY-7F3A-\(number)")
    }

    /// The next frame, once GTK has painted a change, or `nil` after `patience`.
    private static func nextFrame(of capture: CobrowseCapture, within patience: Duration) throws -> CobrowseFrame? {
        let deadline = ContinuousClock.now.advanced(by: patience)
        repeat {
            ViewHarness.iterate(for: .milliseconds(20))
            if let frame = try capture.frame() { return frame }
        } while ContinuousClock.now < deadline
        return nil
    }
}
