/// One widget of the shared window as the capture layer reads it; a window is a
/// depth-first list of these, every parent before its children.
///
/// The first widget of the list is the window itself, with no parent.
public struct SharedWidget: Sendable, Hashable {
    /// The index of the parent in the list; `nil` for the root (the window).
    public var parent: Int?
    /// Where the widget is drawn, in window pixels; `nil` when it is not drawn.
    public var bounds: PixelRect?
    /// Its own permission marker (set with `setPermission`); `nil` when it has
    /// none and inherits its parent's.
    public var marker: String?
    /// The tags set on it through the SDK, together with its CSS classes.
    public var tags: Set<String>
    /// Whether it is a password entry, which is masked whatever the permissions.
    public var isPassword: Bool

    /// Creates a widget description.
    public init(
        parent: Int?, bounds: PixelRect?, marker: String? = nil, tags: Set<String> = [], isPassword: Bool = false
    ) {
        self.parent = parent
        self.bounds = bounds
        self.marker = marker
        self.tags = tags
        self.isPassword = isPassword
    }
}
