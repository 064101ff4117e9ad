import AssistGtk
import AssistCore
import CGstreamer
import Foundation
import Glibc
import Synchronization

/// The GStreamer pipeline that turns one screen source into pictures — a
/// portal stream (`pipewiresrc`) or an X server's screen (`ximagesrc`) —
/// `! videoconvert ! BGRx ! appsink`, made and stopped on the main thread.
///
/// It is built with `gst_parse_launch` from one description: every value in
/// it is a number (the descriptor, the node) or an X display name (checked
/// to need no quoting), so the whole pipeline reads in one line of a log,
/// and no C helper is needed for the properties Swift cannot set through
/// variadic `g_object_set`.
///
/// BGRx, not BGRA: mutter offers BGRx only, so videoconvert passes its
/// buffers through untouched; and asked for BGRA, videoconvert copies the x
/// byte as alpha (a shared window arrived with alpha 0 around it). The copy
/// into a ``PixelBuffer`` sets that byte to 255 instead.
@MainActor
final class ScreenFramePipeline {
    /// Where the pictures come from.
    enum Source: Sendable, Hashable {
        /// A portal stream: the PipeWire connection `descriptor` (which the
        /// pipeline owns) and the stream's `node`.
        case pipeWire(descriptor: Int32, node: UInt32)
        /// The whole screen of the X server `display` (such as `:0`), at
        /// most `framesPerSecond` pictures a second.
        case x11(display: String, framesPerSecond: Int)

        /// The GStreamer element that reads it, with its Debian package.
        var element: (element: String, package: String) {
            switch self {
            case .pipeWire: ScreenGStreamer.pipeWireSource
            case .x11: ScreenGStreamer.x11Source
            }
        }
    }

    /// Element names in ``description(of:)``.
    enum Name {
        static let source = "source"
        static let frames = "frames"
    }

    private let pipeline: UnsafeMutablePointer<GstElement>
    private let mailbox: ScreenFrameMailbox
    private let descriptor: Int32?
    private var running = true

    /// The pipeline's description for `source`; `nil` for an X display
    /// name that would need quoting.
    nonisolated static func description(of source: Source) -> String? {
        let sink = " ! videoconvert ! video/x-raw,format=BGRx ! appsink name=\(Name.frames) max-buffers=1 drop=true sync=false"
        switch source {
        case .pipeWire(let descriptor, let node):
            return "pipewiresrc name=\(Name.source) fd=\(descriptor) path=\(node) always-copy=true do-timestamp=true" + sink
        case .x11(let display, let framesPerSecond):
            let plain = display.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || ":.-_".unicodeScalars.contains($0) }
            guard plain, !display.isEmpty, framesPerSecond > 0 else { return nil }
            return "ximagesrc name=\(Name.source) display-name=\(display) use-damage=false show-pointer=true"
                + " ! video/x-raw,framerate=\(framesPerSecond)/1" + sink
        }
    }

    /// Builds the pipeline for `source` and sets it playing. A PipeWire
    /// connection is the pipeline's from now on: it is closed when the
    /// pipeline stops or fails to start.
    ///
    /// - Parameters:
    ///   - frames: takes each picture on the streaming thread; delivers the
    ///     newest on the main thread.
    ///   - ended: called on the main thread, at most once, when the bus first
    ///     says end-of-stream (`nil`) or reports an error (its text).
    init(
        _ source: Source, frames: ScreenFrameMailbox, ended: @escaping @Sendable @MainActor (String?) -> Void
    ) throws(ScreenChoiceError) {
        let descriptor: Int32? = if case .pipeWire(let descriptor, _) = source { descriptor } else { nil }
        do throws(ScreenChoiceError) {
            try ScreenGStreamer.prepare(source: source.element)
        } catch {
            if let descriptor { close(descriptor) }
            throw error
        }
        guard let description = Self.description(of: source) else {
            throw .failed(detail: "the screen's source cannot be named in a pipeline: \(source)")
        }
        var failure: UnsafeMutablePointer<GError>?
        let parsed: UnsafeMutablePointer<GstElement>? = gst_parse_launch(description, &failure)
        guard let parsed, failure == nil else {
            let detail = ScreenGStreamer.takeMessage(of: &failure)
            if let parsed { gst_object_unref(gst_object_ref_sink(parsed)) }
            if let descriptor { close(descriptor) }
            throw .failed(detail: "the screen's pipeline could not be built: \(detail)")
        }
        _ = gst_object_ref_sink(parsed)
        self.pipeline = parsed
        self.mailbox = frames
        self.descriptor = descriptor

        Self.dropEmptyBuffers(leaving: Name.source, in: parsed)
        if let sink = Self.element(Name.frames, in: parsed) {
            Self.deliverSamples(of: sink, to: frames)
        }
        if let bus = gst_pipeline_get_bus(UnsafeMutableRawPointer(parsed).assumingMemoryBound(to: GstPipeline.self)) {
            BusWatch(ended).watch(bus)
            gst_object_unref(bus)
        }
        guard gst_element_set_state(parsed, GST_STATE_PLAYING) != GST_STATE_CHANGE_FAILURE else {
            stop()
            throw .failed(detail: "the screen's pipeline could not start")
        }
    }

    isolated deinit {
        stop()
    }

    /// Stops the pipeline: its threads end, the mailbox delivers nothing
    /// more, a PipeWire connection is closed. Later calls do nothing.
    func stop() {
        guard running else { return }
        running = false
        mailbox.close()
        if let bus = gst_pipeline_get_bus(UnsafeMutableRawPointer(pipeline).assumingMemoryBound(to: GstPipeline.self)) {
            gst_bus_remove_watch(bus)
            gst_object_unref(bus)
        }
        gst_element_set_state(pipeline, GST_STATE_NULL)
        gst_object_unref(pipeline)
        if let descriptor { close(descriptor) }
    }

    /// The element called `name` in `bin` (borrowed: the bin keeps it), or `nil`.
    private static func element(_ name: String, in bin: UnsafeMutablePointer<GstElement>) -> UnsafeMutablePointer<GstElement>? {
        guard let element = gst_bin_get_by_name(UnsafeMutableRawPointer(bin).assumingMemoryBound(to: GstBin.self), name)
        else { return nil }
        gst_object_unref(element)
        return element
    }

    /// Drops the empty buffers the source pushes (gnome-shell sends some
    /// while sharing a window): videoconvert cannot map them and would pass
    /// on a black, transparent picture.
    private static func dropEmptyBuffers(leaving name: String, in bin: UnsafeMutablePointer<GstElement>) {
        guard let source = element(name, in: bin), let pad = gst_element_get_static_pad(source, "src") else { return }
        defer { gst_object_unref(pad) }
        let probe: GstPadProbeCallback = { _, info, _ in
            guard let info, let buffer = gst_pad_probe_info_get_buffer(info) else { return GST_PAD_PROBE_OK }
            return gst_buffer_get_size(buffer) == 0 ? GST_PAD_PROBE_DROP : GST_PAD_PROBE_OK
        }
        gst_pad_add_probe(pad, GST_PAD_PROBE_TYPE_BUFFER, probe, nil, nil)
    }

    /// Turns every sample `appsink` takes into a ``PixelBuffer`` on the
    /// streaming thread and leaves it in `mailbox`. The sink holds the
    /// mailbox until it is finalized.
    private static func deliverSamples(of appsink: UnsafeMutablePointer<GstElement>, to mailbox: ScreenFrameMailbox) {
        var callbacks = GstAppSinkCallbacks()
        callbacks.new_sample = { sink, userData in
            guard let sink, let userData else { return GST_FLOW_OK }
            let mailbox = Unmanaged<ScreenFrameMailbox>.fromOpaque(userData).takeUnretainedValue()
            if let sample = gst_app_sink_pull_sample(sink) {
                defer { gst_sample_unref(sample) }
                if let frame = PixelBuffer(bgrxSample: sample) { mailbox.leave(frame) }
            }
            return GST_FLOW_OK
        }
        let release: GDestroyNotify = { userData in
            if let userData { Unmanaged<ScreenFrameMailbox>.fromOpaque(userData).release() }
        }
        appsink.withMemoryRebound(to: GstAppSink.self, capacity: 1) { sink in
            gst_app_sink_set_callbacks(sink, &callbacks, Unmanaged.passRetained(mailbox).toOpaque(), release)
        }
    }
}

