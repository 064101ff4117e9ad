import Testing

@testable import AssistCore

@Suite("A keyframe must cover its window")
struct TileCoverageTests {
    private static func solid(_ x: Int, _ y: Int, _ width: Int, _ height: Int) -> CobrowseTile {
        .solid(x: x, y: y, width: width, height: height, color: .init(red: 1, green: 2, blue: 3))
    }

    private static func grid(width: Int, height: Int, tile: Int) -> [CobrowseTile] {
        stride(from: 0, to: height, by: tile).flatMap { y in
            stride(from: 0, to: width, by: tile).map { x in solid(x, y, min(tile, width - x), min(tile, height - y)) }
        }
    }

    @Test("a grid of tiles with smaller edge tiles covers the window")
    func gridCovers() {
        #expect(TileCoverage.covers(Self.grid(width: 130, height: 70, tile: 64), width: 130, height: 70))
    }

    @Test("overlapping tiles that together cover the window are fine")
    func overlapsCover() {
        let tiles = [Self.solid(0, 0, 60, 40), Self.solid(30, 0, 30, 40), Self.solid(50, 0, 50, 40)]
        #expect(TileCoverage.covers(tiles, width: 100, height: 40))
    }

    @Test("a one-pixel hole, a missing tile, or no tiles at all is not a cover")
    func gapsAreFound() {
        var tiles = Self.grid(width: 128, height: 128, tile: 64)
        tiles.removeLast()
        #expect(!TileCoverage.covers(tiles, width: 128, height: 128))
        let hole = [Self.solid(0, 0, 100, 49), Self.solid(0, 50, 100, 50), Self.solid(0, 49, 99, 1)]
        #expect(!TileCoverage.covers(hole, width: 100, height: 100))
        #expect(!TileCoverage.covers([], width: 10, height: 10))
    }

    @Test("the codec refuses a keyframe that leaves part of the window uncovered, and accepts a delta that does")
    func codecChecksKeyframes() throws {
        let tiles = [Self.solid(0, 0, 10, 10)]
        let keyframe = CobrowseFrame(number: 1, isKeyframe: true, width: 20, height: 10, tiles: tiles)
        #expect(throws: CobrowseFrameError.keyframeNotCovering) { try CobrowseFrameCodec.decode(CobrowseFrameCodec.encode(keyframe)) }
        let delta = CobrowseFrame(number: 2, isKeyframe: false, width: 20, height: 10, tiles: tiles)
        #expect(try CobrowseFrameCodec.decode(CobrowseFrameCodec.encode(delta)) == delta)
    }
}
