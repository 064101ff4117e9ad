import AssistCore
import AssistGtk
import CGtk
import Foundation

/// The app's data files (`assist.css`, the icon), found by
/// ``DataDirectoryLocator``: `$ASSIST_DATA_DIR`, else `../share/assist`
/// beside the installed binary, else the source tree's `data/`. Without any
/// the app starts quietly with GTK's own style and a themed icon.
enum DataFiles {
    /// The app's icon name in the icon theme (installed under
    /// `share/icons/hicolor`).
    static let appIconName = DesktopApplication.applicationID

    /// Themed icons for the start page when the app's own is not in the
    /// theme either, best first; GTK's Adwaita theme, which GTK depends on,
    /// has them.
    private static let fallbackIconNames = ["help-contents-symbolic", "help-browser-symbolic"]

    /// The data folder, or `nil`. Says on stderr, once, when
    /// `ASSIST_DATA_DIR` was set to a folder without the data.
    static func directory() -> URL? {
        let location = DataDirectoryLocator.locate()
        if let ignored = location.ignoredOverride {
            FileHandle.standardError.write(Data(
                "assist-desktop: \(DataDirectoryLocator.environmentVariable)=\(ignored) holds no \(DataDirectoryLocator.markerFile); ignored\n".utf8))
        }
        return location.directory.map { URL(fileURLWithPath: $0, isDirectory: true) }
    }

    /// Takes the person's language from the environment (`LANGUAGE`,
    /// `LC_ALL`, `LC_MESSAGES`, `LANG`) and reads Assist's translations from
    /// the locale folder that goes with `directory` (``Localization``); with
    /// none there, from the system's locale folder. Called before the first
    /// sentence is made.
    static func useTranslations(besideDataIn directory: URL?) {
        setlocale(LC_ALL, "")
        let found = directory.flatMap { directory in
            Localization.localeDirectory(forDataDirectory: directory.path) { path in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
            }
        }
        if let found { Localization.bind(localeDirectory: found) }
    }

    /// Loads `assist.css` from `directory` for the whole display; says on
    /// stderr when the folder's file cannot be read. Without a folder the
    /// theme's style is all there is, which is not worth a warning.
    @MainActor
    static func loadStyleSheet(from directory: URL?) {
        guard let directory else { return }
        do {
            try StyleSheet.load(path: directory.appendingPathComponent(DataDirectoryLocator.markerFile).path)
        } catch {
            FileHandle.standardError.write(Data("assist-desktop: \(error.description)\n".utf8))
        }
    }

    /// The app's icon in `directory` as a file, or `nil` when it is not
    /// there. The 192-pixel PNG, so that it stays sharp where the start page
    /// draws it at 96 pixels on a display scaled by two.
    ///
    /// The start page reads the file itself rather than adding the folder to
    /// the icon theme's search path: changing the search path after start
    /// throws away the theme GTK has just loaded, reloads it on the main
    /// thread and restyles every widget, which delayed the first frame.
    static func appIconFile(in directory: URL?) -> String? {
        guard let directory else { return nil }
        let file = directory.appendingPathComponent("icons/hicolor/192x192/apps/\(appIconName).png").path
        return FileManager.default.isReadableFile(atPath: file) ? file : nil
    }

    /// The icon theme's name for the start page's icon when there is no
    /// file: the app's own where it is installed in the theme, else a help
    /// icon every GTK installation has, never a broken image.
    @MainActor
    static func themedIconName() -> String {
        guard let display = gdk_display_get_default(), let theme = gtk_icon_theme_get_for_display(display) else {
            return appIconName
        }
        let names = [appIconName] + fallbackIconNames
        return names.first { gtk_icon_theme_has_icon(theme, $0) != 0 } ?? fallbackIconNames[fallbackIconNames.count - 1]
    }
}
