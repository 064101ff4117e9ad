import AssistCore
import CGtk

/// Performs an agent's input event on the shared window — only where the
/// permission engine says the agent may act (`docs/protocol.md` §12.6).
///
/// A click is hit-tested with `gtk_widget_pick`; text goes to the widget
/// with the focus. On a widget with ``EmbeddedContent`` (a web page) the
/// part of the content under the point, or under the focused text element,
/// decides, and the content performs the input. What the agent may not see
/// answers `masked` and reveals nothing; what it may see but not use
/// answers `notInteractive`. Widgets in
/// `protected` (the Sharing bar) never take the agent's input, and other
/// windows (consent dialogs among them) are out of its reach altogether.
@MainActor
struct AgentInputPerformer {
    /// The shared window.
    let window: UnsafeMutablePointer<GtkWidget>
    /// The pipeline that knows what each widget is to the agent.
    let capture: CobrowseCapture
    /// Widgets that never take the agent's input, with all they contain.
    let protected: [UnsafeMutablePointer<GtkWidget>]

    /// Decides `event` and performs it when allowed.
    func perform(_ event: InputEvent) -> InputOutcome {
        let shared = capture.sharedAccess()
        let access = shared.byWidget
        switch event {
        case .click(let x, let y):
            guard let picked = gtk_widget_pick(window, Double(x), Double(y), GTK_PICK_DEFAULT) else { return .nothingThere }
            if let (host, content) = Self.embeddedContent(at: picked), !isProtected(host) {
                return clickEmbedded(content, of: host, x: x, y: y, access: shared)
            }
            return click(picked, access: access)
        case .text(let text):
            guard let focus = gtk_root_get_focus(GtkCast.opaque(window)) else { return .nothingThere }
            if let (host, content) = Self.embeddedContent(at: focus), !isProtected(host) {
                return typeEmbedded(text, into: content, of: host, access: shared)
            }
            return type(text, into: focus, access: access)
        }
    }

    /// A click on a widget with embedded content (a web page): decided by
    /// the part of the content under the point, performed by the content.
    private func clickEmbedded(
        _ content: any EmbeddedContent, of host: UnsafeMutablePointer<GtkWidget>, x: Int, y: Int,
        access: SharedAccess
    ) -> InputOutcome {
        switch access.access(at: x, y, inContentOf: host) {
        case .masked: return .masked
        case .viewOnly: return .notInteractive
        case .interactive:
            guard let origin = SharedWindowReader.bounds(of: host, in: window) else { return .nothingThere }
            content.performAgentClick(x: Double(x - origin.x), y: Double(y - origin.y))
            return .performed
        }
    }

    /// Text for a widget with embedded content: decided by the part under
    /// the middle of the content's focused text element, typed by the content.
    private func typeEmbedded(
        _ text: String, into content: any EmbeddedContent, of host: UnsafeMutablePointer<GtkWidget>,
        access: SharedAccess
    ) -> InputOutcome {
        guard case .known(_, let focus) = content.sharedParts else { return .masked }
        guard let focus, let origin = SharedWindowReader.bounds(of: host, in: window) else {
            return access.byWidget[host]?.isViewable == true ? .nothingThere : .masked
        }
        let x = origin.x + focus.x + focus.width / 2
        let y = origin.y + focus.y + focus.height / 2
        switch access.access(at: x, y, inContentOf: host) {
        case .masked: return .masked
        case .viewOnly: return .notInteractive
        case .interactive:
            content.performAgentText(text)
            return .performed
        }
    }

    /// The nearest widget at or above `widget` with embedded content, and that content.
    private static func embeddedContent(
        at widget: UnsafeMutablePointer<GtkWidget>
    ) -> (UnsafeMutablePointer<GtkWidget>, any EmbeddedContent)? {
        var current: UnsafeMutablePointer<GtkWidget>? = widget
        while let node = current {
            if let content = EmbeddedContentRegistry.content(of: node) { return (node, content) }
            current = gtk_widget_get_parent(node)
        }
        return nil
    }

