import AssistGtk
import CGstreamer
public import CGtk

/// A widget showing one video stream of a call — the agent's video or the
/// person's self-view — the app places where it wants.
///
/// Frames arrive on the main thread, newest only; each replaces the picture
/// shown. The widget keeps the last frame until ``clear()``.
@MainActor
public final class CallVideoView {
    /// The picture (a `GtkPicture`).
    public let widget: UnsafeMutablePointer<GtkWidget>
    /// How many frames have been shown since the view was made.
    public private(set) var framesShown = 0
    /// The moment reported when the first frame is shown (``MomentReporter``).
    private let firstFrameMoment: String?

    /// An empty view, keeping the frame's aspect ratio inside whatever room
    /// it is given; `firstFrameMoment` names the moment its first frame
    /// reports to a benchmark, if any.
    public init(accessibleLabel: String, firstFrameMoment: String? = nil) {
        self.firstFrameMoment = firstFrameMoment
        widget = gtk_picture_new()
        g_object_ref_sink(widget)
        gtk_picture_set_content_fit(GtkCast.opaque(widget), GTK_CONTENT_FIT_CONTAIN)
        gtk_picture_set_can_shrink(GtkCast.opaque(widget), 1)
        assist_accessible_set_label(GtkCast.opaque(widget), accessibleLabel)
    }

    isolated deinit {
        g_object_unref(widget)
    }

    /// The frame shown now, as the texture's pixel size, or `nil` when empty.
    public var frameSize: (width: Int, height: Int)? {
        guard let paintable = gtk_picture_get_paintable(GtkCast.opaque(widget)) else { return nil }
        return (Int(gdk_paintable_get_intrinsic_width(paintable)), Int(gdk_paintable_get_intrinsic_height(paintable)))
    }

    /// Removes the picture.
    public func clear() {
        gtk_picture_set_paintable(GtkCast.opaque(widget), nil)
    }

    /// Shows `frame` in place of the previous one.
    func show(_ frame: VideoSample) {
        guard let texture = VideoTexture.make(from: frame) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        gtk_picture_set_paintable(GtkCast.opaque(widget), texture)
        framesShown += 1
        if framesShown == 1, let firstFrameMoment { MomentReporter.report(firstFrameMoment) }
    }
}
