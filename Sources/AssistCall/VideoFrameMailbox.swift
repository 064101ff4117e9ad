import AssistGtk
import CGstreamer
import Synchronization

/// Carries an appsink's frames to the main thread, newest only.
///
/// The appsink's streaming thread leaves each frame here, replacing any the
/// main thread has not taken yet, and posts one delivery to the main
/// context while none is pending. A busy main loop therefore skips frames
/// instead of queueing them.
final class VideoFrameMailbox: Sendable {
    private let state = Mutex(State())
    private let counter: BufferCounter?
    private let deliver: @Sendable @MainActor (VideoSample) -> Void

    private struct State: ~Copyable {
        var waiting: VideoSample?
        var deliveryPosted = false
    }

    /// A mailbox that counts every frame in `counter` and hands the newest
    /// to `deliver` on the main thread.
    init(counting counter: BufferCounter? = nil, deliver: @escaping @Sendable @MainActor (VideoSample) -> Void) {
        self.counter = counter
        self.deliver = deliver
    }

    /// Takes `appsink`'s samples from now on. The sink keeps the mailbox
    /// alive until it is finalized.
    func receive(from appsink: UnsafeMutablePointer<GstElement>) {
        var callbacks = GstAppSinkCallbacks()
        callbacks.new_sample = { sink, userData in
            guard let sink, let userData else { return GST_FLOW_OK }
            let mailbox = Unmanaged<VideoFrameMailbox>.fromOpaque(userData).takeUnretainedValue()
            if let sample = gst_app_sink_pull_sample(sink) {
                mailbox.leave(VideoSample(taking: sample))
            }
            return GST_FLOW_OK
        }
        let release: GDestroyNotify = { userData in
            if let userData { Unmanaged<VideoFrameMailbox>.fromOpaque(userData).release() }
        }
        appsink.withMemoryRebound(to: GstAppSink.self, capacity: 1) { sink in
            gst_app_sink_set_callbacks(sink, &callbacks, Unmanaged.passRetained(self).toOpaque(), release)
        }
    }

    /// On the streaming thread: keeps `sample` as the newest frame and posts
    /// a delivery unless one is pending.
    private func leave(_ sample: VideoSample) {
        counter?.increment()
        let mustPost = state.withLock { state in
            state.waiting = sample
            defer { state.deliveryPosted = true }
            return !state.deliveryPosted
        }
        guard mustPost else { return }
        MainContext.post { [self] in
            let newest = state.withLock { state in
                state.deliveryPosted = false
                return state.waiting.take()
            }
            if let newest { deliver(newest) }
        }
    }
}

/// One decoded frame as GStreamer produced it (a `GstSample` reference).
///
/// It is Sendable because a sample is never written after its element
/// pushed it, and the reference is handed from thread to thread, never
/// shared.
final class VideoSample: @unchecked Sendable {
    let sample: OpaquePointer

    /// Wraps `sample`, taking over its reference.
    init(taking sample: OpaquePointer) {
        self.sample = sample
    }

    deinit {
        gst_sample_unref(sample)
    }
}
