import AssistCore
import CGtk
import Foundation
import Testing

@testable import AssistGtk

@Suite("Chat view: files", .serialized)
@MainActor
struct ChatFileCardTests {
    init() {
        ViewHarness.start()
    }

    /// The person's own file `screen.png` of `size` bytes, `sent` of them on the server.
    static func uploading(_ id: String, sent: Int, size: Int, path: String = "/tmp/screen.png") -> ChatEntry {
        var transcript = ChatTranscript()
        transcript.appendOwnFile(ClientMessageID(id), ChatEntry.LocalFile(path: path, size: size), at: Date())
        transcript.setFile(id, .uploading(sent: sent, size: size))
        return transcript.entries[0]
    }

    /// A file `name` Alex sent, at `state`.
    static func received(_ id: String, name: String, mediaType: String, size: Int, state: ChatFileState?) -> ChatEntry {
        var transcript = ChatTranscript()
        let message = ChatMessage(
            id: ServerMessageID(id), author: .agent(id: "a1"), text: name, sentAt: Date(),
            attachment: AttachmentInfo(id: "f-\(id)", name: name, size: size, mediaType: mediaType))
        transcript.appendReceived(message, authorName: "Alex")
        if let state { transcript.setFile(id, state) }
        return transcript.entries[0]
    }

