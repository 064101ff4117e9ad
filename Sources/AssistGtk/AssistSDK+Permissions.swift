import AssistCore
import CGtk

extension AssistSDK {
    /// Gives `widget` the permission marker `marker`, which decides, with an
    /// agent's permissions, whether that agent sees the widget and may act on
    /// it during co-browse. Widgets without a marker inherit their parent's;
    /// the window's own default is `"default"`
    /// (``AgentPermissions/defaultMarker``). `nil` removes the marker.
    ///
    /// The marker is kept on the widget and released with it. It takes
    /// effect from the next captured frame.
    public static func setPermission(_ marker: String?, for widget: UnsafeMutablePointer<GtkWidget>) {
        WidgetMarkers.setMarker(marker, on: widget)
    }

    /// The permission marker set on `widget` itself, if any.
    public static func permission(of widget: UnsafeMutablePointer<GtkWidget>) -> String? {
        WidgetMarkers.marker(of: widget)
    }

    /// Tags `widget` for the configuration's ``Configuration/hidingTags``
    /// (filled black for every agent) and ``Configuration/maskingTags``
    /// (filled with ``Configuration/maskColor``). A widget's CSS classes count
    /// as tags too, and the class `assist-no-show` always hides, so a `.ui`
    /// file can do the same without code.
    public static func setTags(_ tags: Set<String>, for widget: UnsafeMutablePointer<GtkWidget>) {
        WidgetMarkers.setTags(tags, on: widget)
    }

    /// The tags set on `widget` through ``setTags(_:for:)``.
    public static func tags(of widget: UnsafeMutablePointer<GtkWidget>) -> Set<String> {
        WidgetMarkers.tags(of: widget)
    }
}
