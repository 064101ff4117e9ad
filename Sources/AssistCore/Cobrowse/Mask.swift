/// A filled rectangle in place of a widget.
///
/// A mask is always drawn opaque, so nothing of the widget under it shows
/// through: its colour's alpha is 255 whatever colour it is given.
public struct Mask: Sendable, Hashable {
    /// The window pixels covered.
    public var rect: PixelRect
    /// The fill; its alpha is always 255.
    public var color: RGBAColor8 {
        didSet { color.alpha = 255 }
    }
    /// Why the widget is covered.
    public var reason: MaskReason

    /// Creates a mask, making `color` opaque.
    public init(rect: PixelRect, color: RGBAColor8, reason: MaskReason) {
        self.rect = rect
        self.color = RGBAColor8(red: color.red, green: color.green, blue: color.blue, alpha: 255)
        self.reason = reason
    }
}
