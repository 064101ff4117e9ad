import AssistCore
import CGtk

/// The bar across the top of the shared window while an agent sees it:
/// who sees it, what is covered, and "Stop sharing", which stops at once.
/// It is part of the shared picture, so the agent sees it too.
@MainActor
public final class SharingBar {
    /// The bar, hidden while nothing is shared (hidden, it also leaves the
    /// accessibility tree, so a screen reader no longer finds it).
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// Called when the person presses "Stop sharing".
    public var onStop: () -> Void = {}
    /// Called when the person presses "Take back control".
    public var onTakeBackControl: () -> Void = {}
    /// Called when the person presses "Clear drawing".
    public var onClearDrawings: () -> Void = {}

    private let titleLabel: UnsafeMutablePointer<GtkWidget>
    private let detailLabel: UnsafeMutablePointer<GtkWidget>
    private let stopButton: UnsafeMutablePointer<GtkWidget>
    private let takeBackButton: UnsafeMutablePointer<GtkWidget>
    private let clearDrawingsButton: UnsafeMutablePointer<GtkWidget>

    /// A hidden bar.
    public init() {
        widget = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6, classes: ["assist-sharing-bar"])
        g_object_ref_sink(widget)
        // The words above, the buttons in a row of their own below: however
        // narrow the window, the words keep their width and wrap by word.
        let icon = gtk_image_new_from_icon_name("video-display-symbolic")!
        gtk_widget_set_valign(icon, GTK_ALIGN_CENTER)
        titleLabel = Widgets.label("", classes: ["heading"], wrap: true)
        detailLabel = Widgets.label("", wrap: true)
        let texts = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
        gtk_widget_set_hexpand(texts, 1)
        Widgets.append(texts, titleLabel, detailLabel)
        stopButton = Widgets.button(localized("_Stop sharing"), classes: ["destructive-action"])
        gtk_widget_set_valign(stopButton, GTK_ALIGN_CENTER)
        takeBackButton = Widgets.button(localized("_Take back control"))
        gtk_widget_set_valign(takeBackButton, GTK_ALIGN_CENTER)
        Widgets.setVisible(takeBackButton, false)
        clearDrawingsButton = Widgets.button(localized("_Clear drawing"))
        gtk_widget_set_valign(clearDrawingsButton, GTK_ALIGN_CENTER)
        gtk_widget_set_sensitive(clearDrawingsButton, 0)
        Accessibility.setDescription(clearDrawingsButton, localized("Take the agent's drawing off this window"))
        let header = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        Widgets.append(header, icon, texts)
        let actions = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        gtk_widget_set_halign(actions, GTK_ALIGN_END)
        Widgets.append(actions, clearDrawingsButton, takeBackButton, stopButton)
        Widgets.append(widget, header, actions)
        Widgets.setVisible(widget, false)
        SignalConnection.connect(stopButton, signal: "clicked") { [weak self] in self?.onStop() }
        SignalConnection.connect(takeBackButton, signal: "clicked") { [weak self] in self?.onTakeBackControl() }
        SignalConnection.connect(clearDrawingsButton, signal: "clicked") { [weak self] in self?.onClearDrawings() }
    }

    isolated deinit {
        g_object_unref(widget)
    }

    /// Shows `indicator`, or hides the bar at once for `nil`.
    public func render(_ indicator: SharingIndicator?) {
        guard let indicator else {
            Widgets.setVisible(widget, false)
            return
        }
        Widgets.setText(titleLabel, indicator.title)
        Widgets.setText(detailLabel, indicator.detail)
        Accessibility.setDescription(stopButton, indicator.stopDescription)
        Widgets.setVisible(takeBackButton, indicator.showsControl)
        Widgets.setVisible(clearDrawingsButton, indicator.offersDrawing)
        gtk_widget_set_sensitive(clearDrawingsButton, indicator.canClearDrawing ? 1 : 0)
        if indicator.showsControl {
            gtk_widget_add_css_class(widget, "control")
        } else {
            gtk_widget_remove_css_class(widget, "control")
        }
        Widgets.setVisible(widget, true)
    }

    /// Whether the bar is shown.
    public var isShown: Bool { gtk_widget_get_visible(widget) != 0 }

    /// The "Stop sharing" button, for tests and keyboard focus.
    public var stopWidget: UnsafeMutablePointer<GtkWidget> { stopButton }

    /// The "Take back control" button, shown while the agent has control.
    public var takeBackWidget: UnsafeMutablePointer<GtkWidget> { takeBackButton }

    /// The "Clear drawing" button, which can be pressed while the agent's drawing is on the window.
    public var clearDrawingsWidget: UnsafeMutablePointer<GtkWidget> { clearDrawingsButton }
}
