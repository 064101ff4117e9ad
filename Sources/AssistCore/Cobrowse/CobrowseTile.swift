/// One rectangle of a co-browse frame and its pixels.
///
/// Coordinates are window pixels, the origin at the top-left. A tile's
/// pixels have already been masked: nothing the agent may not view ever
/// reaches a tile.
public struct CobrowseTile: Sendable, Hashable {
    /// How a tile's pixels are written.
    public enum Encoding: UInt8, Sendable, Hashable, CaseIterable {
        /// A PNG image exactly `width` × `height` pixels.
        case png = 1
        /// One colour filling the whole tile: 4 bytes, R G B A (straight alpha).
        case solid = 2
    }

    /// Left edge, in window pixels.
    public var x: Int
    /// Top edge, in window pixels.
    public var y: Int
    /// Width in pixels, at least 1.
    public var width: Int
    /// Height in pixels, at least 1.
    public var height: Int
    /// How ``payload`` is written.
    public var encoding: Encoding
    /// The encoded pixels.
    public var payload: [UInt8]

    /// Creates a tile.
    public init(x: Int, y: Int, width: Int, height: Int, encoding: Encoding, payload: [UInt8]) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.encoding = encoding
        self.payload = payload
    }

    /// A tile of one colour.
    public static func solid(x: Int, y: Int, width: Int, height: Int, color: RGBAColor8) -> CobrowseTile {
        CobrowseTile(
            x: x, y: y, width: width, height: height, encoding: .solid,
            payload: [color.red, color.green, color.blue, color.alpha])
    }
}

/// A colour as four 8-bit channels, straight (not premultiplied) alpha.
public struct RGBAColor8: Sendable, Hashable {
    /// Red, 0–255.
    public var red: UInt8
    /// Green, 0–255.
    public var green: UInt8
    /// Blue, 0–255.
    public var blue: UInt8
    /// Alpha, 0–255.
    public var alpha: UInt8

    /// Creates a colour.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}
