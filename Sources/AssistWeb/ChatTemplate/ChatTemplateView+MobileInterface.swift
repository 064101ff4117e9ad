import AssistGtk
import CWebKit

extension ChatTemplateView {
    /// Ends the chat from the app (`MobileInterface.CloseChat()`): the page
    /// ends the session without asking, and `IOSChatEnded` follows.
    public func closeChat() {
        callMobileInterface("CloseChat", argument: nil, as: "")
    }

    /// Shows or hides the template's own Close button
    /// (`MobileInterface.ShowCloseButton(shown)`).
    public func showCloseButton(_ shown: Bool) {
        // WebKit passes numbers, strings and dictionaries, not booleans.
        callMobileInterface("ShowCloseButton", argument: ("shown", g_variant_new_int32(shown ? 1 : 0)), as: "shown === 1")
    }

    /// Calls `MobileInterface.NAME` in the page's world with at most one
    /// argument, passed as a value (`a{sv}`), never spliced into the source,
    /// and given to the function as the fixed expression `expression` of it;
    /// only while the top frame shows the template's origin, and only when
    /// the page defines the function.
    func callMobileInterface(_ name: String, argument: (name: String, value: OpaquePointer?)?, as expression: String) {
        guard address.isSameOrigin(currentURI) else { return }
        let type = g_variant_type_new("a{sv}")
        let builder = g_variant_builder_new(type)
        g_variant_type_free(type)
        if let argument {
            g_variant_builder_add_value(builder, g_variant_new_dict_entry(g_variant_new_string(argument.name), g_variant_new_variant(argument.value)))
        }
        let arguments = g_variant_ref_sink(g_variant_builder_end(builder))
        g_variant_builder_unref(builder)
        let call = "window.MobileInterface.\(name)(\(expression))"
        let body = "if (window.MobileInterface && typeof window.MobileInterface.\(name) === 'function') \(call);"
        webkit_web_view_call_async_javascript_function(view, body, -1, arguments, nil, nil, nil, nil, nil)
        g_variant_unref(arguments)
    }
}
