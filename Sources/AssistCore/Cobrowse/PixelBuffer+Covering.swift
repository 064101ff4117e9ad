extension PixelBuffer {
    /// Fills every mask's rectangle, moved by `dx`, `dy` (where the
    /// masks' window lies in this picture), with its opaque colour; the
    /// parts outside the picture are left out.
    public mutating func cover(_ masks: [Mask], offsetBy dx: Int, _ dy: Int) {
        for mask in masks {
            let left = max(0, mask.rect.x + dx)
            let top = max(0, mask.rect.y + dy)
            let right = min(width, mask.rect.x + dx + mask.rect.width)
            let bottom = min(height, mask.rect.y + dy + mask.rect.height)
            guard left < right, top < bottom else { continue }
            let pixel = [mask.color.blue, mask.color.green, mask.color.red, 255]
            bytes.withUnsafeMutableBufferPointer { buffer in
                for row in top..<bottom {
                    var offset = row * stride + left * 4
                    for _ in left..<right {
                        buffer[offset] = pixel[0]
                        buffer[offset + 1] = pixel[1]
                        buffer[offset + 2] = pixel[2]
                        buffer[offset + 3] = pixel[3]
                        offset += 4
                    }
                }
            }
        }
    }
}
