import Foundation

/// Turns successive captures of a window into co-browse frames: splits them into tiles, keeps only the tiles that changed since the previous capture, and sends a tile of one colour as a `.solid` tile.
///
/// The tiles form a grid of ``tileSize`` squares from the top-left corner;
/// the tiles of the right column and the bottom row are smaller when the
/// window's size is not a multiple of the tile size. Tiles are listed row by
/// row, left to right.
public struct FrameTiler: Sendable {
    /// The side of a tile unless another is asked for: 64 pixels, so that an
    /// 8192 × 8192 window needs no more than ``CobrowseFrameCodec/maxTiles``.
    public static let defaultTileSize = 64

    /// The side of a whole tile, in pixels.
    public let tileSize: Int
    /// The number of the last frame made; 0 before the first.
    public private(set) var lastFrameNumber: UInt32
    /// The tiles whose pixels differ between the last capture handed to
    /// ``frame(of:keyframe:encodeAll:)`` and the one before it — every tile,
    /// wholly, when there was none of the same size — whether or not that
    /// frame was a keyframe: what changed in the window, not what was sent.
    public private(set) var lastChangedTiles: [ChangedTile] = []
    private var previous: PixelBuffer?
    private var isKeyframeDue = false

    /// Creates a tiler for a new share, whose first frame is number 1.
    ///
    /// - Precondition: `tileSize` is at least 1.
    public init(tileSize: Int = FrameTiler.defaultTileSize) {
        self.init(tileSize: tileSize, continuingAfter: 0)
    }

    /// Creates a tiler whose first frame follows `lastFrameNumber`, for a
    /// share whose numbering must go on (its first frame is still a keyframe).
    ///
    /// - Precondition: `tileSize` is at least 1.
    public init(tileSize: Int, continuingAfter lastFrameNumber: UInt32) {
        precondition(tileSize >= 1, "a tile is at least one pixel wide")
        self.tileSize = tileSize
        self.lastFrameNumber = lastFrameNumber
    }

    /// The frame for `buffer`, or nil when nothing changed and no keyframe is due. A keyframe (all tiles) when `keyframe` is true, on the first capture, after `requestKeyframe()`, or when the size changed. Frame numbers count from 1 and wrap after UInt32.max to 1. `encode` turns a non-uniform tile's rectangle of `buffer` into PNG bytes (supplied by the GTK layer).
    ///
    /// An empty buffer (no width or no height) gives nil and makes the next
    /// frame a keyframe. When `encode` throws, nothing is remembered of this
    /// capture: the next call compares against the same previous capture.
    ///
    /// - Precondition: the buffer is at most ``CobrowseFrameCodec/maxDimension``
    ///   pixels each way and its grid has at most ``CobrowseFrameCodec/maxTiles``
    ///   tiles.
    public mutating func frame(
        from buffer: PixelBuffer, keyframe: Bool = false, encode: (PixelBuffer, PixelRect) throws -> [UInt8]
    ) rethrows -> CobrowseFrame? {
        try frame(of: buffer, keyframe: keyframe) { buffer, rects in try rects.map { try encode(buffer, $0) } }
    }

    /// The frame for `buffer`, as ``frame(from:keyframe:encode:)`` makes it,
    /// with every tile that needs PNG handed to `encodeAll` at once, so the
    /// caller may encode them in parallel. `encodeAll` returns one payload
    /// per rectangle, in order.
    public mutating func frame(
        of buffer: PixelBuffer, keyframe: Bool = false,
        encodeAll: (PixelBuffer, [PixelRect]) throws -> [[UInt8]]
    ) rethrows -> CobrowseFrame? {
        guard !buffer.bounds.isEmpty else {
            previous = nil
            lastChangedTiles = []
            return nil
        }
        precondition(
            buffer.width <= CobrowseFrameCodec.maxDimension && buffer.height <= CobrowseFrameCodec.maxDimension,
            "a shared window is at most \(CobrowseFrameCodec.maxDimension) pixels each way")
        let grid = tiles(width: buffer.width, height: buffer.height)
        precondition(grid.count <= CobrowseFrameCodec.maxTiles, "a frame holds at most \(CobrowseFrameCodec.maxTiles) tiles")

        let sameSize = previous.flatMap { $0.bounds == buffer.bounds ? $0 : nil }
        let reference = keyframe || isKeyframeDue ? nil : sameSize
        let changes = Self.changedTiles(of: buffer, against: reference, in: grid)
        lastChangedTiles = Self.changedPixels(
            of: buffer, against: sameSize, in: reference == nil ? grid : changes.map(\.0))
        if reference != nil, changes.isEmpty {
            previous = buffer
            return nil
        }
        let encodedRects = changes.filter { $0.1 == nil }.map(\.0)
        let payloads = try encodeAll(buffer, encodedRects)
        precondition(payloads.count == encodedRects.count, "encodeAll returns one payload per rectangle")
        var nextPayload = payloads.makeIterator()
        var tiles: [CobrowseTile] = []
        tiles.reserveCapacity(changes.count)
        for (rect, color) in changes {
            if let color {
                tiles.append(.solid(x: rect.x, y: rect.y, width: rect.width, height: rect.height, color: color))
            } else {
                tiles.append(
                    CobrowseTile(
                        x: rect.x, y: rect.y, width: rect.width, height: rect.height, encoding: .png,
                        payload: nextPayload.next()!))
            }
        }
        previous = buffer
        isKeyframeDue = false
        lastFrameNumber = lastFrameNumber == .max ? 1 : lastFrameNumber + 1
        return CobrowseFrame(
            number: lastFrameNumber, isKeyframe: reference == nil, width: buffer.width, height: buffer.height,
            tiles: tiles)
    }

