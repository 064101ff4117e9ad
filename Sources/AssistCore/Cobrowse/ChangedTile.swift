/// A tile of the window whose pixels changed between two captures, and how
/// many of its pixels did.
public struct ChangedTile: Sendable, Hashable {
    /// The tile, in window pixels.
    public var rect: PixelRect
    /// How many of its pixels differ; all of them when there was nothing to compare with.
    public var changedPixels: Int

    /// Creates a changed tile.
    public init(rect: PixelRect, changedPixels: Int) {
        self.rect = rect
        self.changedPixels = changedPixels
    }
}
