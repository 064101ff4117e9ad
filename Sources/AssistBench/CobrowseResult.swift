/// What the co-browse benchmark measured for one window size.
struct CobrowseResult {
    /// The shared window's size in pixels.
    let width: Int
    let height: Int
    /// Reading the widget tree and deciding the masks.
    let mask: LatencySample
    /// Rendering the window with its masks into pixels.
    let capture: LatencySample
    /// Comparing a capture with the previous one, tile by tile (nothing changed).
    let diff: LatencySample
    /// Turning every tile of a capture into a keyframe (solid or PNG) and
    /// writing it in the wire format.
    let encode: LatencySample
    /// All four steps for one keyframe.
    let fullFrame: LatencySample
    /// The same pixels as one whole PNG: the baseline.
    let wholePNG: LatencySample
    /// Bytes of a keyframe on the wire.
    let keyframeBytes: Int
    /// Bytes of the whole-window PNG.
    let wholePNGBytes: Int
    /// Bytes of each update while typing one character at a time into one field.
    let typingBytes: [Int]
    /// Bytes sent by the sharer while the window sat idle, after its keyframe.
    let idleBytes: Int
    /// How long the window sat idle.
    let idleSeconds: Double
}
