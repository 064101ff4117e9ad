import AssistCore
import CGtk
import Foundation

/// Where files the agent sends are saved: the configuration's
/// `receivedFilesDirectory`, else the person's Downloads folder as the
/// desktop names it (`XDG_DOWNLOAD_DIR` in `user-dirs.dirs`, read by GLib),
/// else `~/Downloads`.
public enum ReceivedFilesFolder {
    /// The folder for `configuration`, made when missing; `nil` when it
    /// cannot be made (received files then say they were not saved).
    public static func url(for configuration: Configuration) -> URL? {
        let folder: URL
        if !configuration.receivedFilesDirectory.isEmpty {
            folder = URL(fileURLWithPath: configuration.receivedFilesDirectory, isDirectory: true)
        } else if let downloads = g_get_user_special_dir(G_USER_DIRECTORY_DOWNLOAD) {
            folder = URL(fileURLWithPath: String(cString: downloads), isDirectory: true)
        } else {
            folder = URL(fileURLWithPath: String(cString: g_get_home_dir()), isDirectory: true)
                .appendingPathComponent("Downloads", isDirectory: true)
        }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return folder
        } catch {
            FileHandle.standardError.write(Data("assist: received files cannot be saved in \(folder.path): \(error.localizedDescription)\n".utf8))
            return nil
        }
    }
}
