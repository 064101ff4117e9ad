/// The agent's strokes over the shared window during one share, oldest
/// first, and the rules for when they go (`docs/protocol.md` §12.7).
public struct AnnotationBoard: Sendable, Hashable {
    /// The most strokes kept at once; drawing another drops the oldest.
    public static let capacity = 100

    /// The strokes on the window, oldest first.
    public private(set) var strokes: [AnnotationStroke] = []

    /// An empty board.
    public init() {}

    /// Whether nothing is drawn.
    public var isEmpty: Bool { strokes.isEmpty }

    /// Draws `stroke`, replacing one with the same id. Returns the ids of the
    /// strokes dropped to stay within ``capacity``.
    public mutating func draw(_ stroke: AnnotationStroke) -> [AnnotationID] {
        strokes.removeAll { $0.id == stroke.id }
        strokes.append(stroke)
        let excess = strokes.count - Self.capacity
        guard excess > 0 else { return [] }
        defer { strokes.removeFirst(excess) }
        return strokes.prefix(excess).map(\.id)
    }

    /// Takes every stroke off; returns their ids.
    public mutating func clear() -> [AnnotationID] {
        defer { strokes = [] }
        return strokes.map(\.id)
    }

    /// Fewer changed pixels than this in a tile are not a change of content:
    /// a blinking text cursor (1–2 pixels by 20) must not wipe the drawing.
    public static let minimumChangedPixels = 48

    /// The window's content changed in `tiles`: unless `keep`, every stroke
    /// whose bounds overlap the changed pixels of a tile where at least
    /// ``minimumChangedPixels`` changed goes. Returns the ids of those that went.
    public mutating func contentChanged(in tiles: [ChangedTile], keep: Bool) -> [AnnotationID] {
        let regions = tiles.filter { $0.changedPixels >= Self.minimumChangedPixels }.map(\.changedBounds)
        guard !keep, !regions.isEmpty else { return [] }
        var removed: [AnnotationID] = []
        strokes.removeAll { stroke in
            let bounds = stroke.bounds
            guard regions.contains(where: { $0.intersection(bounds) != nil }) else { return false }
            removed.append(stroke.id)
            return true
        }
        return removed
    }
}
