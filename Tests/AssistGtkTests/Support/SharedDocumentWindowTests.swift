import AssistCore
import CGtk
import Foundation
import Testing

@testable import AssistGtk

@Suite("The shared document window", .serialized)
@MainActor
struct SharedDocumentWindowTests {
    init() {
        ViewHarness.start()
    }

    /// Counts downloads; the first `failures` of them fail with "try again".
    private actor Downloads {
        private(set) var count = 0
        let failures: Int
        let result: (data: Data, mediaType: String?)

        init(failures: Int = 0, _ data: Data, _ mediaType: String?) {
            self.failures = failures
            result = (data, mediaType)
        }

        func next() throws(UserFacingError) -> (data: Data, mediaType: String?) {
            count += 1
            if count <= failures {
                throw UserFacingError(message: "The shared document could not be downloaded.", remedy: .tryAgain)
            }
            return result
        }
    }

    private func viewer(
        _ address: String, closable: Bool = true, _ downloads: Downloads
    ) throws -> SharedDocumentWindow {
        let document = SharedDocument(url: try #require(URL(string: address)), mediaType: nil)
        let viewer = SharedDocumentWindow(document: document, closable: closable, parent: nil) { _ throws(UserFacingError) in
            try await downloads.next()
        }
        viewer.present()
        return viewer
    }

    /// Runs GLib and lets main-actor jobs (the download's task) run until
    /// `condition` holds, or for at least 10 s and as many turns.
    private func settle(until condition: () -> Bool) async {
        await ViewHarness.run(for: .seconds(10), until: condition)
    }

    private func widgets(in viewer: SharedDocumentWindow, ofType type: GType) -> [UnsafeMutablePointer<GtkWidget>] {
        ViewHarness.descendants(of: viewer.widget).filter {
            g_type_check_instance_is_a(GtkCast.pointer($0), type) != 0 && gtk_widget_get_visible($0) != 0
        }
    }

    private func labels(in viewer: SharedDocumentWindow) -> [String] {
        widgets(in: viewer, ofType: gtk_label_get_type()).map(ViewHarness.text)
    }

    /// A 3 × 2 PNG, drawn by GTK.
    private func png() -> Data {
        let pixels = [UInt8](repeating: 0xC0, count: 3 * 2 * 4)
        let bytes = g_bytes_new(pixels, gsize(pixels.count))
        defer { g_bytes_unref(bytes) }
        let texture = gdk_memory_texture_new(3, 2, GDK_MEMORY_R8G8B8A8, bytes, 3 * 4)!
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        let encoded = gdk_texture_save_to_png_bytes(texture)!
        defer { g_bytes_unref(encoded) }
        var size: gsize = 0
        let start = g_bytes_get_data(encoded, &size)!
        return Data(bytes: start, count: Int(size))
    }

    @Test("a picture is shown as a picture of its own size")
    func picture() async throws {
        let viewer = try viewer("https://x.test/screen.png", Downloads(png(), "image/png"))
        defer { viewer.close() }
        await settle { !widgets(in: viewer, ofType: gtk_picture_get_type()).isEmpty }
        let picture = try #require(widgets(in: viewer, ofType: gtk_picture_get_type()).first)
        let paintable = try #require(gtk_picture_get_paintable(GtkCast.opaque(picture)))
        #expect(gdk_paintable_get_intrinsic_width(paintable) == 3)
        #expect(gdk_paintable_get_intrinsic_height(paintable) == 2)
    }

    @Test("text is shown read-only, exactly as downloaded")
    func text() async throws {
        let viewer = try viewer("https://x.test/notes.txt", Downloads(Data("line one\nline two".utf8), "text/plain"))
        defer { viewer.close() }
        await settle { !widgets(in: viewer, ofType: gtk_text_view_get_type()).isEmpty }
        let view = try #require(widgets(in: viewer, ofType: gtk_text_view_get_type()).first)
        let textView = GtkCast.pointer(view, to: GtkTextView.self)
        #expect(gtk_text_view_get_editable(textView) == 0)
        let buffer = gtk_text_view_get_buffer(textView)
        var start = GtkTextIter()
        var end = GtkTextIter()
        gtk_text_buffer_get_bounds(buffer, &start, &end)
        let shown = gtk_text_buffer_get_text(buffer, &start, &end, 0).map { String(cString: $0) }
        #expect(shown == "line one\nline two")
    }

    @Test("a kind it cannot show is offered to another application")
    func otherKind() async throws {
        let viewer = try viewer("https://x.test/manual.pdf", Downloads(Data("%PDF-1.7".utf8), "application/pdf"))
        defer { viewer.close() }
        await settle { labels(in: viewer).contains("This kind of document can't be shown here.") }
        #expect(labels(in: viewer).contains("This kind of document can't be shown here."))
        #expect(ViewHarness.buttonLabels(in: viewer.widget).contains("_Open in another app"))
    }

    @Test("a failed download says so in one sentence, and Try again downloads again")
    func tryAgain() async throws {
        let downloads = Downloads(failures: 1, Data("hello".utf8), "text/plain")
        let viewer = try viewer("https://x.test/notes.txt", downloads)
        defer { viewer.close() }
        await settle { labels(in: viewer).contains("The shared document could not be downloaded.") }
        let retry = try #require(
            widgets(in: viewer, ofType: gtk_button_get_type()).first {
                gtk_button_get_label(GtkCast.pointer($0)).map { String(cString: $0) } == "_Try again"
            })
        assist_signal_emit_void(retry, "clicked")
        await settle { !widgets(in: viewer, ofType: gtk_text_view_get_type()).isEmpty }
        #expect(!widgets(in: viewer, ofType: gtk_text_view_get_type()).isEmpty)
    }

    @Test("with the close listener the person closes the document with Close document, and onClosed runs once")
    func closable() throws {
        let viewer = try viewer("https://x.test/notes.txt", Downloads(Data("x".utf8), "text/plain"))
        var closed = 0
        viewer.onClosed = { closed += 1 }
        let close = try #require(
            widgets(in: viewer, ofType: gtk_button_get_type()).first {
                gtk_button_get_label(GtkCast.pointer($0)).map { String(cString: $0) } == "_Close document"
            })
        assist_signal_emit_void(close, "clicked")
        ViewHarness.iterate(for: .milliseconds(100))
        #expect(closed == 1)
        #expect(gtk_widget_get_visible(viewer.widget) == 0)
    }

    @Test("without the close listener there is no Close document and closing the window does nothing until the session ends")
    func notClosable() throws {
        let viewer = try viewer("https://x.test/notes.txt", closable: false, Downloads(Data("x".utf8), "text/plain"))
        var closed = 0
        viewer.onClosed = { closed += 1 }
        #expect(!ViewHarness.buttonLabels(in: viewer.widget).contains("_Close document"))
        #expect(gtk_window_get_deletable(GtkCast.pointer(viewer.widget, to: GtkWindow.self)) == 0)
        gtk_window_close(GtkCast.pointer(viewer.widget, to: GtkWindow.self))
        ViewHarness.iterate(for: .milliseconds(100))
        #expect(gtk_widget_get_visible(viewer.widget) != 0)
        #expect(closed == 0)
        viewer.close()
        ViewHarness.iterate(for: .milliseconds(100))
        #expect(gtk_widget_get_visible(viewer.widget) == 0)
        #expect(closed == 1)
    }
}
