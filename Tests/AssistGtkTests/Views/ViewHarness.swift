import AssistGtk
import CGtk
import Foundation

/// Puts views on screen for tests, finds widgets inside them, and saves
/// what they look like.
@MainActor
enum ViewHarness {
    /// The app's style sheet, next to the package's sources.
    static let styleSheetPath = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("data/assist.css").path

    /// Initialises GTK and applies the style sheet, once.
    static func start() {
        gtk_init()
        if !styleApplied {
            try? StyleSheet.load(path: styleSheetPath)
            styleApplied = true
        }
    }

    private static var styleApplied = false

    /// Runs GLib's main context until `condition` holds or `timeout` passes.
    static func iterate(for timeout: Duration = .milliseconds(300), until condition: () -> Bool = { false }) {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while !condition(), ContinuousClock.now < deadline {
            while g_main_context_iteration(nil, 0) != 0 {}
            usleep(2_000)
        }
    }

    /// Runs GLib's main context and Swift's main actor together for
    /// `duration`, or until `condition` holds: for code that awaits.
    ///
    /// The wait ends only once `duration` has passed *and* it has had as
    /// many turns of its own as `duration` holds at 15 ms a turn. While it
    /// sleeps between turns, other tests hold the main thread; on a loaded
    /// machine they held it for longer than a whole wait, which then gave
    /// up after one turn.
    static func run(for duration: Duration, until condition: () -> Bool = { false }) async {
        let deadline = ContinuousClock.now.advanced(by: duration)
        let turns = Int(duration / .milliseconds(15))
        var turn = 0
        while !condition(), ContinuousClock.now < deadline || turn < turns {
            iterate(for: .milliseconds(10))
            try? await Task.sleep(for: .milliseconds(5))
            turn += 1
        }
    }

    /// Adds `css` to the display above the app's style sheet, once per text.
    static func addStyle(_ css: String) {
        guard !addedStyles.contains(css), let display = gdk_display_get_default() else { return }
        addedStyles.insert(css)
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(
            display, GtkCast.opaque(provider), UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION) + 1)
    }

    private static var addedStyles: Set<String> = []

    /// A window of `width` × `height` showing `widget`, presented and drawn.
    static func window(
        showing widget: UnsafeMutablePointer<GtkWidget>, width: Int32 = 480, height: Int32 = 640
    ) -> UnsafeMutablePointer<GtkWidget> {
        let window = gtk_window_new()!
        gtk_window_set_default_size(GtkCast.pointer(window), width, height)
        gtk_window_set_child(GtkCast.pointer(window), widget)
        present(window)
        return window
    }

    /// Presents `window` and runs the main context until it has been drawn.
    static func present(_ window: UnsafeMutablePointer<GtkWidget>) {
        gtk_window_present(GtkCast.pointer(window))
        iterate(for: .seconds(3)) { gtk_widget_get_width(window) > 0 && gtk_widget_get_mapped(window) != 0 }
        iterate(for: .milliseconds(200))
    }

    /// Saves what `window` shows as `/tmp/views/<name>.png`; returns whether
    /// a picture was written.
    @discardableResult
    static func screenshot(_ window: UnsafeMutablePointer<GtkWidget>, name: String) -> Bool {
        let width = gtk_widget_get_width(window)
        let height = gtk_widget_get_height(window)
        guard width > 0, height > 0, let renderer = gtk_native_get_renderer(GtkCast.opaque(window)) else {
            return false
        }
        let paintable = gtk_widget_paintable_new(window)!
        defer { g_object_unref(UnsafeMutableRawPointer(paintable)) }
        let snapshot = gtk_snapshot_new()!
        gdk_paintable_snapshot(paintable, snapshot, Double(width), Double(height))
        guard let node = gtk_snapshot_free_to_node(snapshot) else { return false }
        defer { gsk_render_node_unref(node) }
        var viewport = graphene_rect_t(
            origin: graphene_point_t(x: 0, y: 0), size: graphene_size_t(width: Float(width), height: Float(height)))
        let texture = gsk_renderer_render_texture(renderer, node, &viewport)!
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        try? FileManager.default.createDirectory(atPath: "/tmp/views", withIntermediateDirectories: true)
        return gdk_texture_save_to_png(texture, "/tmp/views/\(name).png") != 0
    }

    /// Every widget inside `widget`, depth first, `widget` excluded.
    static func descendants(of widget: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var found: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            found.append(current)
            found += descendants(of: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return found
    }

    /// The labels of the buttons inside `widget` that are visible, in order.
    static func buttonLabels(in widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
        descendants(of: widget)
            .filter { isButton($0) && gtk_widget_get_visible($0) != 0 }
            .compactMap { gtk_button_get_label(GtkCast.pointer($0)).map { String(cString: $0) } }
    }

    /// Whether `widget` is a GtkButton (or a subclass).
    static func isButton(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        g_type_check_instance_is_a(GtkCast.pointer(widget), gtk_button_get_type()) != 0
    }

    /// The texts of the labels inside `widget`, depth first.
    static func labelTexts(in widget: UnsafeMutablePointer<GtkWidget>) -> [String] {
        descendants(of: widget)
            .filter { g_type_check_instance_is_a(GtkCast.pointer($0), gtk_label_get_type()) != 0 }
            .map(text)
    }

    /// The text of a label widget.
    static func text(_ label: UnsafeMutablePointer<GtkWidget>) -> String {
        Widgets.text(of: label)
    }
}
