import AssistCore
import AssistGtk
import CGtk
import CWebKit
import Foundation

/// A web page in the application's window that co-browse masks element by
/// element, as it masks widgets (the permissions seed's "Permissions in Web
/// Views", extended to frames of any origin).
///
/// Elements get permission markers with ``setWebPermissions(_:webElementId:)``
/// (in every frame, by element id); elements with the class
/// `assist-no-show`, with one of `rules`' hiding or masking tags as a class,
/// and password fields are covered whatever the agent's permissions. The
/// page's parts are children of ``widget`` for ``MaskPlan``: they inherit the
/// widget's marker, and a marked element inherits its nearest marked
/// ancestor's, across frames. The page is hidden whole until it has said
/// where its parts are, and after each change until it says so again. The
/// agent's clicks and text reach an element only when it is interactive.
@MainActor
public final class AssistWebView: EmbeddedContent {
    /// The web view, to put in a container; the wrapper holds a reference.
    public let widget: UnsafeMutablePointer<GtkWidget>

    private let view: UnsafeMutablePointer<WebKitWebView>
    private let contentManager: OpaquePointer
    private let tags: [String]
    private var markers: [String: String] = [:]
    private var state = WebPageState()
    private var inputTokens = InputTokens()
    private var handlers: [(instance: UnsafeMutableRawPointer, id: gulong)] = []

    /// A web view with an ephemeral network session (nothing of the page is
    /// kept on disk) whose pages report `rules`' hiding and masking tags.
    public init(rules: MaskingRules = MaskingRules()) {
        tags = rules.hidingTags.union(rules.maskingTags).sorted()
        let session = webkit_network_session_new_ephemeral()
        let content = webkit_user_content_manager_new()!
        let settings = webkit_settings_new()
        contentManager = content
        let made = assist_web_view_new(session, content, settings)!
        g_object_ref_sink(UnsafeMutableRawPointer(made))
        widget = made
        view = GtkCast.pointer(made, to: WebKitWebView.self)
        g_object_unref(UnsafeMutableRawPointer(session))
        g_object_unref(UnsafeMutableRawPointer(settings))
        installScript()
        connectSignals()
        EmbeddedContentRegistry.attach(self, to: made)
    }

    isolated deinit {
        for handler in handlers { g_signal_handler_disconnect(handler.instance, handler.id) }
        EmbeddedContentRegistry.detach(from: widget)
        g_object_unref(UnsafeMutableRawPointer(contentManager))
        g_object_unref(UnsafeMutableRawPointer(widget))
    }

    /// Loads `uri` (http, https or file).
    public func load(uri: String) {
        webkit_web_view_load_uri(view, uri)
    }

    /// Gives the element with id `webElementId`, in the page and in each of
    /// its frames, the permission marker `marker` (`nil` removes it). The
    /// marker holds for the web view's pages until
    /// ``resetAllWebPermissions()``, from the page's next report on.
    public func setWebPermissions(_ marker: String?, webElementId: String) {
        markers[webElementId] = marker
        sendConfiguration()
    }

    /// Removes every marker set with ``setWebPermissions(_:webElementId:)``.
    public func resetAllWebPermissions() {
        markers = [:]
        sendConfiguration()
    }

    // MARK: EmbeddedContent

    /// The page's parts in the widget's pixels, or concealed while unknown.
    public var sharedParts: EmbeddedParts {
        state.embeddedParts(widgetWidth: Int(gtk_widget_get_width(widget)))
    }

    /// Clicks the element under the point, in whichever frame it is.
    public func performAgentClick(x: Double, y: Double) {
        guard let parts = state.settledParts else { return }
        let point = parts.pagePoint(x: x, y: y, widgetWidth: Int(gtk_widget_get_width(widget)))
        let token = inputTokens.issue()
        evaluate("window.assistWebPage.click(\(point.x), \(point.y), \(Self.literal(token)))")
    }

    /// Types `text` into the focused element, in whichever frame it is.
    public func performAgentText(_ text: String) {
        let token = inputTokens.issue()
        evaluate("window.assistWebPage.type(\(Self.literal(text)), \(Self.literal(token)))")
    }

    // MARK: The page script and its messages

    private func installScript() {
        webkit_user_content_manager_register_script_message_handler(
            contentManager, PageScript.reportHandler, PageScript.world)
        webkit_user_content_manager_register_script_message_handler_with_reply(
            contentManager, PageScript.askHandler, PageScript.world)
        let script = webkit_user_script_new_for_world(
            PageScript.source, WEBKIT_USER_CONTENT_INJECT_ALL_FRAMES, WEBKIT_USER_SCRIPT_INJECT_AT_DOCUMENT_START,
            PageScript.world, nil, nil)
        webkit_user_content_manager_add_script(contentManager, script)
        webkit_user_script_unref(script)
    }

    private func connectSignals() {
        let manager = UnsafeMutableRawPointer(contentManager)
        handlers.append(
            (manager, SignalConnection.connectPointer(manager, signal: "script-message-received::\(PageScript.reportHandler)") {
                [weak self] value in self?.received(value)
            }))
        handlers.append(
            (manager, ScriptReplies.connect(manager, handler: PageScript.askHandler) { [weak self] value in
                self?.answer(value) ?? .refused
            }))
        let webView = UnsafeMutableRawPointer(view)
        handlers.append(
            (webView, SignalConnection.connectInt(webView, signal: "load-changed") { [weak self] event in
                if event == Int32(WEBKIT_LOAD_STARTED.rawValue) { self?.navigationStarted() }
            }))
        handlers.append(
            (webView, SignalConnection.connectInt(webView, signal: "web-process-terminated") { [weak self] _ in
                self?.navigationStarted()
            }))
    }

    private func navigationStarted() {
        state.navigationStarted()
        gtk_widget_queue_draw(widget)
    }

    /// A report from the page script; anything malformed is dropped, and
    /// the page stays as it was (concealed if it was).
    private func received(_ value: OpaquePointer?) {
        guard let text = ScriptReplies.string(of: value), let message = try? PageMessage(json: text) else { return }
        state.receive(message)
        // The window's picture changes with the masks: let co-browse capture again.
        gtk_widget_queue_draw(widget)
    }

    /// A question from the page script: its configuration, or whether an
    /// input token is good.
    private func answer(_ value: OpaquePointer?) -> ScriptReplies.Answer {
        guard let text = ScriptReplies.string(of: value), let question = try? PageQuestion(json: text) else {
            return .refused
        }
        switch question {
        case .configuration: return .text(configurationJSON(page: state.page))
        case .confirm(let token): return .boolean(inputTokens.redeem(token))
        }
    }

    private func sendConfiguration() {
        evaluate("window.assistWebPage && window.assistWebPage.configure(\(Self.literal(configurationJSON(page: state.page))))")
    }

    private func configurationJSON(page: Int) -> String {
        struct Configuration: Encodable {
            var markers: [String: String]
            var tags: [String]
            var page: Int
        }
        let encoded = try? JSONEncoder().encode(Configuration(markers: markers, tags: tags, page: page))
        return encoded.map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// Runs `script` in the top frame's isolated world; its result is not needed.
    private func evaluate(_ script: String) {
        webkit_web_view_evaluate_javascript(view, script, -1, PageScript.world, nil, nil, nil, nil)
    }

    /// `text` as a JavaScript string literal (JSON's string syntax).
    private static func literal(_ text: String) -> String {
        let encoded = try? JSONEncoder().encode([text])
        let array = encoded.map { String(decoding: $0, as: UTF8.self) } ?? "[\"\"]"
        return String(array.dropFirst().dropLast())
    }
}
