import AssistCore
import CGstreamer
import CGtk

/// GStreamer for the screen share, initialised on first use: an app that
/// never shares the screen never scans GStreamer's plug-ins.
enum ScreenGStreamer {
    /// The elements every share needs, each with the Debian package that installs it.
    static let requiredElements: [(element: String, package: String)] = [
        ("videoconvert", "gstreamer1.0-plugins-base"),
        ("appsink", "gstreamer1.0-plugins-base"),
    ]
    /// The source of a portal stream.
    static let pipeWireSource = (element: "pipewiresrc", package: "gstreamer1.0-pipewire")
    /// The source of an X server's screen.
    static let x11Source = (element: "ximagesrc", package: "gstreamer1.0-plugins-good")

    /// Initialises GStreamer (once; `gst_init_check` returns at once after
    /// the first time) and checks that every element a share from `source`
    /// needs is there.
    static func prepare(source: (element: String, package: String)) throws(ScreenChoiceError) {
        var failure: UnsafeMutablePointer<GError>?
        guard gst_init_check(nil, nil, &failure) != 0 else {
            throw .failed(detail: "GStreamer could not be initialised: \(takeMessage(of: &failure))")
        }
        for (element, package) in requiredElements + [source] {
            guard let factory = gst_element_factory_find(element) else {
                throw .failed(detail: "the GStreamer element \(element) is missing (Debian package \(package))")
            }
            gst_object_unref(UnsafeMutableRawPointer(factory))
        }
    }

    /// The message of `error`, which is then freed and set to `nil`.
    static func takeMessage(of error: inout UnsafeMutablePointer<GError>?) -> String {
        defer { g_clear_error(&error) }
        return error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
    }
}
