import CGstreamer

/// Small GStreamer helpers the pipeline code shares: making bins from
/// descriptions, finding elements, and the pointer casts C does with macros.
enum CallBins {
    /// A bin made from `description`, its one unlinked pad ghosted as `src`
    /// or `sink`.
    static func parse(_ description: String) throws(CallMediaError) -> UnsafeMutablePointer<GstElement> {
        var failure: UnsafeMutablePointer<GError>?
        let bin = gst_parse_bin_from_description(description, 1, &failure)
        // A missing element leaves a partly built bin and an error: both are failures.
        guard let bin, failure == nil else {
            let detail = takeMessage(of: &failure)
            if let bin { gst_object_unref(gst_object_ref_sink(bin)) }
            throw CallMediaError(.missingElement, "GStreamer could not build “\(description)”: \(detail)")
        }
        return UnsafeMutableRawPointer(bin).assumingMemoryBound(to: GstElement.self)
    }

    /// The element called `name` inside `bin` (a borrowed pointer: the bin
    /// keeps it alive), or `nil`.
    static func element(_ name: String, in bin: UnsafeMutablePointer<GstElement>) -> UnsafeMutablePointer<GstElement>? {
        guard let element = gst_bin_get_by_name(self.bin(bin), name) else { return nil }
        gst_object_unref(element)
        return element
    }

    /// The message of `error`, which is then freed and set to `nil`;
    /// "unknown error" when there is none.
    static func takeMessage(of error: inout UnsafeMutablePointer<GError>?) -> String {
        defer { g_clear_error(&error) }
        return error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "unknown error"
    }

    /// What a bus's error `message` says.
    static func errorText(of message: UnsafeMutablePointer<GstMessage>) -> String {
        var error: UnsafeMutablePointer<GError>?
        var debug: UnsafeMutablePointer<gchar>?
        gst_message_parse_error(message, &error, &debug)
        g_free(debug)
        return takeMessage(of: &error)
    }

    /// `element` as the `GstBin` it is (C's `GST_BIN()`).
    static func bin(_ element: UnsafeMutablePointer<GstElement>) -> UnsafeMutablePointer<GstBin> {
        UnsafeMutableRawPointer(element).assumingMemoryBound(to: GstBin.self)
    }
}
