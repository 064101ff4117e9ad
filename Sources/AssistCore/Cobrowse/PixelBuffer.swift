/// Pixels as GTK downloads them: 4 bytes per pixel B, G, R, A, premultiplied alpha (cairo ARGB32 on little-endian).
///
/// Row `y` starts at byte `y * stride`; the bytes between a row's last pixel
/// and the next row are padding and never read.
public struct PixelBuffer: Sendable, Equatable {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int
    /// Bytes from the start of one row to the start of the next, at least `width * 4`.
    public var stride: Int
    /// The pixels, `stride * height` bytes.
    public var bytes: [UInt8]

    /// Creates a buffer over downloaded bytes.
    ///
    /// - Precondition: `width` and `height` are not negative, `stride` is at
    ///   least `width * 4`, and `bytes` holds `stride * height` bytes.
    public init(width: Int, height: Int, stride: Int, bytes: [UInt8]) {
        precondition(width >= 0 && height >= 0, "a pixel buffer's size cannot be negative")
        precondition(stride >= width * 4, "a pixel buffer's stride must hold a row of 4-byte pixels")
        precondition(bytes.count == stride * height, "a pixel buffer must hold stride × height bytes")
        self.width = width
        self.height = height
        self.stride = stride
        self.bytes = bytes
    }

    /// The whole buffer as a rectangle at the origin.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The pixel at column `x`, row `y`, converted to straight RGBA.
    ///
    /// - Precondition: the pixel lies inside the buffer.
    public func pixel(x: Int, y: Int) -> RGBAColor8 {
        precondition(bounds.contains(x: x, y: y), "pixel (\(x), \(y)) is outside a \(width)×\(height) buffer")
        let offset = y * stride + x * 4
        return Self.straight(blue: bytes[offset], green: bytes[offset + 1], red: bytes[offset + 2], alpha: bytes[offset + 3])
    }

    /// A premultiplied B, G, R, A pixel as straight RGBA; a fully transparent
    /// pixel is transparent black.
    static func straight(blue: UInt8, green: UInt8, red: UInt8, alpha: UInt8) -> RGBAColor8 {
        guard alpha != 0 else { return RGBAColor8(red: 0, green: 0, blue: 0, alpha: 0) }
        guard alpha != 255 else { return RGBAColor8(red: red, green: green, blue: blue) }
        let divisor = Int(alpha)
        func unpremultiplied(_ channel: UInt8) -> UInt8 {
            UInt8(min(255, (Int(channel) * 255 + divisor / 2) / divisor))
        }
        return RGBAColor8(
            red: unpremultiplied(red), green: unpremultiplied(green), blue: unpremultiplied(blue), alpha: alpha)
    }
}
