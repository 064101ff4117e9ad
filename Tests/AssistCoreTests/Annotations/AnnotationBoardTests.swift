import AssistCore
import Testing

@Suite("Annotation board")
struct AnnotationBoardTests {
    private func stroke(_ id: AnnotationID, _ points: [(Int, Int)], width: Int = 4) -> AnnotationStroke {
        AnnotationStroke(
            id: id, color: RGBAColor8(red: 200, green: 0, blue: 0), width: width,
            points: points.map { AnnotationStroke.Point(x: $0.0, y: $0.1) })
    }

    @Test("A stroke's bounds hold its points, grown by half its width and a pixel")
    func bounds() {
        #expect(stroke("a", [(10, 20), (30, 5)], width: 4).bounds == PixelRect(x: 7, y: 2, width: 27, height: 22))
        #expect(stroke("dot", [(0, 0)], width: 1).bounds == PixelRect(x: -2, y: -2, width: 5, height: 5))
    }

    @Test("Drawing a stroke with a known id replaces it in place of adding one")
    func replaceSameID() {
        var board = AnnotationBoard()
        _ = board.draw(stroke("a", [(1, 1)]))
        _ = board.draw(stroke("a", [(50, 50)]))
        #expect(board.strokes.map(\.id) == ["a"])
        #expect(board.strokes[0].points == [.init(x: 50, y: 50)])
    }

    @Test("Past the capacity, the oldest strokes go and are named")
    func capacity() {
        var board = AnnotationBoard()
        for index in 0..<AnnotationBoard.capacity {
            #expect(board.draw(stroke(AnnotationID("s\(index)"), [(index, index)])).isEmpty)
        }
        #expect(board.draw(stroke("newest", [(0, 0)])) == ["s0"])
        #expect(board.strokes.count == AnnotationBoard.capacity)
        #expect(board.strokes.last?.id == "newest")
    }

    private func tile(_ x: Int, _ y: Int, changed: Int = 64 * 64) -> ChangedTile {
        ChangedTile(rect: PixelRect(x: x, y: y, width: 64, height: 64), changedPixels: changed)
    }

    @Test("A change under a stroke removes that stroke only")
    func changeUnderStroke() {
        var board = AnnotationBoard()
        _ = board.draw(stroke("top-left", [(10, 10), (20, 20)]))
        _ = board.draw(stroke("bottom-right", [(300, 300), (310, 305)]))
        let removed = board.contentChanged(in: [tile(256, 256)], keep: false)
        #expect(removed == ["bottom-right"])
        #expect(board.strokes.map(\.id) == ["top-left"])
    }

    @Test("A change beside a stroke's bounds leaves it, also in the same tile")
    func changeBeside() {
        var board = AnnotationBoard()
        _ = board.draw(stroke("a", [(10, 10), (20, 20)], width: 2))
        #expect(board.contentChanged(in: [tile(64, 0)], keep: false).isEmpty)
        let sameTileElsewhere = ChangedTile(
            rect: PixelRect(x: 0, y: 0, width: 64, height: 64), changedPixels: 200,
            changedBounds: PixelRect(x: 40, y: 40, width: 20, height: 10))
        #expect(board.contentChanged(in: [sameTileElsewhere], keep: false).isEmpty)
        #expect(board.strokes.count == 1)
    }

    @Test("With keepAnnotationsOnChange, no change removes a stroke")
    func keep() {
        var board = AnnotationBoard()
        _ = board.draw(stroke("a", [(10, 10)]))
        #expect(board.contentChanged(in: [tile(0, 0)], keep: true).isEmpty)
        #expect(board.strokes.count == 1)
    }

    @Test("A change too small to be content, such as a blinking text cursor, leaves the stroke")
    func blinkingCursorIsNoChange() {
        var board = AnnotationBoard()
        _ = board.draw(stroke("a", [(10, 10)]))
        let cursor = 2 * 20
        #expect(board.contentChanged(in: [tile(0, 0, changed: cursor)], keep: false).isEmpty)
        #expect(board.contentChanged(in: [tile(0, 0, changed: AnnotationBoard.minimumChangedPixels)], keep: false) == ["a"])
    }

    @Test("Clearing removes every stroke and names them oldest first")
    func clear() {
        var board = AnnotationBoard()
        _ = board.draw(stroke("a", [(1, 1)]))
        _ = board.draw(stroke("b", [(2, 2)]))
        #expect(board.clear() == ["a", "b"])
        #expect(board.isEmpty)
    }
}
