import AssistCore
import CGtk

/// Turns a window into co-browse frames for one agent: reads the widget
/// tree, decides the masks with the agent's permissions
/// (``MaskPlan``), renders only what the agent may see (``WindowCapture``),
/// and keeps the tiles that changed (``FrameTiler``), PNG-encoded.
///
/// Each step is public so a benchmark can time it; ``frame(keyframe:)`` runs
/// them all.
@MainActor
public final class CobrowseCapture {
    /// The agent's permissions, which decide what is masked.
    public var permissions: AgentPermissions
    /// The configuration's tags and mask colour.
    public let rules: MaskingRules
    /// The agent's strokes over the window: left out of every frame, which
    /// shows what is under them.
    public weak var annotationLayer: AnnotationLayer?

    private let window: UnsafeMutablePointer<GtkWidget>
    private let capture: WindowCapture
    private var tiler = FrameTiler()

    /// A capture of `window` for an agent with `permissions`.
    public init(window: UnsafeMutablePointer<GtkWidget>, permissions: AgentPermissions, rules: MaskingRules) {
        self.window = window
        self.permissions = permissions
        self.rules = rules
        capture = WindowCapture(window: window)
    }

    /// The window's widgets as masking sees them, the window first.
    public func widgets() -> [SharedWidget] {
        reader.read(window).map(\.shared)
    }

    /// What the agent gets of `widgets`: the masks and what each widget is to it.
    public func plan(for widgets: [SharedWidget]) -> MaskPlan {
        let (width, height) = capture.size
        return MaskPlan.make(
            widgets: widgets, permissions: permissions, rules: rules,
            window: PixelRect(x: 0, y: 0, width: width, height: height))
    }

    /// The window rendered as `plan` lets the agent see it, without the
    /// annotation layer; `nil` while it is not drawn.
    public func render(_ plan: MaskPlan) -> PixelBuffer? {
        capture.render(plan, leavingOut: annotationLayer?.parts)
    }

    /// The tiles whose pixels changed between the last two captures (what
    /// the content under the agent's strokes did, see
    /// ``FrameTiler/lastChangedTiles``).
    public var changedTiles: [ChangedTile] { tiler.lastChangedTiles }

    /// The next frame from `pixels`: the tiles that changed (all of them for
    /// a keyframe), or `nil` when nothing changed.
    ///
    /// - Throws: ``CobrowseCaptureError/encodingFailed`` when GTK could not
    ///   encode a tile; the frame after is then a keyframe.
    public func tiles(of pixels: PixelBuffer, keyframe: Bool = false) throws(CobrowseCaptureError) -> CobrowseFrame? {
        do {
            return try tiler.frame(of: pixels, keyframe: keyframe) { buffer, rects in
                let payloads = PNGTileEncoder.encode(buffer, rects)
                if payloads.contains(where: \.isEmpty) { throw CobrowseCaptureError.encodingFailed }
                return payloads
            }
        } catch {
            tiler.requestKeyframe()
            throw .encodingFailed
        }
    }

    /// Every step at once: the next frame of the window, or `nil` when it is
    /// not drawn or nothing changed.
    public func frame(keyframe: Bool = false) throws(CobrowseCaptureError) -> CobrowseFrame? {
        guard let pixels = render(plan(for: widgets())) else { return nil }
        return try tiles(of: pixels, keyframe: keyframe)
    }

    /// What each drawn widget, and each part of embedded content, is to the agent now.
    func sharedAccess() -> SharedAccess {
        let entries = reader.read(window)
        let plan = plan(for: entries.map(\.shared))
        var access = SharedAccess()
        for (entry, decided) in zip(entries, plan.access) {
            if entry.isEmbeddedPart {
                guard let bounds = entry.shared.bounds else { continue }
                access.parts[entry.widget, default: []].append((bounds, decided))
            } else if access.byWidget[entry.widget] == nil {
                access.byWidget[entry.widget] = decided
            }
        }
        return access
    }

    /// Makes the next frame a keyframe (a new viewer, a reconnection, or a
    /// frame that could not be sent).
    public func requestKeyframe() {
        tiler.requestKeyframe()
    }

    private var reader: SharedWindowReader {
        SharedWindowReader(excluded: annotationLayer?.parts.map { [$0.area] } ?? [])
    }
}

/// What the agent may do with the drawn widgets of a window and with the
/// parts of their embedded content.
struct SharedAccess {
    /// Each drawn widget's access.
    var byWidget: [UnsafeMutablePointer<GtkWidget>: ElementAccess] = [:]
    /// The parts of each widget's embedded content, in window pixels, in
    /// the order read: a later part lies inside or over an earlier one.
    var parts: [UnsafeMutablePointer<GtkWidget>: [(bounds: PixelRect, access: ElementAccess)]] = [:]

    /// What the point (window pixels) is to the agent inside `widget`'s
    /// embedded content: masked when any part holding it is (a mask is drawn
    /// over it), else the access of the last part read that holds it, else
    /// the widget's own; masked when none is known.
    func access(at x: Int, _ y: Int, inContentOf widget: UnsafeMutablePointer<GtkWidget>) -> ElementAccess {
        let holding = (parts[widget] ?? []).filter { $0.bounds.contains(x: x, y: y) }
        if holding.contains(where: { $0.access == .masked }) { return .masked }
        return holding.last?.access ?? byWidget[widget] ?? .masked
    }
}

/// Why a co-browse frame could not be made.
public enum CobrowseCaptureError: Error, Sendable, Hashable {
    /// GTK could not encode a tile as PNG.
    case encodingFailed
}