    private func click(
        _ picked: UnsafeMutablePointer<GtkWidget>, access: [UnsafeMutablePointer<GtkWidget>: ElementAccess]
    ) -> InputOutcome {
        if Self.access(of: picked, in: access) == .masked { return .masked }
        if isProtected(picked) { return .notInteractive }
        guard let (target, action) = Self.clickTarget(from: picked) else { return .nothingThere }
        switch Self.access(of: target, in: access) {
        case .masked: return .masked
        case .viewOnly: return .notInteractive
        case .interactive:
            action()
            return .performed
        }
    }

    private func type(
        _ text: String, into focus: UnsafeMutablePointer<GtkWidget>,
        access: [UnsafeMutablePointer<GtkWidget>: ElementAccess]
    ) -> InputOutcome {
        switch Self.access(of: focus, in: access) {
        case .masked: return .masked
        case .viewOnly: return .notInteractive
        case .interactive: break
        }
        if isProtected(focus) { return .notInteractive }
        if Self.is(focus, gtk_text_view_get_type()) {
            gtk_text_buffer_insert_at_cursor(gtk_text_view_get_buffer(GtkCast.pointer(focus)), text, -1)
            return .performed
        }
        if Self.is(focus, gtk_text_get_type()) {
            let editable = GtkCast.opaque(focus)
            var position = gtk_editable_get_position(editable)
            gtk_editable_insert_text(editable, text, -1, &position)
            gtk_editable_set_position(editable, position)
            return .performed
        }
        return .nothingThere
    }

    /// What `widget` is to the agent: its own entry, or its nearest drawn
    /// ancestor's; masked when neither is known.
    private static func access(
        of widget: UnsafeMutablePointer<GtkWidget>, in access: [UnsafeMutablePointer<GtkWidget>: ElementAccess]
    ) -> ElementAccess {
        var current: UnsafeMutablePointer<GtkWidget>? = widget
        while let node = current {
            if let known = access[node] { return known }
            current = gtk_widget_get_parent(node)
        }
        return .masked
    }

    /// The widget a click at `picked` acts on, and how: the nearest button,
    /// check box, switch or text field at or above it.
    private static func clickTarget(
        from picked: UnsafeMutablePointer<GtkWidget>
    ) -> (UnsafeMutablePointer<GtkWidget>, () -> Void)? {
        var current: UnsafeMutablePointer<GtkWidget>? = picked
        while let node = current {
            if gtk_widget_is_sensitive(node) != 0 {
                if self.is(node, gtk_button_get_type()) { return (node, { assist_signal_emit_void(node, "clicked") }) }
                if self.is(node, gtk_check_button_get_type()) {
                    let check = GtkCast.pointer(node, to: GtkCheckButton.self)
                    return (node, { gtk_check_button_set_active(check, gtk_check_button_get_active(check) == 0 ? 1 : 0) })
                }
                if self.is(node, gtk_switch_get_type()) {
                    let toggle = GtkCast.opaque(node)
                    return (node, { gtk_switch_set_active(toggle, gtk_switch_get_active(toggle) == 0 ? 1 : 0) })
                }
                if self.is(node, gtk_text_get_type()) || self.is(node, gtk_text_view_get_type()) {
                    return (node, { _ = gtk_widget_grab_focus(node) })
                }
            }
            current = gtk_widget_get_parent(node)
        }
        return nil
    }

    private func isProtected(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        protected.contains { gtk_widget_is_ancestor(widget, $0) != 0 || widget == $0 }
    }

    private static func `is`(_ widget: UnsafeMutablePointer<GtkWidget>, _ type: GType) -> Bool {
        g_type_check_instance_is_a(GtkCast.pointer(widget, to: GTypeInstance.self), type) != 0
    }
}