    /// Makes the next frame a keyframe, e.g. after a reconnection or a
    /// `keyframeRequest` from the server.
    public mutating func requestKeyframe() {
        isKeyframeDue = true
    }

    /// The tile grid of a window, row by row.
    private func tiles(width: Int, height: Int) -> [PixelRect] {
        var grid: [PixelRect] = []
        grid.reserveCapacity(((width + tileSize - 1) / tileSize) * ((height + tileSize - 1) / tileSize))
        for y in Swift.stride(from: 0, to: height, by: tileSize) {
            for x in Swift.stride(from: 0, to: width, by: tileSize) {
                grid.append(PixelRect(x: x, y: y, width: min(tileSize, width - x), height: min(tileSize, height - y)))
            }
        }
        return grid
    }

    /// The tiles of `grid` whose pixels differ from `reference` (all of them
    /// without one), each with its colour when it is of one colour.
    private static func changedTiles(
        of buffer: PixelBuffer, against reference: PixelBuffer?, in grid: [PixelRect]
    ) -> [(PixelRect, RGBAColor8?)] {
        buffer.bytes.withUnsafeBytes { current in
            let previousBytes = reference?.bytes ?? []
            return previousBytes.withUnsafeBytes { old in
                var changes: [(PixelRect, RGBAColor8?)] = []
                for rect in grid {
                    if let reference,
                        !differs(current, stride: buffer.stride, from: old, stride: reference.stride, in: rect)
                    {
                        continue
                    }
                    changes.append((rect, uniformColor(of: current, stride: buffer.stride, in: rect)))
                }
                return changes
            }
        }
    }

    /// How many pixels of each tile of `rects` differ from `reference`, for
    /// the tiles where any does; without a reference every pixel counts.
    /// Runs after every capture, so equal rows are skipped whole.
    private static func changedPixels(
        of buffer: PixelBuffer, against reference: PixelBuffer?, in rects: [PixelRect]
    ) -> [ChangedTile] {
        guard let reference else { return rects.map { ChangedTile(rect: $0, changedPixels: $0.area) } }
        return buffer.bytes.withUnsafeBytes { current in
            reference.bytes.withUnsafeBytes { old in
                rects.compactMap { rect in
                    var count = 0
                    var (left, top, right, bottom) = (rect.maxX, rect.maxY, rect.x, rect.y)
                    for row in rect.y..<rect.maxY {
                        let now = row * buffer.stride + rect.x * 4
                        let then = row * reference.stride + rect.x * 4
                        // Most rows of a changed tile are equal: one memcmp each.
                        guard let currentBase = current.baseAddress, let oldBase = old.baseAddress,
                            memcmp(currentBase + now, oldBase + then, rect.width * 4) != 0
                        else { continue }
                        for column in 0..<rect.width
                        where current.loadUnaligned(fromByteOffset: now + column * 4, as: UInt32.self)
                            != old.loadUnaligned(fromByteOffset: then + column * 4, as: UInt32.self)
                        {
                            count += 1
                            left = min(left, rect.x + column)
                            right = max(right, rect.x + column + 1)
                            top = min(top, row)
                            bottom = max(bottom, row + 1)
                        }
                    }
                    guard count > 0 else { return nil }
                    return ChangedTile(
                        rect: rect, changedPixels: count,
                        changedBounds: PixelRect(x: left, y: top, width: right - left, height: bottom - top))
                }
            }
        }
    }

    /// Whether any row of `rect` differs between the two pixel stores.
    private static func differs(
        _ current: UnsafeRawBufferPointer, stride: Int, from old: UnsafeRawBufferPointer, stride oldStride: Int,
        in rect: PixelRect
    ) -> Bool {
        guard let current = current.baseAddress, let old = old.baseAddress else { return true }
        let rowBytes = rect.width * 4
        for row in rect.y..<rect.maxY {
            if memcmp(current + row * stride + rect.x * 4, old + row * oldStride + rect.x * 4, rowBytes) != 0 {
                return true
            }
        }
        return false
    }

    /// The straight colour of `rect` when all its pixels are equal, else nil.
    ///
    /// The first row is of one colour when it equals itself shifted by one
    /// pixel; every other row must then equal the first.
    private static func uniformColor(of pixels: UnsafeRawBufferPointer, stride: Int, in rect: PixelRect)
        -> RGBAColor8?
    {
        guard let base = pixels.baseAddress else { return nil }
        let rowBytes = rect.width * 4
        let first = base + rect.y * stride + rect.x * 4
        if rowBytes > 4, memcmp(first, first + 4, rowBytes - 4) != 0 { return nil }
        for row in (rect.y + 1)..<rect.maxY where memcmp(base + row * stride + rect.x * 4, first, rowBytes) != 0 {
            return nil
        }
        return PixelBuffer.straight(
            blue: first.load(as: UInt8.self), green: first.load(fromByteOffset: 1, as: UInt8.self),
            red: first.load(fromByteOffset: 2, as: UInt8.self), alpha: first.load(fromByteOffset: 3, as: UInt8.self))
    }
}
