import AssistCore
import CGtk
import Foundation

/// The picture an agent's console builds from co-browse frames, rebuilt in
/// the test: each frame encoded, wrapped as the server relays it, decoded
/// (PNG tiles with GDK, solid tiles) and drawn over the picture so far.
@MainActor
struct AgentPicture {
    private(set) var width = 0
    private(set) var height = 0
    private(set) var pixels: [RGBAColor8] = []

    /// Draws `frame` as the agent receives it.
    mutating func apply(_ frame: CobrowseFrame) throws {
        let relayed = CobrowseFrameCodec.relay(CobrowseFrameCodec.encode(frame), session: "web")
        let (_, decoded) = try CobrowseFrameCodec.decodeRelayed(relayed)
        if decoded.isKeyframe || decoded.width != width || decoded.height != height {
            width = decoded.width
            height = decoded.height
            pixels = Array(repeating: RGBAColor8(red: 0, green: 0, blue: 0, alpha: 0), count: width * height)
        }
        for tile in decoded.tiles {
            let tilePixels: (Int, Int) -> RGBAColor8
            switch tile.encoding {
            case .solid:
                let color = RGBAColor8(
                    red: tile.payload[0], green: tile.payload[1], blue: tile.payload[2], alpha: tile.payload[3])
                tilePixels = { _, _ in color }
            case .png:
                let buffer = try Self.decodePNG(tile.payload)
                guard buffer.width == tile.width, buffer.height == tile.height else { throw PictureError.wrongTileSize }
                tilePixels = { buffer.pixel(x: $0, y: $1) }
            }
            for row in 0..<tile.height {
                for column in 0..<tile.width {
                    pixels[(tile.y + row) * width + tile.x + column] = tilePixels(column, row)
                }
            }
        }
    }

    /// How many pixels have `color`'s red, green and blue.
    func count(of color: RGBAColor8) -> Int {
        pixels.reduce(0) { $0 + ($1.red == color.red && $1.green == color.green && $1.blue == color.blue ? 1 : 0) }
    }

    /// Saves the picture as a PNG file.
    func save(to path: String) -> Bool {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(width * height * 4)
        for pixel in pixels { bytes += [pixel.red, pixel.green, pixel.blue, 255] }
        let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(data) }
        guard let texture = gdk_memory_texture_new(Int32(width), Int32(height), GDK_MEMORY_R8G8B8A8, data, gsize(width * 4))
        else { return false }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        return gdk_texture_save_to_png(texture, path) != 0
    }

    private static func decodePNG(_ png: [UInt8]) throws -> PixelBuffer {
        let bytes = png.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        guard let texture = gdk_texture_new_from_bytes(bytes, nil) else { throw PictureError.notPNG }
        defer { g_object_unref(UnsafeMutableRawPointer(texture)) }
        let width = Int(gdk_texture_get_width(texture))
        let height = Int(gdk_texture_get_height(texture))
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { gdk_texture_download(texture, $0.baseAddress, gsize(width * 4)) }
        return PixelBuffer(width: width, height: height, stride: width * 4, bytes: pixels)
    }

    enum PictureError: Error {
        case notPNG
        case wrongTileSize
    }
}
