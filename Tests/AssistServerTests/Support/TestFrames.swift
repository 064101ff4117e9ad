import AssistCore

/// Co-browse frames as an app sends them, for tests.
enum TestFrames {
    /// An app frame of a 64 × 32 window: two solid tiles, or one when not a keyframe.
    static func appFrame(_ number: UInt32, keyframe: Bool) -> [UInt8] {
        let left = CobrowseTile.solid(x: 0, y: 0, width: 32, height: 32, color: .init(red: 200, green: 10, blue: 10))
        let right = CobrowseTile.solid(x: 32, y: 0, width: 32, height: 32, color: .init(red: 10, green: 200, blue: 10))
        return CobrowseFrameCodec.encode(
            CobrowseFrame(number: number, isKeyframe: keyframe, width: 64, height: 32, tiles: keyframe ? [left, right] : [right]))
    }
}