    /// A 320×200 PNG picture, written under the temporary folder.
    static func picture(named name: String) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("assist-\(UUID().uuidString)-\(name)")
        let pixbuf = gdk_pixbuf_new(GDK_COLORSPACE_RGB, 0, 8, 320, 200)!
        gdk_pixbuf_fill(pixbuf, 0x3584_e4ff)
        let texture = gdk_texture_new_for_pixbuf(pixbuf)!
        gdk_texture_save_to_png(texture, url.path)
        g_object_unref(UnsafeMutableRawPointer(texture))
        g_object_unref(UnsafeMutableRawPointer(pixbuf))
        return url
    }

    /// Whether `widget` and every widget holding it are shown.
    private func visible(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        gtk_widget_is_visible(widget) != 0
    }

    @Test("an upload shows its progress and Cancel, and Cancel reports the entry")
    func uploadShowsProgressAndCancel() throws {
        let view = ChatView(allowURLPreview: false)
        var cancelled: [String] = []
        view.onCancelFile = { cancelled.append($0) }
        view.render(entries: [Self.uploading("c1", sent: 400, size: 1_000)])
        let card = try #require(view.rows["c1"]?.fileCard)
        #expect(visible(card.progressBar))
        #expect(gtk_progress_bar_get_fraction(GtkCast.opaque(card.progressBar)) == 0.4)
        #expect(ViewHarness.text(card.statusLabel) == "Sending… 40 %")
        #expect(!visible(card.openButton))
        #expect(ViewHarness.labelTexts(in: card.widget).contains("1.0\u{A0}kB · PNG image"))
        assist_signal_emit_void(card.cancelButton, "clicked")
        #expect(cancelled == ["c1"])
    }

    @Test("a file the server refused hides the progress and says why, marked as an error")
    func refusedSaysWhy() throws {
        let view = ChatView(allowURLPreview: false)
        var transcript = ChatTranscript()
        transcript.appendOwnFile(ClientMessageID("c1"), ChatEntry.LocalFile(path: "/tmp/screen.png", size: 30_000_000), at: Date())
        view.render(entries: transcript.entries)
        transcript.setFile("c1", .notSent("The file is larger than the 25 MB allowed."))
        view.render(entries: transcript.entries)
        let card = try #require(view.rows["c1"]?.fileCard)
        #expect(!visible(card.progressBar))
        #expect(ViewHarness.text(card.statusLabel) == "The file is larger than the 25 MB allowed.")
        #expect(gtk_widget_has_css_class(card.statusLabel, "error") != 0)
    }

    @Test("a received picture, once saved, shows its thumbnail, and Open and Show in Folder act on the saved file")
    func savedPictureShowsThumbnailAndActions() async throws {
        let picture = Self.picture(named: "photo.png")
        defer { try? FileManager.default.removeItem(at: picture) }
        let view = ChatView(allowURLPreview: false)
        var opened: [String] = []
        var shown: [String] = []
        view.fileActions.open = { path, _ in opened.append(path) }
        view.fileActions.showInFolder = { path, _ in shown.append(path) }
        let window = ViewHarness.window(showing: view.widget)
        defer { gtk_window_destroy(GtkCast.pointer(window)) }
        view.render(entries: [Self.received("s1", name: "photo.png", mediaType: "image/png", size: 2_500_000, state: .downloading)])
        let card = try #require(view.rows["s1"]?.fileCard)
        #expect(!visible(card.openButton), "nothing to open before it is saved")
        #expect(ViewHarness.text(card.statusLabel) == "Saving…")
        view.render(entries: [
            Self.received("s1", name: "photo.png", mediaType: "image/png", size: 2_500_000, state: .saved(path: picture.path))
        ])
        #expect(visible(card.openButton))
        #expect(visible(card.showInFolderButton))
        #expect(ViewHarness.text(card.statusLabel) == "Saved as \(picture.lastPathComponent)")
        assist_signal_emit_void(card.openButton, "clicked")
        assist_signal_emit_void(card.showInFolderButton, "clicked")
        #expect(opened == [picture.path])
        #expect(shown == [picture.path])
        await ViewHarness.run(for: .seconds(10)) { thumbnails(in: card.widget) == 1 }
        #expect(thumbnails(in: card.widget) == 1)
    }

    @Test("files dropped on the chat are sent, each once")
    func droppedFilesAreSent() throws {
        let view = ChatView(allowURLPreview: false)
        var sent: [URL] = []
        view.onSendFile = { sent.append($0) }
        let target = try #require(dropTarget(of: view.widget))
        let paths = ["/tmp/a report.pdf", "/tmp/notes.txt"]
        var value = fileListValue(paths)
        #expect(assist_signal_emit_drop(UnsafeMutableRawPointer(target), &value, 10, 10) != 0)
        g_value_unset(&value)
        #expect(sent.map(\.path) == paths)
    }

    @Test("while files cannot be sent, Attach File is off and drops are ignored")
    func filesRefusedWhileNotAccepted() throws {
        let view = ChatView(allowURLPreview: false)
        var sent: [URL] = []
        view.onSendFile = { sent.append($0) }
        view.acceptsFiles = false
        #expect(gtk_widget_get_sensitive(view.composer.attachButton) == 0)
        let target = try #require(dropTarget(of: view.widget))
        var value = fileListValue(["/tmp/notes.txt"])
        _ = assist_signal_emit_drop(UnsafeMutableRawPointer(target), &value, 10, 10)
        g_value_unset(&value)
        #expect(sent.isEmpty)
    }

    /// A `GdkFileList` value of the files at `paths`, as a drag from the file manager carries.
    private func fileListValue(_ paths: [String]) -> GValue {
        var files: [OpaquePointer?] = paths.map { g_file_new_for_path($0) }
        let list = gdk_file_list_new_from_array(&files, gsize(files.count))
        files.forEach { g_object_unref(UnsafeMutableRawPointer($0)) }
        var value = GValue()
        g_value_init(&value, gdk_file_list_get_type())
        g_value_take_boxed(&value, UnsafeRawPointer(list))
        return value
    }

    private func thumbnails(in widget: UnsafeMutablePointer<GtkWidget>) -> Int {
        ViewHarness.descendants(of: widget).filter { gtk_widget_has_css_class($0, "assist-file-thumbnail") != 0 }.count
    }

    /// The drop target on `widget`, among its event controllers.
    private func dropTarget(of widget: UnsafeMutablePointer<GtkWidget>) -> OpaquePointer? {
        let controllers = gtk_widget_observe_controllers(widget)!
        defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
        for index in 0..<g_list_model_get_n_items(controllers) {
            guard let controller = g_list_model_get_item(controllers, index) else { continue }
            g_object_unref(controller)
            if g_type_check_instance_is_a(
                UnsafeMutablePointer<GTypeInstance>(OpaquePointer(controller)), gtk_drop_target_get_type()) != 0
            {
                return OpaquePointer(controller)
            }
        }
        return nil
    }
}
