import AssistGtk
import CWebKit

/// The two things Swift needs of WebKit's script messages that GLib's
/// macros and variadic functions would otherwise do: the text of a message,
/// and a handler that answers (`script-message-with-reply-received`).
@MainActor
enum ScriptReplies {
    /// What a handler answers the page's question with.
    enum Answer {
        /// A string value.
        case text(String)
        /// A boolean value.
        case boolean(Bool)
        /// The question is refused: the page's promise is rejected.
        case refused
    }

    /// The string a message carries, or `nil` when it is not a string.
    static func string(of value: OpaquePointer?) -> String? {
        guard let value, jsc_value_is_string(value) != 0, let text = jsc_value_to_string(value) else { return nil }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// Connects `answer` to the answered handler `handler` of `manager` (a
    /// `WebKitUserContentManager`).
    ///
    /// - Returns: the handler id, for `g_signal_handler_disconnect`.
    static func connect(
        _ manager: UnsafeMutableRawPointer, handler: String,
        answer: @escaping @MainActor (OpaquePointer?) -> Answer
    ) -> gulong {
        let box = Unmanaged.passRetained(AnswerBox(answer)).toOpaque()
        let trampoline: @convention(c) (gpointer?, OpaquePointer?, OpaquePointer?, gpointer?) -> gboolean = {
            _, value, reply, userData in
            guard let userData, let reply else { return 0 }
            return MainActor.assumeIsolated {
                let answer = Unmanaged<AnswerBox>.fromOpaque(userData).takeUnretainedValue().answer(value)
                ScriptReplies.send(answer, to: reply, context: value.flatMap { jsc_value_get_context($0) })
                return 1
            }
        }
        let release: GClosureNotify = { userData, _ in
            guard let userData else { return }
            Unmanaged<AnswerBox>.fromOpaque(userData).release()
        }
        return g_signal_connect_data(
            manager, "script-message-with-reply-received::\(handler)", unsafeBitCast(trampoline, to: GCallback.self),
            box, release, GConnectFlags(0))
    }

    private static func send(_ answer: Answer, to reply: OpaquePointer, context: OpaquePointer?) {
        guard let context else {
            webkit_script_message_reply_return_error_message(reply, "no context")
            return
        }
        let value: OpaquePointer?
        switch answer {
        case .text(let text): value = jsc_value_new_string(context, text)
        case .boolean(let flag): value = jsc_value_new_boolean(context, flag ? 1 : 0)
        case .refused:
            webkit_script_message_reply_return_error_message(reply, "refused")
            return
        }
        guard let value else {
            webkit_script_message_reply_return_error_message(reply, "no value")
            return
        }
        webkit_script_message_reply_return_value(reply, value)
        g_object_unref(UnsafeMutableRawPointer(value))
    }
}

/// Holds an answering handler while GLib holds the box.
@MainActor
private final class AnswerBox {
    let answer: @MainActor (OpaquePointer?) -> ScriptReplies.Answer

    init(_ answer: @escaping @MainActor (OpaquePointer?) -> ScriptReplies.Answer) {
        self.answer = answer
    }
}
