import AssistCore
import AssistGtk
import AssistWeb
import CGtk
import CWebKit
import Foundation

/// What a web view costs the app, each against a baseline of the same run:
/// - the chat template's first paint in the app's ``ChatTemplateView``,
///   served by the release `assist-server`, against a one-line page served by
///   the same route, loaded alternately, each in a new view and window;
/// - `assist-desktop`'s memory in template mode against its native chat,
///   launched alternately, with the processes WebKit starts counted;
/// - co-browse capture with masks of an 800 × 600 web view showing the
///   support form as a page, against the same form as GTK widgets
///   (``CobrowseBenchWindow``), taken alternately.
@MainActor
enum WebViewBenchmark {
    /// Loads of each page counted (after one warm-up of each).
    static let loads = 15
    /// Launches of each mode of the app counted (after one warm-up of each).
    static let launches = 5
    /// How long after its first frame the app's memory is read: time for
    /// WebKit's processes to start and the template to load and paint.
    nonisolated static let settle = Duration.seconds(5)
    /// Captures of each window counted (after five warm-ups of each).
    static let captures = 60

    /// Runs the benchmark with the release `server` and `app`; `nil` without a display.
    static func run(server executable: URL, app: URL) async throws -> WebViewResult? {
        guard gtk_init_check() != 0 else { return nil }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("assist-bench-web-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let templates = try templatesFolder(in: directory)
        let server = try await ChildProcess.start(
            executable,
            arguments: [
                "--host", "127.0.0.1", "--port", "0", "--database", directory.appendingPathComponent("assist.sqlite").path,
                "--console-directory", "data/console", "--templates-directory", templates.path, "--log-level", "warning",
            ],
            logFile: directory.appendingPathComponent("assist-server.log"))
        do {
            let template = "\(server.url)/system/templates/chat/assist/index.html?entryPointId=support"
            let paints = try firstPaints(template: template, minimal: "\(server.url)/system/templates/chat/minimal/index.html")
            let memory = try appMemory(app: app, server: server.url, template: template)
            let capture = try captures(in: directory)
            await server.stop()
            return WebViewResult(
                templatePaint: paints.template, minimalPaint: paints.minimal, nativeApp: memory.native,
                templateApp: memory.template, webCapture: capture.web, widgetCapture: capture.widgets)
        } catch {
            await server.stop()
            throw error
        }
    }

    /// A templates folder with the repository's template `assist` and the
    /// one-line page as template `minimal`.
    private static func templatesFolder(in directory: URL) throws -> URL {
        let chat = directory.appendingPathComponent("templates/chat")
        try FileManager.default.createDirectory(at: chat.appendingPathComponent("minimal"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: URL(fileURLWithPath: "data/templates/chat/assist"), to: chat.appendingPathComponent("assist"))
        try WebBenchPage.minimal.write(to: chat.appendingPathComponent("minimal/index.html"), atomically: true, encoding: .utf8)
        return directory.appendingPathComponent("templates")
    }

    // MARK: First paint

    private static func firstPaints(template: String, minimal: String) throws -> (template: LatencySample, minimal: LatencySample) {
        var templateSample = LatencySample()
        var minimalSample = LatencySample()
        for index in 0..<(loads + 1) {
            let templateTime = try firstPaint(of: template)
            let minimalTime = try firstPaint(of: minimal)
            guard index > 0 else { continue }
            templateSample.record(templateTime)
            minimalSample.record(minimalTime)
        }
        return (templateSample, minimalSample)
    }

    /// From asking a new ``ChatTemplateView`` in a new 800 × 600 window to
    /// load `address` to the page's first contentful paint.
    private static func firstPaint(of address: String) throws -> Duration {
        var configuration = Configuration()
        configuration.chatTemplateURL = address
        guard let view = ChatTemplateView(configuration: configuration) else { throw WebViewBenchmarkError.address(address) }
        let window = presentedWindow(with: view.widget)
        defer { close(window) }
        let probe = FirstPaintProbe(view: GtkCast.pointer(view.webView, to: WebKitWebView.self))
        let asked = FirstPaintProbe.now
        view.load()
        MainContext.iterate(for: .seconds(20)) { probe.paintedAt != nil }
        guard let painted = probe.paintedAt else { throw WebViewBenchmarkError.noFirstPaint(address) }
        return .nanoseconds(Int64((painted - asked) * 1_000_000))
    }

    // MARK: The app's memory

    private static func appMemory(
        app: URL, server: String, template: String
    ) throws -> (native: [ProcessTreeMemory], template: [ProcessTreeMemory]) {
        var native: [ProcessTreeMemory] = []
        var templateMode: [ProcessTreeMemory] = []
        for index in 0..<(launches + 1) {
            let nativeLaunch = try DesktopStartBenchmark.launch(
                app, arguments: ["--server", server], gl: .gtkDefault, settle: settle)
            let templateLaunch = try DesktopStartBenchmark.launch(
                app, arguments: ["--server", server, "--chat-url", template], gl: .gtkDefault, settle: settle)
            guard index > 0 else { continue }
            native.append(nativeLaunch.tree)
            templateMode.append(templateLaunch.tree)
        }
        return (native, templateMode)
    }

    // MARK: Capture

    private static func captures(in directory: URL) throws -> (web: WebViewResult.Capture, widgets: WebViewResult.Capture) {
        let page = directory.appendingPathComponent("form.html")
        try WebBenchPage.html.write(to: page, atomically: true, encoding: .utf8)
        let web = AssistWebView()
        web.setWebPermissions(WebBenchPage.markedElement.marker, webElementId: WebBenchPage.markedElement.id)
        let webWindow = presentedWindow(with: web.widget)
        defer { close(webWindow) }
        web.load(uri: page.absoluteString)
        let view = GtkCast.pointer(web.widget, to: WebKitWebView.self)
        MainContext.iterate(for: .seconds(20)) { webkit_web_view_is_loading(view) == 0 && web.sharedParts != .concealed }
        guard web.sharedParts != .concealed else { throw WebViewBenchmarkError.noParts }
        MainContext.iterate(for: .milliseconds(500))
        let scene = CobrowseBenchWindow()
        scene.present()
        defer { close(scene.window) }

        let permissions = AgentPermissions(viewable: ["default"], interactive: ["default"])
        let webCapture = CobrowseCapture(window: webWindow, permissions: permissions, rules: MaskingRules())
        let widgetCapture = CobrowseCapture(window: scene.window, permissions: permissions, rules: MaskingRules())
        var webTimes = CaptureTimes()
        var widgetTimes = CaptureTimes()
        for _ in 0..<(captures + 5) {
            webTimes.take(webCapture)
            widgetTimes.take(widgetCapture)
        }
        guard web.sharedParts != .concealed else { throw WebViewBenchmarkError.noParts }
        return (webTimes.result(droppingFirst: 5), widgetTimes.result(droppingFirst: 5))
    }

    /// The timings of one window's captures.
    private struct CaptureTimes {
        var captureAndMask = LatencySample()
        var keyframe = LatencySample()
        var bytes = 0
        var size = (width: 0, height: 0)

        /// One keyframe: masks decided, the window rendered with them, tiles encoded.
        @MainActor
        mutating func take(_ capture: CobrowseCapture) {
            let clock = ContinuousClock()
            capture.requestKeyframe()
            var pixels: PixelBuffer?
            let masked = clock.measure { pixels = capture.render(capture.plan(for: capture.widgets())) }
            guard let pixels else { return }
            var encoded: [UInt8] = []
            let encoding = clock.measure {
                if let frame = try? capture.tiles(of: pixels, keyframe: true) { encoded = CobrowseFrameCodec.encode(frame) }
            }
            captureAndMask.record(masked)
            keyframe.record(masked + encoding)
            bytes = encoded.count
            size = (pixels.width, pixels.height)
        }

        func result(droppingFirst count: Int) -> WebViewResult.Capture {
            WebViewResult.Capture(
                captureAndMask: captureAndMask.droppingFirst(count), keyframe: keyframe.droppingFirst(count),
                keyframeBytes: bytes, width: size.width, height: size.height)
        }
    }

    // MARK: Windows

    private static func presentedWindow(with child: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<GtkWidget> {
        let window = gtk_window_new()!
        gtk_window_set_default_size(GtkCast.pointer(window), 800, 600)
        gtk_window_set_child(GtkCast.pointer(window), child)
        gtk_window_present(GtkCast.pointer(window))
        MainContext.iterate(for: .seconds(5)) { gtk_widget_get_width(window) > 0 && gtk_widget_get_mapped(window) != 0 }
        return window
    }

    private static func close(_ window: UnsafeMutablePointer<GtkWidget>) {
        gtk_window_destroy(GtkCast.pointer(window))
        MainContext.iterate(for: .milliseconds(100))
    }
}

/// Why the web view benchmark could not measure.
enum WebViewBenchmarkError: Error, CustomStringConvertible {
    case address(String)
    case noFirstPaint(String)
    case noParts

    var description: String {
        switch self {
        case .address(let address): "\(address) is not a chat template address the view accepts"
        case .noFirstPaint(let address): "\(address) did not paint within 20 s"
        case .noParts: "the benchmark page never said where its parts are, so the web view stayed concealed"
        }
    }
}
