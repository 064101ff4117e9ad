import CGtk

/// Opens saved files and shows them in the person's file manager.
@MainActor
public enum FileRevealer {
    /// Opens the file at `path` with the desktop's application for its type,
    /// on behalf of the window that holds `widget`.
    public static func open(_ path: String, from widget: UnsafeMutablePointer<GtkWidget>) {
        guard let uri = fileURI(path) else { return }
        LinkOpener.open(uri, from: widget)
    }

    /// Shows the file at `path` selected in the file manager, through the
    /// freedesktop `org.freedesktop.FileManager1.ShowItems` call that GNOME
    /// Files, Dolphin, Nemo and others answer; where none answers, opens
    /// the file's folder instead.
    public static func showInFolder(_ path: String, from widget: UnsafeMutablePointer<GtkWidget>) {
        guard let uri = fileURI(path) else { return }
        let folder = g_path_get_dirname(path)
        defer { g_free(folder) }
        let folderURI = folder.flatMap { fileURI(String(cString: $0)) } ?? uri
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else {
            LinkOpener.open(folderURI, from: widget)
            return
        }
        defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
        let arrayType = g_variant_type_new("as")
        defer { g_variant_type_free(arrayType) }
        let builder = g_variant_builder_new(arrayType)
        g_variant_builder_add_value(builder, g_variant_new_string(uri))
        var members: [OpaquePointer?] = [g_variant_builder_end(builder), g_variant_new_string("")]
        g_variant_builder_unref(builder)
        let parameters = g_variant_new_tuple(&members, 2)
        let fallback = Unmanaged.passRetained(FolderFallback(folderURI: folderURI, widget: widget)).toOpaque()
        g_dbus_connection_call(
            bus, "org.freedesktop.FileManager1", "/org/freedesktop/FileManager1", "org.freedesktop.FileManager1",
            "ShowItems", parameters, nil, G_DBUS_CALL_FLAGS_NONE, 5_000, nil, showItemsAnswered, fallback)
    }

    /// The `file://` URI of `path`, or `nil` for a path GLib cannot express as one.
    private static func fileURI(_ path: String) -> String? {
        guard let uri = g_filename_to_uri(path, nil, nil) else { return nil }
        defer { g_free(uri) }
        return String(cString: uri)
    }

    /// Where the file manager's answer lands: on an error (no file manager
    /// runs), the folder is opened with its default application.
    private static let showItemsAnswered: GAsyncReadyCallback = { source, result, userData in
        guard let userData else { return }
        var error: UnsafeMutablePointer<GError>?
        let reply = g_dbus_connection_call_finish(OpaquePointer(source), result, &error)
        if let reply { g_variant_unref(reply) }
        let failed = error != nil
        if let error { g_error_free(error) }
        let address = Int(bitPattern: userData)
        MainActor.assumeIsolated {
            guard let userData = UnsafeMutableRawPointer(bitPattern: address) else { return }
            let fallback = Unmanaged<FolderFallback>.fromOpaque(userData).takeRetainedValue()
            if failed { fallback.openFolder() }
        }
    }
}

/// What ``FileRevealer/showInFolder(_:from:)`` does when no file manager answers.
@MainActor
private final class FolderFallback {
    let folderURI: String
    /// The widget whose window opens the folder; held until the answer came.
    let widget: UnsafeMutablePointer<GtkWidget>

    init(folderURI: String, widget: UnsafeMutablePointer<GtkWidget>) {
        self.folderURI = folderURI
        self.widget = widget
        g_object_ref(UnsafeMutableRawPointer(widget))
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(widget))
    }

    func openFolder() {
        LinkOpener.open(folderURI, from: widget)
    }
}
