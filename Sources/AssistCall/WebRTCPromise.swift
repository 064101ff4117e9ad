import CGstreamer

/// `GstPromise`s for webrtcbin's asynchronous signals, whose reply is read
/// on webrtcbin's thread and handed to a Swift closure.
enum WebRTCPromise {
    /// A promise whose reply carries the description in `field` ("offer"
    /// or "answer"), or none when `field` is `nil` (set-remote-description).
    /// The caller passes it to one signal and then unrefs it.
    static func make(
        expecting field: String?,
        _ completion: @escaping @Sendable (Result<OwnedSessionDescription?, CallMediaError>) -> Void
    ) -> UnsafeMutablePointer<GstPromise> {
        let box = Unmanaged.passRetained(PromiseCompletion(field: field, completion: completion)).toOpaque()
        return gst_promise_new_with_change_func(promiseChanged, box, releaseCompletion)
    }

    /// Runs on the thread that replied: reads the reply and completes.
    private static let promiseChanged: GstPromiseChangeFunc = { promise, userData in
        guard let promise, let userData else { return }
        let box = Unmanaged<PromiseCompletion>.fromOpaque(userData).takeUnretainedValue()
        box.completion(reply(of: promise, field: box.field))
    }

    private static let releaseCompletion: GDestroyNotify = { userData in
        if let userData { Unmanaged<PromiseCompletion>.fromOpaque(userData).release() }
    }

    private static func reply(
        of promise: UnsafeMutablePointer<GstPromise>, field: String?
    ) -> Result<OwnedSessionDescription?, CallMediaError> {
        guard gst_promise_wait(promise) == GST_PROMISE_RESULT_REPLIED else {
            return .failure(CallMediaError(.negotiationFailed, "webrtcbin dropped the request"))
        }
        let reply = gst_promise_get_reply(promise)
        if let message = assist_reply_copy_error_message(reply) {
            defer { g_free(message) }
            return .failure(CallMediaError(.negotiationFailed, String(cString: message)))
        }
        guard let field else { return .success(nil) }
        guard let description = assist_reply_copy_description(reply, field) else {
            return .failure(CallMediaError(.negotiationFailed, "webrtcbin replied without an \(field)"))
        }
        return .success(OwnedSessionDescription(taking: description))
    }
}

/// Holds a promise's completion while GStreamer holds the promise.
private final class PromiseCompletion: Sendable {
    let field: String?
    let completion: @Sendable (Result<OwnedSessionDescription?, CallMediaError>) -> Void

    init(field: String?, completion: @escaping @Sendable (Result<OwnedSessionDescription?, CallMediaError>) -> Void) {
        self.field = field
        self.completion = completion
    }
}
