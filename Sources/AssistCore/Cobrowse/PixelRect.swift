/// A rectangle of whole window pixels, origin top-left.
///
/// The rectangle holds the pixels whose column is in `x..<maxX` and whose row
/// is in `y..<maxY`; one with no width or no height holds none.
public struct PixelRect: Sendable, Hashable {
    /// Left edge: the first column inside.
    public var x: Int
    /// Top edge: the first row inside.
    public var y: Int
    /// Width in pixels; 0 or less holds no pixels.
    public var width: Int
    /// Height in pixels; 0 or less holds no pixels.
    public var height: Int

    /// Creates a rectangle.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The first column to the right of the rectangle.
    public var maxX: Int { x + width }

    /// The first row below the rectangle.
    public var maxY: Int { y + height }

    /// Whether the rectangle holds no pixel.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// How many pixels the rectangle holds.
    public var area: Int { isEmpty ? 0 : width * height }

    /// The pixels in both rectangles; `nil` when there are none.
    public func intersection(_ other: PixelRect) -> PixelRect? {
        let left = Swift.max(x, other.x)
        let top = Swift.max(y, other.y)
        let right = Swift.min(maxX, other.maxX)
        let bottom = Swift.min(maxY, other.maxY)
        guard left < right, top < bottom else { return nil }
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// Whether every pixel of `other` is in this rectangle; an empty `other`
    /// is contained in any rectangle.
    public func contains(_ other: PixelRect) -> Bool {
        other.isEmpty || (x <= other.x && y <= other.y && other.maxX <= maxX && other.maxY <= maxY)
    }

    /// Whether the pixel at column `x`, row `y` is in the rectangle.
    public func contains(x column: Int, y row: Int) -> Bool {
        column >= x && column < maxX && row >= y && row < maxY
    }

    /// The smallest whole-pixel rectangle covering a fractional one (rounded outward).
    ///
    /// A negative size, or a coordinate that is not finite, covers no pixel
    /// and gives an empty rectangle. Coordinates are clamped to ±2³⁰ so that
    /// no conversion can overflow.
    public static func covering(x: Double, y: Double, width: Double, height: Double) -> PixelRect {
        let left = clamped(x.rounded(.down))
        let top = clamped(y.rounded(.down))
        let right = clamped((x + width).rounded(.up))
        let bottom = clamped((y + height).rounded(.up))
        guard let left, let top, let right, let bottom else { return PixelRect(x: 0, y: 0, width: 0, height: 0) }
        return PixelRect(x: left, y: top, width: Swift.max(0, right - left), height: Swift.max(0, bottom - top))
    }

    private static let coordinateLimit = Double(1 << 30)

    private static func clamped(_ value: Double) -> Int? {
        guard value.isFinite else { return nil }
        return Int(Swift.min(Swift.max(value, -coordinateLimit), coordinateLimit))
    }
}
