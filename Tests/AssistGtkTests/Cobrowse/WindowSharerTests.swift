import AssistCore
import CGtk
import Testing

@testable import AssistGtk

@Suite("Window sharer: frames follow what GTK paints", .serialized)
@MainActor
struct WindowSharerTests {
    /// Frames the sharer handed over, decoded, and whether to accept the next ones.
    final class Recorder {
        var frames: [CobrowseFrame] = []
        var accepts = true
        var refused = 0

        func send(_ bytes: [UInt8]) -> Bool {
            guard accepts else {
                refused += 1
                return false
            }
            if let frame = try? CobrowseFrameCodec.decode(bytes) { frames.append(frame) }
            return true
        }
    }

    init() {
        ViewHarness.start()
    }

    private func scene() -> (window: UnsafeMutablePointer<GtkWidget>, label: UnsafeMutablePointer<GtkWidget>) {
        let label = Widgets.label("Hello")
        return (ViewHarness.window(showing: label, width: 320, height: 200), label)
    }


    private func sharer(of window: UnsafeMutablePointer<GtkWidget>, _ recorder: Recorder) -> WindowSharer {
        WindowSharer(window: window, permissions: .implicitDefault, rules: MaskingRules()) { recorder.send($0) }
    }

    @Test("start sends one keyframe covering the window, then an idle window sends nothing")
    func keyframeThenIdle() async {
        let (window, _) = scene()
        defer { gtk_window_destroy(GtkCast.pointer(window)) }
        let recorder = Recorder()
        let sharer = sharer(of: window, recorder)
        sharer.start()
        await ViewHarness.run(for: .seconds(5)) { !recorder.frames.isEmpty }
        #expect(recorder.frames.count == 1)
        #expect(recorder.frames.first?.isKeyframe == true)
        #expect(recorder.frames.first?.width == 320)
        #expect(recorder.frames.first?.height == 200)
        await ViewHarness.run(for: .milliseconds(600))
        #expect(recorder.frames.count == 1, "an idle window sent frames")
        sharer.stop()
    }

    @Test("a change GTK paints sends only the changed tiles")
    func changeSendsDelta() async {
        let (window, label) = scene()
        defer { gtk_window_destroy(GtkCast.pointer(window)) }
        let recorder = Recorder()
        let sharer = sharer(of: window, recorder)
        sharer.start()
        await ViewHarness.run(for: .seconds(5)) { !recorder.frames.isEmpty }
        gtk_label_set_text(GtkCast.opaque(label), "Hello, agent")
        await ViewHarness.run(for: .seconds(5)) { recorder.frames.count >= 2 }
        let delta = recorder.frames.dropFirst().first
        #expect(delta?.isKeyframe == false)
        #expect((delta?.tiles.count ?? 0) > 0)
        #expect((delta?.tiles.count ?? 0) < (recorder.frames.first?.tiles.count ?? 0))
        sharer.stop()
    }

    @Test("after a frame that could not be sent, and when asked, the next frame is a keyframe")
    func keyframesWhenNeeded() async {
        let (window, label) = scene()
        defer { gtk_window_destroy(GtkCast.pointer(window)) }
        let recorder = Recorder()
        let sharer = sharer(of: window, recorder)
        sharer.start()
        await ViewHarness.run(for: .seconds(5)) { !recorder.frames.isEmpty }
        recorder.accepts = false
        gtk_label_set_text(GtkCast.opaque(label), "lost")
        await ViewHarness.run(for: .seconds(10)) { recorder.refused > 0 }
        #expect(recorder.refused > 0, "the sharer never tried to send the change")
        recorder.accepts = true
        gtk_label_set_text(GtkCast.opaque(label), "after the loss")
        await ViewHarness.run(for: .seconds(5)) { recorder.frames.count >= 2 }
        #expect(recorder.frames.last?.isKeyframe == true)
        let before = recorder.frames.count
        sharer.requestKeyframe()
        await ViewHarness.run(for: .seconds(5)) { recorder.frames.count > before }
        #expect(recorder.frames.last?.isKeyframe == true)
        sharer.stop()
    }

    @Test("after stop, changes send nothing")
    func stopIsImmediate() async {
        let (window, label) = scene()
        defer { gtk_window_destroy(GtkCast.pointer(window)) }
        let recorder = Recorder()
        let sharer = sharer(of: window, recorder)
        sharer.start()
        await ViewHarness.run(for: .seconds(5)) { !recorder.frames.isEmpty }
        sharer.stop()
        let count = recorder.frames.count
        gtk_label_set_text(GtkCast.opaque(label), "after stop")
        await ViewHarness.run(for: .milliseconds(500))
        #expect(recorder.frames.count == count)
    }
}
