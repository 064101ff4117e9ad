import AssistCore
import CGtk
import Foundation

/// The agent's video during a call, in a window of its own (the seed's
/// "agent window"): the agent large, the person's camera small in a corner.
/// Kept above other windows when the configuration asks
/// (`isAgentWindowOnTop`, ``WindowStacking``).
///
/// Being its own window, it is never part of the co-browse picture of the
/// app's window; its videos also carry `assist-no-show`, so they stay
/// hidden if an application moves them into a shared window.
@MainActor
public final class AgentVideoWindow {
    /// The window.
    public let widget: UnsafeMutablePointer<GtkWidget>

    /// A window titled for `agentName` showing `remoteVideo`, with
    /// `selfView` in its corner when given.
    public init(
        agentName: String, remoteVideo: UnsafeMutablePointer<GtkWidget>, selfView: UnsafeMutablePointer<GtkWidget>?,
        keepAbove: Bool
    ) {
        widget = gtk_window_new()!
        g_object_ref_sink(widget)
        let window = GtkCast.pointer(widget, to: GtkWindow.self)
        let name = agentName.trimmingCharacters(in: .whitespaces).isEmpty ? localized("the agent") : agentName
        gtk_window_set_title(window, localized("Video call with {name}", ["name": name]))
        gtk_window_set_default_size(window, 480, 360)
        Widgets.addClasses(widget, ["assist-agent-video"])
        let overlay = gtk_overlay_new()!
        Self.keepOutOfSharing(remoteVideo)
        gtk_widget_set_hexpand(remoteVideo, 1)
        gtk_widget_set_vexpand(remoteVideo, 1)
        gtk_overlay_set_child(GtkCast.opaque(overlay), remoteVideo)
        if let selfView {
            Self.keepOutOfSharing(selfView)
            Widgets.addClasses(selfView, ["assist-self-view"])
            gtk_overlay_add_overlay(GtkCast.opaque(overlay), selfView)
            // A picture asks for its video's full size; the corner gets a quarter of the window's width.
            SignalConnection.connectChildPosition(overlay) { child, width, height in
                guard child == selfView else { return nil }
                let cornerWidth = max(width / 4, 96)
                let cornerHeight = cornerWidth * 3 / 4
                return GdkRectangle(
                    x: width - cornerWidth - Self.cornerMargin, y: height - cornerHeight - Self.cornerMargin,
                    width: cornerWidth, height: cornerHeight)
            }
        }
        gtk_window_set_child(window, overlay)
        if keepAbove { WindowStacking.keepAboveWhenMapped(window) }
    }

    /// Pixels between the self-view and the window's edges.
    private static let cornerMargin: Int32 = 8

    isolated deinit {
        g_object_unref(widget)
    }

    /// Marks a call's video so that no co-browse picture ever shows it, even
    /// in a shared window: it is hidden like any `assist-no-show` widget.
    public static func keepOutOfSharing(_ video: UnsafeMutablePointer<GtkWidget>) {
        Widgets.addClasses(video, [MaskingRules.noShowClass])
    }

    /// Shows the window.
    public func present() {
        gtk_window_present(GtkCast.pointer(widget, to: GtkWindow.self))
    }

    /// Closes the window; its videos are let go.
    public func close() {
        gtk_window_destroy(GtkCast.pointer(widget, to: GtkWindow.self))
    }
}
