/// One line an agent drew over the shared window: a polyline through window
/// pixels, as in the co-browse frames (`docs/protocol.md` §12.7).
public struct AnnotationStroke: Sendable, Hashable {
    /// A point of a stroke, in window pixels.
    public struct Point: Sendable, Hashable {
        /// Column, from the window's left edge.
        public var x: Int
        /// Row, from the window's top edge.
        public var y: Int

        /// Creates a point.
        public init(x: Int, y: Int) {
            self.x = x
            self.y = y
        }
    }

    /// The most points one stroke carries.
    public static let maxPoints = 2_000
    /// The widest line, in pixels.
    public static let maxWidth = 32
    /// The largest coordinate: the largest window a frame describes.
    public static let maxCoordinate = CobrowseFrameCodec.maxDimension

    /// Names the stroke within its share.
    public let id: AnnotationID
    /// The line's colour, opaque.
    public let color: RGBAColor8
    /// The line's width in pixels, 1–``maxWidth``.
    public let width: Int
    /// The points the line goes through, in order; one point is a dot.
    public let points: [Point]

    /// Creates a stroke; the wire codec checks the limits.
    public init(id: AnnotationID, color: RGBAColor8, width: Int, points: [Point]) {
        self.id = id
        self.color = RGBAColor8(red: color.red, green: color.green, blue: color.blue)
        self.width = width
        self.points = points
    }

    /// The pixels the line may cover: the points' box, grown by half the
    /// width and a pixel for round caps and anti-aliasing.
    public var bounds: PixelRect {
        guard let first = points.first else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        var left = first.x
        var top = first.y
        var right = first.x
        var bottom = first.y
        for point in points.dropFirst() {
            left = min(left, point.x)
            top = min(top, point.y)
            right = max(right, point.x)
            bottom = max(bottom, point.y)
        }
        let margin = (width + 1) / 2 + 1
        return PixelRect(
            x: left - margin, y: top - margin, width: right - left + 2 * margin + 1,
            height: bottom - top + 2 * margin + 1)
    }
}
