import AssistCore
import AssistGtk
import CGtk
import CWebKit
import Foundation

/// A chat template — the web chat page of the template seed — as the app's
/// chat: the entry point in a web view with an ephemeral network session
/// (nothing of it is kept on disk), speaking the seed's iOS bridge.
///
/// - The page's messages (``ChatTemplateMessage``) reach ``delegate`` only
///   from the template's own origin, top frame (``ChatTemplateBridge``).
///   The view keeps the session id, answers `IOSGetCustomerData` with the
///   configuration's `customerData` (only when the entry point has
///   `postChatAttributes=true`), downloads the files the person clicks
///   (`POST` with `sid`, into the Downloads folder under a free name) and
///   hands transcripts to the delegate.
/// - ``closeChat()`` and ``showCloseButton(_:)`` call the page's
///   `MobileInterface`; arguments travel as values, never as spliced text.
/// - Navigation: an address without `/templates/chat/` for the top frame is
///   a pushed page, opened by ``openPushedPage`` (its own window) while the
///   chat stays; `window.open` and `target=_blank` go to ``openInBrowser``
///   (the person's browser) when the person's click or key press led to
///   them, and never open a view; `alert` and `confirm` go
///   to ``dialogPresenter`` and the answer back to the page.
@MainActor
public final class ChatTemplateView {
    /// The view to put in a window: the download banner above the page.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// The web view itself (a `WebKitWebView`).
    public let webView: UnsafeMutablePointer<GtkWidget>
    /// The banner that tells the person about downloaded files.
    public let banner: DownloadBanner
    /// Told about the page's messages; held weakly. Without one, the
    /// defaults of ``ChatTemplateDelegate`` apply.
    public weak var delegate: (any ChatTemplateDelegate)?
    /// Shows the page's `alert` and `confirm`; GTK dialogs unless replaced.
    public var dialogPresenter: any ScriptDialogPresenter = GtkScriptDialogPresenter()
    /// Opens an address in the person's browser (`window.open`, links to
    /// `_blank`, when the person clicked); the desktop's default handler
    /// unless replaced.
    public lazy var openInBrowser: @MainActor (String) -> Void = { [weak self] uri in
        guard let self else { return }
        LinkOpener.open(uri, from: widget)
    }
    /// Opens a pushed page; a ``PushedPageWindow`` over the view's window
    /// unless replaced.
    public lazy var openPushedPage: @MainActor (String) -> Void = { [weak self] uri in
        PushedPageWindow.open(uri, over: self?.parentWindow)
    }
    /// The folder downloads are saved in; `nil` (the default) means the
    /// configuration's `receivedFilesDirectory`, else the Downloads folder.
    public var downloadsFolder: URL?
    /// The session id the page gave (`IOSChatStarted`, `IOSSetSessionId`).
    public private(set) var sessionID: String?

    let view: UnsafeMutablePointer<WebKitWebView>
    let address: ChatTemplateAddress
    private let configuration: Configuration
    private let contentManager: OpaquePointer
    private let bridge: ChatTemplateBridge
    private let defaults = DefaultChatTemplateDelegate()
    private var handlers: [(instance: UnsafeMutableRawPointer, id: gulong)] = []