/// Watches a pipeline's bus on the main context for the end of the stream
/// or an error, and reports the first one; the watch holds it until removed.
private final class BusWatch: Sendable {
    private let ended: @Sendable @MainActor (String?) -> Void
    private let reported = Atomic<Bool>(false)

    init(_ ended: @escaping @Sendable @MainActor (String?) -> Void) {
        self.ended = ended
    }

    func watch(_ bus: UnsafeMutablePointer<GstBus>) {
        let message: GstBusFunc = { _, message, userData in
            guard let message, let userData else { return gboolean(1) }
            let detail: String?
            switch message.pointee.type {
            case GST_MESSAGE_EOS: detail = nil
            case GST_MESSAGE_ERROR: detail = BusWatch.errorText(of: message)
            default: return gboolean(1)
            }
            let watch = Unmanaged<BusWatch>.fromOpaque(userData).takeUnretainedValue()
            guard watch.reported.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else {
                return gboolean(1)
            }
            // Reported from a fresh turn of the loop, so whoever is told
            // may stop the pipeline (and remove this watch) at once.
            MainContext.post { [watch] in watch.ended(detail) }
            return gboolean(1)
        }
        let release: GDestroyNotify = { userData in
            if let userData { Unmanaged<BusWatch>.fromOpaque(userData).release() }
        }
        gst_bus_add_watch_full(bus, G_PRIORITY_DEFAULT, message, Unmanaged.passRetained(self).toOpaque(), release)
    }

    private static func errorText(of message: UnsafeMutablePointer<GstMessage>) -> String {
        var error: UnsafeMutablePointer<GError>?
        var debug: UnsafeMutablePointer<gchar>?
        gst_message_parse_error(message, &error, &debug)
        g_free(debug)
        let source = message.pointee.src.flatMap { gst_object_get_name($0) }
        defer { g_free(source) }
        let name = source.map { String(cString: $0) } ?? "pipeline"
        return "\(name): \(ScreenGStreamer.takeMessage(of: &error))"
    }
}
