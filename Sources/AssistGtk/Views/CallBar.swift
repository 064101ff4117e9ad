import AssistCore
import CGtk

/// The bar across the support panel while there is a call: where it stands,
/// what the agent turned off, a red sign while the person's microphone or
/// camera is live, and Mute, Camera off and End call. Hidden otherwise.
@MainActor
public final class CallBar {
    /// The bar.
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// Called when the person presses Mute or Unmute.
    public var onToggleMicrophone: () -> Void = {}
    /// Called when the person presses Camera off or Camera on.
    public var onToggleCamera: () -> Void = {}
    /// Called when the person presses End call (or Cancel, for an ask).
    public var onHangUp: () -> Void = {}

    private let titleLabel: UnsafeMutablePointer<GtkWidget>
    private let detailLabel: UnsafeMutablePointer<GtkWidget>
    private let liveSign: UnsafeMutablePointer<GtkWidget>
    private let microphoneButton: UnsafeMutablePointer<GtkWidget>
    private let cameraButton: UnsafeMutablePointer<GtkWidget>
    private let hangUpButton: UnsafeMutablePointer<GtkWidget>

    /// A hidden bar.
    public init() {
        widget = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 6, classes: ["assist-call-bar"])
        g_object_ref_sink(widget)
        let icon = gtk_image_new_from_icon_name("call-start-symbolic")!
        gtk_widget_set_valign(icon, GTK_ALIGN_CENTER)
        titleLabel = Widgets.label("", classes: ["heading"], wrap: true)
        detailLabel = Widgets.label("", wrap: true)
        liveSign = Widgets.label("", classes: ["assist-live-sign"])
        gtk_widget_set_valign(liveSign, GTK_ALIGN_CENTER)
        let texts = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
        gtk_widget_set_hexpand(texts, 1)
        Widgets.append(texts, titleLabel, detailLabel)
        let header = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        Widgets.append(header, icon, texts, liveSign)
        microphoneButton = Widgets.button(localized("_Mute"))
        cameraButton = Widgets.button(localized("Camera _off"))
        hangUpButton = Widgets.button(localized("_End call"), classes: ["destructive-action"])
        let actions = Widgets.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        gtk_widget_set_halign(actions, GTK_ALIGN_END)
        Widgets.append(actions, microphoneButton, cameraButton, hangUpButton)
        Widgets.append(widget, header, actions)
        Widgets.setVisible(widget, false)
        SignalConnection.connect(microphoneButton, signal: "clicked") { [weak self] in self?.onToggleMicrophone() }
        SignalConnection.connect(cameraButton, signal: "clicked") { [weak self] in self?.onToggleCamera() }
        SignalConnection.connect(hangUpButton, signal: "clicked") { [weak self] in self?.onHangUp() }
    }

    isolated deinit {
        g_object_unref(widget)
    }

    /// Shows `indicator`, or hides the bar for `nil`.
    public func render(_ indicator: CallIndicator?) {
        guard let indicator else {
            Widgets.setVisible(widget, false)
            return
        }
        Widgets.setText(titleLabel, indicator.title)
        Widgets.setText(detailLabel, indicator.detail)
        Widgets.setVisible(detailLabel, !indicator.detail.isEmpty)
        Widgets.setText(liveSign, indicator.liveSign.isEmpty ? "" : "● \(indicator.liveSign)")
        Widgets.setVisible(liveSign, !indicator.liveSign.isEmpty)
        Accessibility.setLabel(liveSign, indicator.liveSign)
        setLabel(microphoneButton, indicator.microphoneLabel)
        setLabel(cameraButton, indicator.cameraLabel)
        setLabel(hangUpButton, indicator.hangUpLabel)
        Widgets.setVisible(microphoneButton, indicator.showsMicrophone)
        Widgets.setVisible(cameraButton, indicator.showsCamera)
        Widgets.setVisible(hangUpButton, indicator.showsHangUp)
        Widgets.setVisible(widget, true)
    }

    /// Whether the bar is shown.
    public var isShown: Bool { gtk_widget_get_visible(widget) != 0 }

    /// The text of the live sign, empty while nothing is captured.
    public var liveSignText: String { isShown && gtk_widget_get_visible(liveSign) != 0 ? Widgets.text(of: liveSign) : "" }

    /// The Mute / Unmute button.
    public var microphoneWidget: UnsafeMutablePointer<GtkWidget> { microphoneButton }
    /// The Camera off / Camera on button.
    public var cameraWidget: UnsafeMutablePointer<GtkWidget> { cameraButton }
    /// The End call (or Cancel) button.
    public var hangUpWidget: UnsafeMutablePointer<GtkWidget> { hangUpButton }

    private func setLabel(_ button: UnsafeMutablePointer<GtkWidget>, _ label: String) {
        gtk_button_set_label(GtkCast.pointer(button, to: GtkButton.self), label)
        Accessibility.setLabel(button, label)
    }
}
