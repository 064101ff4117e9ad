import AssistCore
import CGtk

/// Content a widget draws by itself whose parts carry permission markers and
/// tags of their own — a web page's elements — so that co-browse masks them
/// and guards the agent's input on them exactly as it does widgets.
///
/// A widget gets its content with ``EmbeddedContentRegistry/attach(_:to:)``.
/// Co-browse then reads the content's parts as children of the widget, and
/// the same ``MaskPlan`` decides what each is to the agent.
@MainActor
public protocol EmbeddedContent: AnyObject {
    /// The parts as co-browse must read them now.
    var sharedParts: EmbeddedParts { get }

    /// Performs the agent's click at a point of the widget (widget pixels).
    /// Called only when the part there is interactive to the agent.
    func performAgentClick(x: Double, y: Double)

    /// Types the agent's text into the element holding the keyboard focus.
    /// Called only when that element is interactive to the agent.
    func performAgentText(_ text: String)
}

/// What embedded content shows, as co-browse reads it.
public enum EmbeddedParts: Sendable, Hashable {
    /// Where its parts are is not known now (before the content first
    /// reported them, or while a change is on its way): the whole widget is
    /// hidden from the agent, and takes none of its input.
    case concealed
    /// The parts, parents before children. A part's `parent` is the index of
    /// an earlier part, or `nil` for a part directly inside the widget; its
    /// bounds are in the widget's pixels. `focus` is the element with the
    /// keyboard focus that takes text, if any, in the widget's pixels.
    case known(parts: [SharedWidget], focus: PixelRect?)
}

/// Keeps the embedded content of widgets, on the widget itself (GObject
/// data): a widget is asked for its content wherever it is in the tree, and
/// the registration goes with the widget. The content is held weakly.
@MainActor
public enum EmbeddedContentRegistry {
    private static let key = "assist-embedded-content"

    /// Makes `content` the embedded content of `widget`, replacing any other.
    public static func attach(_ content: any EmbeddedContent, to widget: UnsafeMutablePointer<GtkWidget>) {
        let box = Unmanaged.passRetained(WeakContent(content)).toOpaque()
        let release: GDestroyNotify = { pointer in
            guard let pointer else { return }
            Unmanaged<WeakContent>.fromOpaque(pointer).release()
        }
        g_object_set_data_full(GtkCast.pointer(widget, to: GObject.self), key, box, release)
    }

    /// Removes the embedded content of `widget`.
    public static func detach(from widget: UnsafeMutablePointer<GtkWidget>) {
        g_object_set_data(GtkCast.pointer(widget, to: GObject.self), key, nil)
    }

    /// The embedded content of `widget`, if it has one still alive.
    public static func content(of widget: UnsafeMutablePointer<GtkWidget>) -> (any EmbeddedContent)? {
        guard let pointer = g_object_get_data(GtkCast.pointer(widget, to: GObject.self), key) else { return nil }
        return Unmanaged<WeakContent>.fromOpaque(pointer).takeUnretainedValue().content
    }
}

/// Holds embedded content weakly while GLib holds the box.
private final class WeakContent {
    weak var content: (any EmbeddedContent)?

    init(_ content: any EmbeddedContent) {
        self.content = content
    }
}
