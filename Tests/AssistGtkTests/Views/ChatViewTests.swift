import AssistCore
import CGtk
import Foundation
import Testing

@testable import AssistGtk

@Suite("Chat view", .serialized)
@MainActor
struct ChatViewTests {
    init() {
        ViewHarness.start()
    }

    private func own(_ id: String, _ delivery: ChatEntry.Delivery, text: String = "Hello") -> ChatEntry {
        ChatEntry(id: id, author: .consumer, authorName: "You", text: text, time: Date(), delivery: delivery)
    }

    private func agent(_ id: String, _ text: String) -> ChatEntry {
        ChatEntry(id: id, author: .agent(id: "a1"), authorName: "Alex", text: text, time: Date(), delivery: nil)
    }

    private func pressEnter(_ view: ChatView, shift: Bool = false) -> Bool {
        assist_signal_emit_key_pressed(
            UnsafeMutableRawPointer(view.composer.keyController), guint(GDK_KEY_Return), 36,
            shift ? GDK_SHIFT_MASK : GdkModifierType(0)) != 0
    }

    @Test("Enter sends the message and empties the composer")
    func enterSends() {
        let view = ChatView(allowURLPreview: false)
        var sent: [String] = []
        view.onSend = { sent.append($0) }
        view.composer.text = "Hello there\n"
        #expect(pressEnter(view))
        #expect(sent == ["Hello there"])
        #expect(view.composer.text.isEmpty)
    }

    @Test("Shift+Enter does not send and leaves the key to the text view for a new line")
    func shiftEnterDoesNotSend() {
        let view = ChatView(allowURLPreview: false)
        var sent: [String] = []
        view.onSend = { sent.append($0) }
        view.composer.text = "First line"
        #expect(!pressEnter(view, shift: true))
        #expect(sent.isEmpty)
        #expect(view.composer.text == "First line")
    }

    @Test("whitespace alone is never sent, by Enter or by the Send button")
    func whitespaceNeverSends() {
        let view = ChatView(allowURLPreview: false)
        var sent: [String] = []
        view.onSend = { sent.append($0) }
        view.composer.text = "  \n\t "
        _ = pressEnter(view)
        assist_signal_emit_void(view.composer.sendButton, "clicked")
        #expect(sent.isEmpty)
    }

    @Test("typing is reported once when the person starts typing and once when sending empties the composer")
    func typingChanges() {
        let view = ChatView(allowURLPreview: false)
        var typing: [Bool] = []
        view.onTypingChanged = { typing.append($0) }
        let buffer = gtk_text_view_get_buffer(GtkCast.pointer(view.composer.textView))
        gtk_text_buffer_insert_at_cursor(buffer, "H", -1)
        gtk_text_buffer_insert_at_cursor(buffer, "i", -1)
        assist_signal_emit_void(view.composer.sendButton, "clicked")
        #expect(typing == [true, false])
    }

    @Test("a delivery change updates the existing row in place")
    func deliveryUpdatesRowInPlace() throws {
        let view = ChatView(allowURLPreview: false)
        view.render(entries: [own("c1", .sending), agent("s1", "Hi")])
        let row = try #require(view.rows["c1"])
        let rowWidget = row.widget
        let agentRow = try #require(view.rows["s1"]).widget
        #expect(ViewHarness.text(row.deliveryLabel) == "Sending…")
        view.render(entries: [own("c1", .delivered), agent("s1", "Hi")])
        #expect(view.rows["c1"]?.widget == rowWidget)
        #expect(view.rows["s1"]?.widget == agentRow)
        #expect(ViewHarness.text(row.deliveryLabel) == "Delivered")
        #expect(gtk_widget_get_parent(rowWidget) != nil)
    }

    @Test("once the receipt says the server masked a message, its row shows the stored text and the note, and the note is announced")
    func maskedMessageUpdatesInPlace() throws {
        let view = ChatView(allowURLPreview: true)
        var transcript = ChatTranscript()
        let typed = "card 4111 1111 1111 1111, see https://example.com/4111111111111111"
        transcript.appendOwn("c1", text: typed, at: Date())
        view.render(entries: transcript.entries)
        let row = try #require(view.rows["c1"])
        #expect(gtk_widget_get_visible(row.maskingLabel) == 0)
        #expect(ViewHarness.labelTexts(in: row.widget).contains { $0.contains("4111111111111111") })
        let stored = ChatMasker().mask(typed)
        transcript.apply(ChatReceipt(clientMessageID: "c1", messageID: "m1", status: .stored, masked: stored))
        view.render(entries: transcript.entries)
        #expect(view.rows["c1"]?.widget == row.widget)
        #expect(ViewHarness.text(row.textLabel) == stored.text)
        #expect(gtk_widget_get_visible(row.maskingLabel) != 0)
        #expect(ViewHarness.text(row.maskingLabel) == "A card number was hidden to protect it.")
        #expect(!ViewHarness.labelTexts(in: row.widget).contains { $0.contains("4111 1111") || $0.contains("4111111111111111") })
        #expect(ViewHarness.text(view.announcer.widget) == "A card number was hidden to protect it.")
    }

