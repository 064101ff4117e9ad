import AssistCore
import CGtk

/// What an agent's console draws from co-browse frames, rebuilt in the test:
/// each relayed frame's tiles decoded (PNG with GDK, solid colours) and
/// drawn in order over the picture so far, as straight RGBA.
@MainActor
struct DecodedPicture {
    private(set) var width = 0
    private(set) var height = 0
    private(set) var pixels: [RGBAColor8] = []

    /// Draws a relayed frame (`ACR2`), as the console receives it.
    mutating func apply(relayed bytes: [UInt8]) throws {
        let (_, frame) = try CobrowseFrameCodec.decodeRelayed(bytes)
        if frame.isKeyframe || frame.width != width || frame.height != height {
            width = frame.width
            height = frame.height
            pixels = Array(repeating: RGBAColor8(red: 0, green: 0, blue: 0, alpha: 0), count: width * height)
        }
        for tile in frame.tiles {
            switch tile.encoding {
            case .solid:
                let color = RGBAColor8(
                    red: tile.payload[0], green: tile.payload[1], blue: tile.payload[2], alpha: tile.payload[3])
                fill(x: tile.x, y: tile.y, width: tile.width, height: tile.height) { _, _ in color }
            case .png:
                let decoded = try Self.decodePNG(tile.payload)
                try expectTileSize(decoded, tile)
                fill(x: tile.x, y: tile.y, width: tile.width, height: tile.height) { column, row in
                    decoded.pixel(x: column, y: row)
                }
            }
        }
    }

    /// How many pixels have exactly `color`'s red, green and blue.
    func count(of color: RGBAColor8) -> Int {
        pixels.reduce(0) { $0 + ($1.red == color.red && $1.green == color.green && $1.blue == color.blue ? 1 : 0) }
    }

    /// The pixels of `rect`.
    func pixels(in rect: PixelRect) -> [RGBAColor8] {
        var found: [RGBAColor8] = []
        for row in rect.y..<min(rect.maxY, height) {
            for column in rect.x..<min(rect.maxX, width) { found.append(pixels[row * width + column]) }
        }
        return found
    }

    private mutating func fill(x: Int, y: Int, width: Int, height: Int, color: (Int, Int) -> RGBAColor8) {
        for row in 0..<height {
            for column in 0..<width { pixels[(y + row) * self.width + x + column] = color(column, row) }
        }
    }

    /// A PNG decoded by GDK into the pixel layout the capture uses.
    static func decodePNG(_ png: [UInt8]) throws -> PixelBuffer {
        let bytes = png.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        guard let texture = gdk_texture_new_from_bytes(bytes, nil) else { throw DecodeFailure.notPNG }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        let width = Int(gdk_texture_get_width(texture))
        let height = Int(gdk_texture_get_height(texture))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(width * 4)) }
        return PixelBuffer(width: width, height: height, stride: width * 4, bytes: pixels)
    }

    enum DecodeFailure: Error {
        case notPNG
        case wrongSize
    }
}

/// Fails the test when a decoded PNG is not the size of its tile.
@MainActor
private func expectTileSize(_ decoded: PixelBuffer, _ tile: CobrowseTile) throws {
    guard decoded.width == tile.width, decoded.height == tile.height else { throw DecodedPicture.DecodeFailure.wrongSize }
}
