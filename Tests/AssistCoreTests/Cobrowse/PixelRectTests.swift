import AssistCore
import Testing

@Suite("Pixel rectangles")
struct PixelRectTests {
    @Test("edges, emptiness and pixel membership follow the half-open rule")
    func edges() {
        let rect = PixelRect(x: 2, y: 3, width: 4, height: 5)
        #expect(rect.maxX == 6 && rect.maxY == 8)
        #expect(!rect.isEmpty)
        #expect(rect.contains(x: 2, y: 3) && rect.contains(x: 5, y: 7))
        #expect(!rect.contains(x: 6, y: 3) && !rect.contains(x: 2, y: 8) && !rect.contains(x: 1, y: 3))
        #expect(PixelRect(x: 0, y: 0, width: 0, height: 3).isEmpty)
        #expect(PixelRect(x: 0, y: 0, width: 3, height: -1).isEmpty)
    }

    @Test("the intersection is the shared pixels, nil when they only touch or are apart")
    func intersection() {
        let a = PixelRect(x: 0, y: 0, width: 10, height: 10)
        #expect(a.intersection(PixelRect(x: 5, y: -2, width: 10, height: 4)) == PixelRect(x: 5, y: 0, width: 5, height: 2))
        #expect(a.intersection(PixelRect(x: 10, y: 0, width: 3, height: 3)) == nil)
        #expect(a.intersection(PixelRect(x: 20, y: 20, width: 3, height: 3)) == nil)
        #expect(a.intersection(PixelRect(x: 2, y: 2, width: 0, height: 3)) == nil)
    }

    @Test("a fractional rectangle is covered by rounding outward")
    func covering() {
        #expect(PixelRect.covering(x: 1.5, y: 2.25, width: 3, height: 1.5) == PixelRect(x: 1, y: 2, width: 4, height: 2))
        #expect(PixelRect.covering(x: 2, y: 3, width: 4, height: 5) == PixelRect(x: 2, y: 3, width: 4, height: 5))
        #expect(PixelRect.covering(x: -0.5, y: -1.2, width: 1, height: 1) == PixelRect(x: -1, y: -2, width: 2, height: 2))
        #expect(PixelRect.covering(x: 1, y: 1, width: -3, height: 2).isEmpty)
        #expect(PixelRect.covering(x: .nan, y: 1, width: 3, height: 2).isEmpty)
    }
}
