import AssistCore
import CPortal

/// One stream of a started ScreenCast session, as the portal's `streams`
/// result (`a(ua{sv})`) describes it.
///
/// Measured with xdg-desktop-portal 1.16 and mutter 43: a monitor is
/// `(37, {'id': <'0'>, 'source_type': <uint32 1>, 'position': <(0, 0)>,
/// 'size': <(1280, 720)>})`; a window has `source_type` 2 and no `position`.
struct StreamDescription: Sendable, Hashable {
    /// A width and height in the compositor's coordinates.
    struct Size: Sendable, Hashable {
        /// Width.
        var width: Int
        /// Height.
        var height: Int
    }

    /// The PipeWire node that carries the pictures (pipewiresrc's `path`).
    var nodeID: UInt32
    /// What was picked: `source_type` 2 is a window; 1 (a monitor), 4 (a
    /// virtual monitor) or no type at all count as a monitor.
    var source: SharedSource
    /// The size in the compositor's coordinates, when the portal gave one;
    /// the pictures may be larger (scaled monitors).
    var size: Size?

    /// The source a portal `source_type` stands for.
    static func source(ofType type: UInt32?) -> SharedSource {
        type == 2 ? .window : .monitor
    }

    /// The streams in `streams`, a borrowed `a(ua{sv})` variant, in order;
    /// empty for a variant of another type.
    static func parse(_ streams: OpaquePointer) -> [StreamDescription] {
        guard typeString(of: streams) == "a(ua{sv})" else { return [] }
        return (0..<g_variant_n_children(streams)).compactMap { (index: gsize) -> StreamDescription? in
            guard let entry = g_variant_get_child_value(streams, index) else { return nil }
            defer { g_variant_unref(entry) }
            return parseEntry(entry)
        }
    }

    /// One `(ua{sv})` entry.
    private static func parseEntry(_ entry: OpaquePointer) -> StreamDescription? {
        guard let node = g_variant_get_child_value(entry, 0), let properties = g_variant_get_child_value(entry, 1) else {
            return nil
        }
        defer {
            g_variant_unref(node)
            g_variant_unref(properties)
        }
        let sourceType = lookup("source_type", in: properties, type: "u").map { (value: OpaquePointer) -> UInt32 in
            defer { g_variant_unref(value) }
            return g_variant_get_uint32(value)
        }
        let size = lookup("size", in: properties, type: "(ii)").flatMap { (value: OpaquePointer) -> Size? in
            defer { g_variant_unref(value) }
            guard let width = g_variant_get_child_value(value, 0), let height = g_variant_get_child_value(value, 1) else {
                return nil
            }
            defer {
                g_variant_unref(width)
                g_variant_unref(height)
            }
            return Size(width: Int(g_variant_get_int32(width)), height: Int(g_variant_get_int32(height)))
        }
        return StreamDescription(nodeID: g_variant_get_uint32(node), source: source(ofType: sourceType), size: size)
    }

    /// The value of `key` in the `a{sv}` `properties` (a reference the
    /// caller releases), or `nil` when it is missing or not of `type`.
    private static func lookup(_ key: String, in properties: OpaquePointer, type: String) -> OpaquePointer? {
        guard let value = g_variant_lookup_value(properties, key, nil) else { return nil }
        guard typeString(of: value) == type else {
            g_variant_unref(value)
            return nil
        }
        return value
    }

    private static func typeString(of value: OpaquePointer) -> String {
        String(cString: g_variant_get_type_string(value))
    }
}
