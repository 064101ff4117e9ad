import AssistGtk
import CGtk
import Testing

/// `isAgentWindowOnTop` on X11: a request a window manager honours, and
/// nothing more than a request without one.
@MainActor
@Suite("Keeping a window above others on X11", .serialized)
struct WindowStackingTests {
    init() {
        ViewHarness.start()
    }

    private func window(on server: PrivateXServer) -> UnsafeMutablePointer<GtkWindow> {
        let window = GtkCast.pointer(gtk_window_new()!, to: GtkWindow.self)
        gtk_window_set_display(window, server.display)
        gtk_window_set_title(window, "Agent video")
        gtk_window_set_default_size(window, 320, 240)
        return window
    }

    @Test("with a window manager, a window asked to stay on top whenever mapped is kept above others")
    func windowManagerKeepsTheWindowAbove() throws {
        let server = try PrivateXServer()
        defer { server.stop() }
        try server.startWindowManager()
        let window = window(on: server)
        WindowStacking.keepAboveWhenMapped(window)
        gtk_window_present(window)
        ViewHarness.iterate(for: .seconds(10)) { WindowStacking.isKeptAbove(window) }
        #expect(WindowStacking.isKeptAbove(window))

        WindowStacking.requestKeepAbove(window, false)
        ViewHarness.iterate(for: .seconds(10)) { !WindowStacking.isKeptAbove(window) }
        #expect(!WindowStacking.isKeptAbove(window))
        gtk_window_destroy(window)
    }

    @Test("without a window manager the request is made and nothing keeps the window above")
    func noWindowManagerNoStacking() throws {
        let server = try PrivateXServer()
        defer { server.stop() }
        let window = window(on: server)
        gtk_window_present(window)
        ViewHarness.iterate(for: .seconds(5)) { gtk_widget_get_mapped(GtkCast.pointer(window)) != 0 }
        #expect(WindowStacking.requestKeepAbove(window))
        ViewHarness.iterate(for: .milliseconds(300))
        #expect(!WindowStacking.isKeptAbove(window))
        gtk_window_destroy(window)
    }

    @Test("a window that is not mapped yet cannot be asked")
    func unmappedWindowCannotBeAsked() throws {
        let server = try PrivateXServer()
        defer { server.stop() }
        let window = window(on: server)
        #expect(!WindowStacking.requestKeepAbove(window))
        gtk_window_destroy(window)
    }
}
