/// One update of the shared window, as the app sends it to the server in a
/// binary WebSocket frame (protocol version 2, `docs/protocol.md` §12).
///
/// A keyframe's tiles cover the whole window; any other frame carries only
/// the tiles that changed since the frame before it.
public struct CobrowseFrame: Sendable, Hashable {
    /// Counts the frames of a share, from 1, wrapping after 2³²−1.
    public var number: UInt32
    /// Whether the tiles cover the whole window, so that a viewer can start here.
    public var isKeyframe: Bool
    /// The window's width in pixels.
    public var width: Int
    /// The window's height in pixels.
    public var height: Int
    /// The changed rectangles, in the order they are to be drawn.
    public var tiles: [CobrowseTile]

    /// Creates a frame.
    public init(number: UInt32, isKeyframe: Bool, width: Int, height: Int, tiles: [CobrowseTile]) {
        self.number = number
        self.isKeyframe = isKeyframe
        self.width = width
        self.height = height
        self.tiles = tiles
    }
}
