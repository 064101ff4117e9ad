import AssistCore
import CGtk
import Foundation

/// The window that shows a document an agent shared and the person
/// accepted: a picture scaled to fit, read-only text, or — for a kind it
/// cannot show — an offer to open it in another application.
///
/// With ``Configuration/addSharedDocCloseListener`` (the default) the
/// window has a "Close document" button and can be closed like any window;
/// without it, neither is possible and the window stays until ``close()``
/// (the session ended).
@MainActor
public final class SharedDocumentWindow {
    /// Downloads a document: its bytes and the media type they were served as.
    public typealias Loader = @Sendable (SharedDocument) async throws(UserFacingError) -> (data: Data, mediaType: String?)

    /// The window.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// Called once, after the window closed.
    public var onClosed: () -> Void = {}

    private let document: SharedDocument
    private let closable: Bool
    private let loader: Loader
    private let body: UnsafeMutablePointer<GtkWidget>
    private var loading: Task<Void, Never>?
    private var closingForGood = false

    /// A viewer for `document` over `parent`; `closable` is
    /// ``Configuration/addSharedDocCloseListener``. Call ``present()``.
    public init(
        document: SharedDocument, closable: Bool, parent: UnsafeMutablePointer<GtkWindow>?,
        loader: @escaping Loader = { try await SharedDocumentLoader.load($0) }
    ) {
        self.document = document
        self.closable = closable
        self.loader = loader
        widget = gtk_window_new()!
        g_object_ref_sink(widget)
        body = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        let window = GtkCast.pointer(widget, to: GtkWindow.self)
        gtk_window_set_title(window, document.title)
        gtk_window_set_default_size(window, 640, 720)
        if let parent { gtk_window_set_transient_for(window, parent) }
        gtk_window_set_destroy_with_parent(window, 1)
        gtk_window_set_deletable(window, closable ? 1 : 0)
        let header = gtk_header_bar_new()!
        if closable {
            let close = Widgets.button(localized("_Close document"))
            gtk_header_bar_pack_end(GtkCast.opaque(header), close)
            SignalConnection.connect(close, signal: "clicked") { [weak self] in self?.close() }
        }
        gtk_window_set_titlebar(window, header)
        gtk_window_set_child(window, body)
        Widgets.addClasses(widget, ["assist-shared-document"])
        Accessibility.setDescription(widget, localized("A document shared by the support agent"))
        SignalConnection.connectReturningBool(widget, signal: "close-request") { [weak self] in
            guard let self else { return false }
            if !closable, !closingForGood { return true }
            loading?.cancel()
            onClosed()
            onClosed = {}
            return false
        }
    }

    isolated deinit {
        loading?.cancel()
        g_object_unref(widget)
    }

    /// Shows the window and downloads the document.
    public func present() {
        gtk_window_present(GtkCast.pointer(widget, to: GtkWindow.self))
        load()
    }

    /// Closes the window, whether or not the person may close it.
    public func close() {
        closingForGood = true
        gtk_window_close(GtkCast.pointer(widget, to: GtkWindow.self))
    }

    private func load() {
        let spinner = gtk_spinner_new()!
        gtk_spinner_start(GtkCast.opaque(spinner))
        showCentred(spinner, Widgets.label(localized("Downloading {name}…", ["name": document.title]), classes: ["dim-label"], wrap: true))
        let document = document
        let loader = loader
        loading?.cancel()
        loading = Task { [weak self] in
            let result: Result<(data: Data, mediaType: String?), UserFacingError>
            do throws(UserFacingError) {
                result = .success(try await loader(document))
            } catch {
                result = .failure(error)
            }
            guard !Task.isCancelled else { return }
            self?.show(result)
        }
    }

    private func show(_ result: Result<(data: Data, mediaType: String?), UserFacingError>) {
        switch result {
        case .failure(let error):
            showProblem(error)
        case .success(let (data, mediaType)):
            switch document.kind(servedAs: mediaType) {
            case .image: showImage(data)
            case .text: showText(String(decoding: data, as: UTF8.self))
            case .other: showOther()
            }
        }
    }

    private func showImage(_ data: Data) {
        let texture = data.withUnsafeBytes { raw -> OpaquePointer? in
            let bytes = g_bytes_new(raw.baseAddress, gsize(raw.count))
            defer { g_bytes_unref(bytes) }
            return gdk_texture_new_from_bytes(bytes, nil)
        }
        guard let texture else {
            return showProblem(UserFacingError(message: localized("The shared picture could not be read."), remedy: .dismiss))
        }
        let picture = gtk_picture_new_for_paintable(texture)!
        g_object_unref(UnsafeMutableRawPointer(texture))
        gtk_picture_set_can_shrink(GtkCast.opaque(picture), 1)
        gtk_widget_set_vexpand(picture, 1)
        Accessibility.setLabel(picture, document.title)
        replaceBody(with: [picture])
    }

    private func showText(_ text: String) {
        let view = gtk_text_view_new()!
        let textView = GtkCast.pointer(view, to: GtkTextView.self)
        gtk_text_view_set_editable(textView, 0)
        gtk_text_view_set_cursor_visible(textView, 0)
        gtk_text_view_set_wrap_mode(textView, GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_monospace(textView, 1)
        gtk_text_buffer_set_text(gtk_text_view_get_buffer(textView), text, -1)
        Accessibility.setLabel(view, document.title)
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(GtkCast.opaque(scroller), view)
        gtk_widget_set_vexpand(scroller, 1)
        replaceBody(with: [scroller])
    }

    private func showOther() {
        let open = Widgets.button(localized("_Open in another app"), classes: ["suggested-action"])
        gtk_widget_set_halign(open, GTK_ALIGN_CENTER)
        SignalConnection.connect(open, signal: "clicked") { [weak self] in
            guard let self else { return }
            LinkOpener.open(document.url.absoluteString, from: widget)
        }
        showCentred(Widgets.label(localized("This kind of document can't be shown here."), classes: ["title-4"], wrap: true), open)
        gtk_widget_grab_focus(open)
    }

    private func showProblem(_ error: UserFacingError) {
        let message = Widgets.label(error.message, wrap: true)
        guard error.remedy == .tryAgain || closable else { return showCentred(message) }
        let action = Widgets.button("_\(error.remedy.label)")
        gtk_widget_set_halign(action, GTK_ALIGN_CENTER)
        SignalConnection.connect(action, signal: "clicked") { [weak self] in
            if error.remedy == .tryAgain { self?.load() } else { self?.close() }
        }
        showCentred(message, action)
        gtk_widget_grab_focus(action)
    }

    private func showCentred(_ children: UnsafeMutablePointer<GtkWidget>...) {
        let column = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        gtk_widget_set_valign(column, GTK_ALIGN_CENTER)
        gtk_widget_set_vexpand(column, 1)
        Widgets.setMargins(column, 24)
        for child in children { Widgets.append(column, child) }
        replaceBody(with: [column])
    }

    private func replaceBody(with children: [UnsafeMutablePointer<GtkWidget>]) {
        while let child = gtk_widget_get_first_child(body) {
            gtk_box_remove(GtkCast.pointer(body, to: GtkBox.self), child)
        }
        for child in children { Widgets.append(body, child) }
    }
}
