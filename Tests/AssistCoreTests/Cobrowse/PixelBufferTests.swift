import AssistCore
import Testing

@Suite("Pixel buffers read premultiplied B, G, R, A as straight RGBA")
struct PixelBufferTests {
    @Test("an opaque pixel's bytes are read blue first, past the row padding")
    func opaque() {
        var bytes = [UInt8](repeating: 0xEE, count: 12 * 2)
        bytes[12 + 4 ..< 12 + 8] = [30, 20, 10, 255]
        let buffer = PixelBuffer(width: 2, height: 2, stride: 12, bytes: bytes)
        #expect(buffer.pixel(x: 1, y: 1) == RGBAColor8(red: 10, green: 20, blue: 30))
    }

    @Test("a half-transparent premultiplied pixel is un-premultiplied, a transparent one is transparent black")
    func translucent() {
        let buffer = PixelBuffer(width: 3, height: 1, stride: 12, bytes: [0, 64, 128, 128, 7, 7, 7, 0, 0, 0, 200, 100])
        #expect(buffer.pixel(x: 0, y: 0) == RGBAColor8(red: 255, green: 128, blue: 0, alpha: 128))
        #expect(buffer.pixel(x: 1, y: 0) == RGBAColor8(red: 0, green: 0, blue: 0, alpha: 0))
        #expect(buffer.pixel(x: 2, y: 0) == RGBAColor8(red: 255, green: 0, blue: 0, alpha: 100), "channels above alpha are clamped")
    }
}
