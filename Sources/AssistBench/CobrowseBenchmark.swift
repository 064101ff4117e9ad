import AssistCore
import AssistGtk
import CGtk
import Foundation

/// Times co-browse frames of a real 800 × 600 GTK window, step by step, and
/// counts the bytes they cost, against the same capture encoded as one
/// whole PNG in the same run.
@MainActor
enum CobrowseBenchmark {
    /// Runs the benchmark on the display GTK opens; `nil` without one.
    static func run(iterations: Int = 60, keystrokes: Int = 40, idle: Duration = .seconds(3)) async -> CobrowseResult? {
        guard gtk_init_check() != 0 else { return nil }
        let scene = CobrowseBenchWindow()
        scene.present()
        defer { gtk_window_destroy(GtkCast.pointer(scene.window)) }
        let permissions = AgentPermissions(viewable: ["default"], interactive: ["default"])
        let capture = CobrowseCapture(window: scene.window, permissions: permissions, rules: MaskingRules())

        var mask = LatencySample(), render = LatencySample(), diff = LatencySample()
        var encode = LatencySample(), full = LatencySample(), whole = LatencySample()
        var keyframeBytes = 0, wholeBytes = 0, size = (0, 0)
        let clock = ContinuousClock()
        for _ in 0..<(iterations + 5) {
            var plan: MaskPlan?
            var pixels: PixelBuffer?
            var frame: CobrowseFrame?
            capture.requestKeyframe()
            let maskTime = clock.measure { plan = capture.plan(for: capture.widgets()) }
            let renderTime = clock.measure { pixels = capture.render(plan!) }
            guard let pixels else { continue }
            var bytes: [UInt8] = []
            let encodeTime = clock.measure {
                frame = try? capture.tiles(of: pixels, keyframe: true)
                if let frame { bytes = CobrowseFrameCodec.encode(frame) }
            }
            let diffTime = clock.measure { precondition((try? capture.tiles(of: pixels)) == .some(nil)) }
            var png: [UInt8] = []
            let wholeTime = clock.measure { png = PNGTileEncoder.encode(pixels, pixels.bounds) }
            mask.record(maskTime)
            render.record(renderTime)
            encode.record(encodeTime)
            diff.record(diffTime)
            full.record(maskTime + renderTime + encodeTime)
            whole.record(wholeTime)
            keyframeBytes = bytes.count
            wholeBytes = png.count
            size = (pixels.width, pixels.height)
        }
        let typing = typingUpdates(scene, capture, keystrokes: keystrokes)
        let idleBytes = await bytesWhileIdle(scene, permissions: permissions, duration: idle)
        return CobrowseResult(
            width: size.0, height: size.1, mask: mask.droppingFirst(5), capture: render.droppingFirst(5),
            diff: diff.droppingFirst(5), encode: encode.droppingFirst(5), fullFrame: full.droppingFirst(5),
            wholePNG: whole.droppingFirst(5), keyframeBytes: keyframeBytes, wholePNGBytes: wholeBytes,
            typingBytes: typing, idleBytes: idleBytes,
            idleSeconds: LatencySample.nanoseconds(of: idle) / 1e9)
    }

    /// Bytes of the frame after each keystroke into one field.
    private static func typingUpdates(_ scene: CobrowseBenchWindow, _ capture: CobrowseCapture, keystrokes: Int) -> [Int] {
        gtk_widget_grab_focus(scene.entry)
        gtk_editable_set_text(GtkCast.opaque(scene.entry), "")
        scene.iterate(for: .milliseconds(100))
        _ = try? capture.frame(keyframe: true)
        var sizes: [Int] = []
        let words = Array("The charge on the third was a duplicate".utf8)
        for index in 0..<keystrokes {
            let text = String(decoding: words.prefix(index % words.count + 1), as: UTF8.self)
            gtk_editable_set_text(GtkCast.opaque(scene.entry), text)
            gtk_editable_set_position(GtkCast.opaque(scene.entry), -1)
            scene.iterate(for: .milliseconds(40))
            if let frame = try? capture.frame() { sizes.append(CobrowseFrameCodec.encode(frame).count) }
        }
        return sizes
    }

    /// Bytes the real sharer sends while nothing changes, after its first
    /// keyframe; the focus is on a button, so no caret blinks.
    private static func bytesWhileIdle(
        _ scene: CobrowseBenchWindow, permissions: AgentPermissions, duration: Duration
    ) async -> Int {
        gtk_widget_grab_focus(scene.button)
        scene.iterate(for: .milliseconds(300))
        var frames = 0
        var bytesAfterFirst = 0
        let sharer = WindowSharer(window: scene.window, permissions: permissions, rules: MaskingRules()) { bytes in
            frames += 1
            if frames > 1 { bytesAfterFirst += bytes.count }
            return true
        }
        sharer.start()
        let deadline = ContinuousClock.now.advanced(by: duration + .milliseconds(500))
        while ContinuousClock.now < deadline {
            scene.iterate(for: .milliseconds(10))
            try? await Task.sleep(for: .milliseconds(5))
        }
        sharer.stop()
        return frames == 0 ? -1 : bytesAfterFirst
    }
}
