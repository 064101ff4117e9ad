import AssistGtk
import CGtk
import CWebKit

extension ChatTemplateView {
    /// The navigation rules. A new window (`target=_blank`; `window.open`
    /// arrives through `create`) is refused, and its address is handed to
    /// ``openInBrowser`` when the person asked for it (see
    /// ``handToBrowser(_:)``). The top
    /// frame's document from an address that is not a chat page is refused
    /// and handed to ``openPushedPage``, so the chat stays; WebKit says
    /// which frame a navigation is for only once its answer arrives, so
    /// this is decided there (frames inside the page load as they are).
    func decide(_ decision: OpaquePointer, _ type: WebKitPolicyDecisionType) -> Bool {
        switch type {
        case WEBKIT_POLICY_DECISION_TYPE_NEW_WINDOW_ACTION:
            webkit_policy_decision_ignore(UnsafeMutablePointer(decision))
            if let action = webkit_navigation_policy_decision_get_navigation_action(decision) { handToBrowser(action) }
            return true
        case WEBKIT_POLICY_DECISION_TYPE_RESPONSE:
            guard webkit_response_policy_decision_is_main_frame_main_resource(decision) != 0,
                let uri = webkit_response_policy_decision_get_request(decision).flatMap({ webkit_uri_request_get_uri($0) })
            else { return false }
            let address = String(cString: uri)
            guard !ChatTemplateAddress.isChatPage(address) else { return false }
            webkit_policy_decision_ignore(UnsafeMutablePointer(decision))
            openPushedPage(address)
            return true
        default:
            return false
        }
    }

    /// A window the page asked for (`target=_blank`, or `window.open` through
    /// `create`, which never makes a view): its address goes to ``openInBrowser``
    /// only when the person's click or key press led to it (a FAQ link), as a
    /// browser's pop-up blocker decides: a page, or a frame inside it, cannot
    /// open the person's browser on its own, at load or from a timer.
    func handToBrowser(_ action: OpaquePointer) {
        guard webkit_navigation_action_is_user_gesture(action) != 0, let request = webkit_navigation_action_get_request(action),
            let uri = webkit_uri_request_get_uri(request)
        else { return }
        openInBrowser(String(cString: uri))
    }

    /// `alert` and `confirm` through ``dialogPresenter``, answered when the
    /// person answers; other dialogs (`prompt`, leaving the page) are WebKit's.
    func scriptDialog(_ dialog: OpaquePointer) -> Bool {
        let type = webkit_script_dialog_get_dialog_type(dialog)
        guard type == WEBKIT_SCRIPT_DIALOG_ALERT || type == WEBKIT_SCRIPT_DIALOG_CONFIRM else { return false }
        let message = webkit_script_dialog_get_message(dialog).map { String(cString: $0) } ?? ""
        let pending = PendingScriptDialog(dialog)
        if type == WEBKIT_SCRIPT_DIALOG_ALERT {
            dialogPresenter.alert(message, over: parentWindow) { pending.finish(confirmed: nil) }
        } else {
            dialogPresenter.confirm(message, over: parentWindow) { pending.finish(confirmed: $0) }
        }
        return true
    }
}

/// A page's dialog waiting for the person: held until answered, then
/// answered and closed once.
@MainActor
private final class PendingScriptDialog {
    private var dialog: OpaquePointer?

    init(_ dialog: OpaquePointer) {
        self.dialog = webkit_script_dialog_ref(dialog)
    }

    /// A dialog the presenter dropped unanswered is closed, so the page goes on.
    isolated deinit {
        guard let dialog else { return }
        webkit_script_dialog_close(dialog)
        webkit_script_dialog_unref(dialog)
    }

    /// Answers (`confirmed` for `confirm`) and lets the page go on.
    func finish(confirmed: Bool?) {
        guard let dialog else { return }
        self.dialog = nil
        if let confirmed { webkit_script_dialog_confirm_set_confirmed(dialog, confirmed ? 1 : 0) }
        webkit_script_dialog_close(dialog)
        webkit_script_dialog_unref(dialog)
    }
}
