import AssistCore
import Testing

@Suite("Masks painted into a picture of the screen where the window lies (X11)")
struct PixelBufferCoveringTests {
    private func picture(width: Int, height: Int) -> PixelBuffer {
        PixelBuffer(width: width, height: height, stride: width * 4, bytes: [UInt8](repeating: 0x11, count: width * height * 4))
    }

    private func pixel(_ buffer: PixelBuffer, _ x: Int, _ y: Int) -> [UInt8] {
        Array(buffer.bytes[(y * buffer.stride + x * 4)..<(y * buffer.stride + x * 4 + 4)])
    }

    @Test("a mask moved by the window's place is filled opaque in B, G, R order; nothing else changes")
    func coversWhereTheWindowIs() {
        var buffer = picture(width: 20, height: 10)
        let mask = Mask(
            rect: PixelRect(x: 1, y: 2, width: 3, height: 2), color: RGBAColor8(red: 0x12, green: 0x34, blue: 0x56, alpha: 9),
            reason: .maskingTag)
        buffer.cover([mask], offsetBy: 10, 5)
        #expect(pixel(buffer, 11, 7) == [0x56, 0x34, 0x12, 0xFF])
        #expect(pixel(buffer, 13, 8) == [0x56, 0x34, 0x12, 0xFF])
        for (x, y) in [(10, 7), (14, 7), (11, 6), (11, 9), (1, 2)] {
            #expect(pixel(buffer, x, y) == [0x11, 0x11, 0x11, 0x11], "(\(x), \(y)) changed")
        }
    }

    @Test("the parts of a mask outside the picture are left out, and a mask wholly outside changes nothing")
    func clipped() {
        var buffer = picture(width: 8, height: 8)
        let black = RGBAColor8(red: 0, green: 0, blue: 0, alpha: 255)
        buffer.cover(
            [Mask(rect: PixelRect(x: -2, y: -2, width: 4, height: 4), color: black, reason: .maskingTag),
             Mask(rect: PixelRect(x: 100, y: 0, width: 4, height: 4), color: black, reason: .maskingTag)],
            offsetBy: 0, 0)
        #expect(pixel(buffer, 0, 0) == [0, 0, 0, 0xFF] && pixel(buffer, 1, 1) == [0, 0, 0, 0xFF])
        #expect(pixel(buffer, 2, 2) == [0x11, 0x11, 0x11, 0x11])
        #expect(buffer.bytes.count == 8 * 8 * 4)
    }
}
