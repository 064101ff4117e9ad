import AssistCore
import AssistGtk
import AssistWeb
import CGtk
import CWebKit
import Foundation
import Testing

/// What a ``ChatTemplateView`` told its delegate, and the dialogs, browser
/// launches and pushed pages it asked for, recorded for the tests.
@MainActor
final class TemplateRecorder: ChatTemplateDelegate, ScriptDialogPresenter {
    var messages: [ChatTemplateMessage] = []
    var saved: [TemplateTranscript] = []
    var printed: [TemplateTranscript] = []
    var downloaded: [URL] = []
    var failures: [String] = []
    var alerts: [(message: String, done: @MainActor () -> Void)] = []
    var confirms: [(message: String, answer: @MainActor (Bool) -> Void)] = []
    var launched: [String] = []
    var pushed: [PushedPageWindow] = []

    func chatTemplate(_ view: ChatTemplateView, received message: ChatTemplateMessage) { messages.append(message) }
    func chatTemplate(_ view: ChatTemplateView, saveTranscript transcript: TemplateTranscript) { saved.append(transcript) }
    func chatTemplate(_ view: ChatTemplateView, printTranscript transcript: TemplateTranscript) { printed.append(transcript) }
    func chatTemplate(_ view: ChatTemplateView, downloaded file: URL) { downloaded.append(file) }
    func chatTemplate(_ view: ChatTemplateView, downloadFailed error: UserFacingError) { failures.append(error.message) }

    func alert(_ message: String, over parent: UnsafeMutablePointer<GtkWindow>?, done: @escaping @MainActor () -> Void) {
        alerts.append((message, done))
    }

    func confirm(_ message: String, over parent: UnsafeMutablePointer<GtkWindow>?, answer: @escaping @MainActor (Bool) -> Void) {
        confirms.append((message, answer))
    }
}

/// A window showing the stand-in template (``TemplatePages``) from a
/// two-origin site in a ``ChatTemplateView`` wired to a ``TemplateRecorder``.
@MainActor
struct TemplateHarness {
    let site: TwoOriginSite
    let window: UnsafeMutablePointer<GtkWidget>
    let chat: ChatTemplateView
    let recorder = TemplateRecorder()
    let downloads: URL

    /// The harness for the entry point with `query`, and `customerData`.
    init(query: String = "entryPointId=support", customerData: [String: String] = [:]) throws {
        gtk_init()
        site = try TwoOriginSite(pages: TemplatePages.all)
        var configuration = Configuration()
        configuration.chatTemplateURL = "\(site.url(TemplatePages.entry))?\(query)"
        configuration.customerData = customerData
        chat = try #require(ChatTemplateView(configuration: configuration))
        downloads = FileManager.default.temporaryDirectory.appendingPathComponent("assist-template-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: downloads, withIntermediateDirectories: true)
        chat.downloadsFolder = downloads
        chat.delegate = recorder
        chat.dialogPresenter = recorder
        chat.openInBrowser = { [recorder] in recorder.launched.append($0) }
        chat.openPushedPage = { [recorder] in recorder.pushed.append(PushedPageWindow.open($0, over: nil)) }
        window = gtk_window_new()
        gtk_window_set_default_size(GtkCast.pointer(window), 800, 600)
        gtk_window_set_child(GtkCast.pointer(window), chat.widget)
        gtk_window_present(GtkCast.pointer(window))
        chat.load()
    }

    /// Waits until the page has loaded and said whether it found the bridge.
    func waitUntilReady() -> Bool {
        WebHarness.iterate(for: .seconds(20)) { title.hasPrefix("ready:") && webkit_web_view_is_loading(view) == 0 }
    }

    /// Closes the windows and removes the downloads folder.
    func close() {
        for pushed in recorder.pushed { gtk_window_destroy(GtkCast.pointer(pushed.window)) }
        gtk_window_destroy(GtkCast.pointer(window))
        WebHarness.iterate(for: .milliseconds(50))
        try? FileManager.default.removeItem(at: downloads)
    }

    var view: UnsafeMutablePointer<WebKitWebView> { GtkCast.pointer(chat.webView, to: WebKitWebView.self) }

    /// The page's title: its log of what the app did.
    var title: String { webkit_web_view_get_title(view).map { String(cString: $0) } ?? "" }

    /// Runs `script` in the page's own world, as the template's scripts would.
    func runPageScript(_ script: String) {
        webkit_web_view_evaluate_javascript(view, script, -1, nil, nil, nil, nil, nil)
    }

    /// Waits until `condition` holds (or 60 s pass), suspending between
    /// turns of GLib's loop so that main-actor tasks (a download's) run too:
    /// under `swift test` they run only when the test suspends, and another
    /// suite's synchronous GTK test may hold the main actor for seconds.
    func settle(until condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: .seconds(60))
        while ContinuousClock.now < deadline {
            if condition() { return true }
            while g_main_context_iteration(nil, 0) != 0 {}
            try? await Task.sleep(for: .milliseconds(2))
        }
        return condition()
    }

    /// Waits until `condition` holds (or 10 s pass).
    @discardableResult
    func wait(until condition: () -> Bool) -> Bool {
        WebHarness.iterate(for: .seconds(10), until: condition)
    }
}