    @Test("Retry is shown only on failed messages and reports the entry's id")
    func retryOnlyForFailed() throws {
        let view = ChatView(allowURLPreview: false)
        var retried: [String] = []
        view.onRetry = { retried.append($0) }
        view.render(entries: [own("c1", .failed), own("c2", .delivered), own("c3", .sending), agent("s1", "Hi")])
        let visible = view.rows.filter { gtk_widget_get_visible($0.value.retryButton) != 0 }.map(\.key)
        #expect(visible == ["c1"])
        assist_signal_emit_void(try #require(view.rows["c1"]).retryButton, "clicked")
        #expect(retried == ["c1"])
        view.render(entries: [own("c1", .sending), own("c2", .delivered), own("c3", .sending), agent("s1", "Hi")])
        #expect(gtk_widget_get_visible(try #require(view.rows["c1"]).retryButton) == 0)
    }

    @Test("agent messages arriving after the first render are announced through an alert-role label")
    func agentMessagesAnnounced() {
        let view = ChatView(allowURLPreview: false)
        #expect(gtk_accessible_get_accessible_role(GtkCast.opaque(view.announcer.widget)) == GTK_ACCESSIBLE_ROLE_ALERT)
        view.render(entries: [agent("s1", "Earlier")])
        #expect(gtk_widget_get_visible(view.announcer.widget) == 0, "history is not read out")
        view.render(entries: [agent("s1", "Earlier"), own("c1", .sending), agent("s2", "How can I help?")])
        #expect(gtk_widget_get_visible(view.announcer.widget) != 0)
        #expect(ViewHarness.text(view.announcer.widget) == "Alex: How can I help?")
    }

    @Test("a link preview card appears only when previews are allowed and the message has a link")
    func previewOnlyWhenAllowed() throws {
        func previewCards(allow: Bool, text: String) throws -> Int {
            let view = ChatView(allowURLPreview: allow)
            view.render(entries: [agent("s1", text)])
            let row = try #require(view.rows["s1"]).widget
            return ViewHarness.descendants(of: row).filter { gtk_widget_has_css_class($0, "assist-link-preview") != 0 }.count
        }
        #expect(try previewCards(allow: true, text: "See https://example.com/help") == 1)
        #expect(try previewCards(allow: false, text: "See https://example.com/help") == 0)
        #expect(try previewCards(allow: true, text: "No link here") == 0)
    }

    @Test("the typing line names the agent and hides when nobody types")
    func typingLine() {
        let view = ChatView(allowURLPreview: false)
        view.render(typingAgentName: "Alex")
        #expect(ViewHarness.text(view.typingLabel) == "Alex is typing…")
        #expect(gtk_widget_get_visible(view.typingLabel) != 0)
        view.render(typingAgentName: nil)
        #expect(gtk_widget_get_visible(view.typingLabel) == 0)
    }

    @Test("the list follows new messages to the very bottom while the person is there")
    func followsNewMessages() throws {
        let view = ChatView(allowURLPreview: false)
        let window = ViewHarness.window(showing: view.widget, width: 420, height: 360)
        defer { gtk_window_destroy(GtkCast.pointer(window)) }
        let scroller = try #require(
            ViewHarness.descendants(of: view.widget).first {
                g_type_check_instance_is_a(GtkCast.pointer($0), gtk_scrolled_window_get_type()) != 0
            })
        let adjustment = try #require(gtk_scrolled_window_get_vadjustment(GtkCast.opaque(scroller)))
        var entries: [ChatEntry] = []
        for index in 1...12 {
            entries.append(
                agent("m\(index)", "Message \(index): a longer line of text that wraps over two or three lines here."))
            view.render(typingAgentName: "Alex")
            ViewHarness.iterate(for: .milliseconds(60))
            view.render(entries: entries)
            view.render(typingAgentName: nil)
            ViewHarness.iterate(for: .milliseconds(120))
        }
        let bottom = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        #expect(bottom > 0, "the messages must overflow the window for this test")
        #expect(gtk_adjustment_get_value(adjustment) >= bottom - 1, "value \(gtk_adjustment_get_value(adjustment)), bottom \(bottom)")
    }
}