    /// The view of `configuration`'s chat template, not yet loaded (call
    /// ``load()``); `nil` when `chatTemplateURL` is not an http(s) URL with
    /// a host (``Configuration/validate(source:)`` says why).
    public init?(configuration: Configuration) {
        guard let address = ChatTemplateAddress(configuration.chatTemplateURL) else { return nil }
        self.address = address
        self.configuration = configuration
        bridge = ChatTemplateBridge(origin: address.origin)
        let session = webkit_network_session_new_ephemeral()
        let content = webkit_user_content_manager_new()!
        let settings = webkit_settings_new()
        // Every window the page asks for reaches `create`, which never opens
        // one here: the navigation rules decide whether it goes to the browser.
        webkit_settings_set_javascript_can_open_windows_automatically(settings, 1)
        contentManager = content
        let made = assist_web_view_new(session, content, settings)!
        g_object_unref(UnsafeMutableRawPointer(session))
        g_object_unref(UnsafeMutableRawPointer(settings))
        webView = made
        view = GtkCast.pointer(made, to: WebKitWebView.self)
        gtk_widget_set_vexpand(made, 1)
        gtk_widget_set_hexpand(made, 1)
        banner = DownloadBanner()
        widget = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 0)
        g_object_ref_sink(UnsafeMutableRawPointer(widget))
        Widgets.append(widget, banner.widget, made)
        bridge.install(in: content)
        connectSignals()
    }

    isolated deinit {
        for handler in handlers { g_signal_handler_disconnect(handler.instance, handler.id) }
        g_object_unref(UnsafeMutableRawPointer(contentManager))
        g_object_unref(UnsafeMutableRawPointer(widget))
    }

    /// The window the view is in, for dialogs.
    public var parentWindow: UnsafeMutablePointer<GtkWindow>? {
        gtk_widget_get_root(widget).map { UnsafeMutablePointer<GtkWindow>($0) }
    }

    /// Loads the entry point: the first time, and for a new chat.
    public func load() {
        sessionID = nil
        webkit_web_view_load_uri(view, address.url.absoluteString)
    }

    /// The address the web view shows now.
    public var currentURI: String? {
        webkit_web_view_get_uri(view).map { String(cString: $0) }
    }

    private func connectSignals() {
        let manager = UnsafeMutableRawPointer(contentManager)
        handlers.append(
            (manager, SignalConnection.connectPointer(manager, signal: "script-message-received::\(bridge.handlerName)") {
                [weak self] value in self?.received(value)
            }))
        let webView = UnsafeMutableRawPointer(view)
        handlers.append((webView, WebSignals.connectDecidePolicy(webView) { [weak self] in self?.decide($0, $1) ?? false }))
        handlers.append((webView, WebSignals.connectScriptDialog(webView) { [weak self] in self?.scriptDialog($0) ?? false }))
        handlers.append((webView, WebSignals.connectCreate(webView) { [weak self] in self?.handToBrowser($0) }))
    }

    /// A relayed message: obeyed only while the top frame shows the template's origin.
    private func received(_ value: OpaquePointer?) {
        guard address.isSameOrigin(currentURI), let text = ScriptReplies.string(of: value),
            let relayed = ChatTemplateBridge.decode(text),
            let message = ChatTemplateMessage(name: relayed.name, body: relayed.body)
        else { return }
        let delegate = delegate ?? defaults
        delegate.chatTemplate(self, received: message)
        switch message {
        case .chatStarted(let id), .sessionID(let id): sessionID = id
        case .customerDataRequested: sendCustomerData()
        case .saveTranscript(let transcript): delegate.chatTemplate(self, saveTranscript: transcript)
        case .printTranscript(let transcript): delegate.chatTemplate(self, printTranscript: transcript)
        case .downloadAttachment(let uri): download(uri)
        case .chatClosed, .chatEnded: break
        }
    }

    /// The customer's data to the page, only when the entry point asks for it.
    private func sendCustomerData() {
        guard address.postsChatAttributes else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let json = (try? encoder.encode(configuration.customerData)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        callMobileInterface("OnCustomerDataReceived", argument: ("json", g_variant_new_string(json)), as: "json")
    }

    private func download(_ uri: String) {
        let delegate = delegate ?? defaults
        func fail(_ message: String) {
            delegate.chatTemplate(self, downloadFailed: UserFacingError(message: message, remedy: .dismiss))
        }
        guard let url = URL(string: uri), address.isSameOrigin(uri) else {
            return fail(localized("The file is not on the chat's server."))
        }
        guard let sessionID else { return fail(localized("The chat has not started yet.")) }
        guard let folder = downloadsFolder ?? ReceivedFilesFolder.url(for: configuration) else {
            return fail(localized("The Downloads folder cannot be made."))
        }
        let downloader = TemplateAttachmentDownload(access: ServerAccess(configuration: configuration))
        Task { [weak self] in
            do {
                let file = try await downloader.download(from: url, sessionID: sessionID, into: folder)
                guard let self else { return }
                (self.delegate ?? self.defaults).chatTemplate(self, downloaded: file)
            } catch {
                guard let self else { return }
                (self.delegate ?? self.defaults).chatTemplate(self, downloadFailed: UserFacingError(error))
            }
        }
    }
}

/// The delegate a view uses while the application sets none: every default.
@MainActor
private final class DefaultChatTemplateDelegate: ChatTemplateDelegate {}
