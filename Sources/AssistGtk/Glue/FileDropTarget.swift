import CGtk
import Foundation

/// Lets files dropped on a widget (from the file manager, a browser's
/// downloads, …) be taken as a list of local files. While a drag with files
/// is over the widget, GTK gives it the `:drop(active)` state to style.
@MainActor
enum FileDropTarget {
    /// Makes `widget` accept dropped files; `onFiles` gets those that are on
    /// this computer (files from elsewhere, such as a network share GIO cannot
    /// name as a path, are left out), never an empty list.
    static func attach(to widget: UnsafeMutablePointer<GtkWidget>, onFiles: @escaping @MainActor ([URL]) -> Void) {
        let target = gtk_drop_target_new(gdk_file_list_get_type(), GDK_ACTION_COPY)!
        let box = Unmanaged.passRetained(DropHandlerBox(onFiles)).toOpaque()
        let trampoline: @convention(c) (gpointer?, UnsafePointer<GValue>?, Double, Double, gpointer?) -> gboolean = {
            _, value, _, _, userData in
            guard let userData, let value else { return 0 }
            let files = FileDropTarget.paths(in: value)
            guard !files.isEmpty else { return 0 }
            let address = Int(bitPattern: userData)
            return MainActor.assumeIsolated {
                guard let userData = UnsafeMutableRawPointer(bitPattern: address) else { return 0 }
                Unmanaged<DropHandlerBox>.fromOpaque(userData).takeUnretainedValue().handler(files)
                return 1
            }
        }
        let release: GClosureNotify = { userData, _ in
            guard let userData else { return }
            Unmanaged<AnyObject>.fromOpaque(userData).release()
        }
        g_signal_connect_data(
            UnsafeMutableRawPointer(target), "drop", unsafeBitCast(trampoline, to: GCallback.self), box, release,
            GConnectFlags(0))
        gtk_widget_add_controller(widget, target)
    }

    /// The local paths of the files in a `GdkFileList` value.
    private nonisolated static func paths(in value: UnsafePointer<GValue>) -> [URL] {
        guard let list = g_value_get_boxed(value) else { return [] }
        var files: [URL] = []
        var node = gdk_file_list_get_files(OpaquePointer(list))
        let head = node
        while let current = node {
            if let file = current.pointee.data, let path = g_file_get_path(OpaquePointer(file)) {
                files.append(URL(fileURLWithPath: String(cString: path)))
                g_free(path)
            }
            node = current.pointee.next
        }
        g_slist_free(head)
        return files
    }
}

/// Holds a drop handler while GLib holds the box.
@MainActor
private final class DropHandlerBox {
    let handler: ([URL]) -> Void

    init(_ handler: @escaping ([URL]) -> Void) {
        self.handler = handler
    }
}
