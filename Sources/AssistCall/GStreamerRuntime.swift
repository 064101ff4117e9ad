import CGstreamer

/// GStreamer, initialised on first use: an app that links the call's
/// engine but never starts a call never initialises GStreamer (no plug-in
/// registry scan, no threads).
enum GStreamerRuntime {
    /// The elements every call needs, each with the Debian package that
    /// installs it.
    static let requiredElements: [(element: String, package: String)] = [
        ("webrtcbin", "gstreamer1.0-plugins-bad"),
        ("nicesrc", "gstreamer1.0-nice"),
        ("dtlssrtpenc", "gstreamer1.0-plugins-bad"),
        ("vp8enc", "gstreamer1.0-plugins-good"),
        ("vp8dec", "gstreamer1.0-plugins-good"),
        ("rtpvp8pay", "gstreamer1.0-plugins-good"),
        ("opusenc", "gstreamer1.0-plugins-base"),
        ("opusdec", "gstreamer1.0-plugins-base"),
        ("rtpopuspay", "gstreamer1.0-plugins-good"),
        ("valve", "libgstreamer1.0-0"),
        ("appsink", "gstreamer1.0-plugins-base"),
        ("videoconvert", "gstreamer1.0-plugins-base"),
    ]

    /// Initialises GStreamer (once; later calls cost a lookup per element)
    /// and checks that every element the call needs is installed.
    static func prepare() throws(CallMediaError) {
        var failure: UnsafeMutablePointer<GError>?
        guard gst_init_check(nil, nil, &failure) != 0 else {
            let detail = CallBins.takeMessage(of: &failure)
            throw CallMediaError(.gstreamerUnavailable, "GStreamer could not be initialised: \(detail)")
        }
        for (element, package) in requiredElements {
            guard let factory = gst_element_factory_find(element) else {
                throw CallMediaError(
                    .missingElement, "the GStreamer element \(element) is missing (Debian package \(package))")
            }
            gst_object_unref(UnsafeMutableRawPointer(factory))
        }
    }
}
