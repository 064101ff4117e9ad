import CGstreamer
import Synchronization

/// A count of the buffers that pass one pad, kept by a pad probe on a
/// streaming thread and read from the main thread.
final class BufferCounter: Sendable {
    private let count = Atomic<Int>(0)

    /// The buffers counted so far.
    var value: Int { count.load(ordering: .relaxed) }

    /// Counts one buffer (or one buffer list: a payloader may push either).
    func increment() {
        count.add(1, ordering: .relaxed)
    }

    /// Counts every buffer that leaves `element`'s pad `padName` from now on.
    /// The probe keeps the counter alive until the pad is finalized.
    func watch(_ element: UnsafeMutablePointer<GstElement>, pad padName: String) {
        guard let pad = gst_element_get_static_pad(element, padName) else { return }
        defer { gst_object_unref(pad) }
        let probe: GstPadProbeCallback = { _, _, userData in
            if let userData {
                Unmanaged<BufferCounter>.fromOpaque(userData).takeUnretainedValue().increment()
            }
            return GST_PAD_PROBE_OK
        }
        let release: GDestroyNotify = { userData in
            if let userData { Unmanaged<BufferCounter>.fromOpaque(userData).release() }
        }
        gst_pad_add_probe(
            pad, GstPadProbeType(GST_PAD_PROBE_TYPE_BUFFER.rawValue | GST_PAD_PROBE_TYPE_BUFFER_LIST.rawValue),
            probe, Unmanaged.passRetained(self).toOpaque(), release)
    }
}

/// The counters of one call, one per point of the pipeline.
final class CallMediaCounting: Sendable {
    let capturedAudio = BufferCounter()
    let capturedVideo = BufferCounter()
    let audioSent = BufferCounter()
    let videoSent = BufferCounter()
    let audioReceived = BufferCounter()
    let videoDecoded = BufferCounter()

    /// The counts as they are now.
    var snapshot: CallMediaCounters {
        CallMediaCounters(
            capturedAudioBuffers: capturedAudio.value, capturedVideoFrames: capturedVideo.value,
            audioBuffersSent: audioSent.value, videoFramesSent: videoSent.value,
            audioBuffersReceived: audioReceived.value, videoFramesDecoded: videoDecoded.value)
    }
}
