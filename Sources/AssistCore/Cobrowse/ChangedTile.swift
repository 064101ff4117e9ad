/// A tile of the window whose pixels changed between two captures: how
/// many of its pixels did, and the smallest rectangle that holds them.
public struct ChangedTile: Sendable, Hashable {
    /// The tile, in window pixels.
    public var rect: PixelRect
    /// How many of its pixels differ; all of them when there was nothing to compare with.
    public var changedPixels: Int
    /// The smallest rectangle holding every pixel that differs, within ``rect``.
    public var changedBounds: PixelRect

    /// Creates a changed tile; `changedBounds` is the whole tile unless given.
    public init(rect: PixelRect, changedPixels: Int, changedBounds: PixelRect? = nil) {
        self.rect = rect
        self.changedPixels = changedPixels
        self.changedBounds = changedBounds ?? rect
    }
}
