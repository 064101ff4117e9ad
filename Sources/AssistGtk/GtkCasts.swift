import CGtk

/// Pointer conversions between GObject types, the ones C does with macros
/// such as `GTK_WINDOW(widget)` that Swift cannot import. Kept in one place
/// so every unchecked cast is easy to find.
public enum GtkCast {
    /// Reinterprets a typed GObject pointer as another GObject type it is known to be.
    @inline(__always)
    public static func pointer<Target>(_ source: UnsafeMutablePointer<some Any>, to _: Target.Type = Target.self)
        -> UnsafeMutablePointer<Target>
    {
        UnsafeMutableRawPointer(source).assumingMemoryBound(to: Target.self)
    }

    /// Reinterprets a typed GObject pointer as the opaque pointer some GTK
    /// types are imported as (GtkLabel, GtkEditable, GdkPaintable, …).
    @inline(__always)
    public static func opaque(_ source: UnsafeMutablePointer<some Any>) -> OpaquePointer {
        OpaquePointer(source)
    }
}
