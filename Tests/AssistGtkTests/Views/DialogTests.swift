import AssistCore
import CGtk
import Testing

@testable import AssistGtk

@Suite("Dialogs", .serialized)
@MainActor
struct DialogTests {
    init() {
        ViewHarness.start()
    }

    private let request = ConsentRequest(
        id: RequestID("r1"), agent: Agent(id: "a1", name: "Alex"), subject: .screenShare(.window))

    @Test("only a request for the screen offers Remember my choice, on when remembered, and says how the person left it")
    func rememberSwitch() throws {
        let window = ConsentDialog(request: request, parent: nil)
        defer { window.close() }
        #expect(!ViewHarness.descendants(of: window.widget).contains { gtk_widget_get_name($0).map { String(cString: $0) } == "GtkSwitch" })
        #expect(!window.remembersChoice)
        let screen = ConsentRequest(id: RequestID("r2"), agent: Agent(id: "a1", name: "Alex"), subject: .screenShare(.screen))
        for remembering in [false, true] {
            let dialog = ConsentDialog(request: screen, parent: nil, remembering: remembering)
            defer { dialog.close() }
            let toggle = try #require(
                ViewHarness.descendants(of: dialog.widget).first { gtk_widget_get_name($0).map { String(cString: $0) } == "GtkSwitch" })
            #expect(dialog.remembersChoice == remembering)
            gtk_switch_set_active(GtkCast.opaque(toggle), remembering ? 0 : 1)
            #expect(dialog.remembersChoice == !remembering)
        }
    }

    @Test("Decline is the consent dialog's default widget")
    func declineIsDefault() {
        let dialog = ConsentDialog(request: request, parent: nil)
        defer { dialog.close() }
        let window = GtkCast.pointer(dialog.widget, to: GtkWindow.self)
        #expect(gtk_window_get_default_widget(window) == dialog.declineButton)
        #expect(gtk_window_get_modal(window) != 0)
    }

    @Test("closing the consent dialog's window counts as Decline, once")
    func closingDeclines() {
        let dialog = ConsentDialog(request: request, parent: nil)
        var answers: [Bool] = []
        dialog.onAnswer = { answers.append($0) }
        ViewHarness.present(dialog.widget)
        gtk_window_close(GtkCast.pointer(dialog.widget))
        ViewHarness.iterate(for: .milliseconds(50))
        #expect(answers == [false])
    }

    @Test("Accept answers true and closes the dialog without a second answer")
    func acceptAnswersOnce() throws {
        let dialog = ConsentDialog(request: request, parent: nil)
        var answers: [Bool] = []
        dialog.onAnswer = { answers.append($0) }
        ViewHarness.present(dialog.widget)
        let accept = try #require(
            ViewHarness.descendants(of: dialog.widget).first {
                ViewHarness.isButton($0) && gtk_button_get_label(GtkCast.pointer($0)).map { String(cString: $0) } == "_Accept"
            })
        assist_signal_emit_void(accept, "clicked")
        ViewHarness.iterate(for: .milliseconds(50))
        #expect(answers == [true])
        #expect(gtk_widget_get_visible(dialog.widget) == 0)
    }

    @Test("close() closes the consent dialog without an answer")
    func closeWithoutAnswer() {
        let dialog = ConsentDialog(request: request, parent: nil)
        var answers: [Bool] = []
        dialog.onAnswer = { answers.append($0) }
        ViewHarness.present(dialog.widget)
        dialog.close()
        ViewHarness.iterate(for: .milliseconds(50))
        #expect(answers.isEmpty)
    }

    @Test("the end-support dialog defaults to Cancel and confirms only with End support")
    func confirmEnd() throws {
        let dialog = ConfirmEndDialog(parent: nil)
        var confirmed = 0
        dialog.onConfirm = { confirmed += 1 }
        #expect(gtk_window_get_default_widget(GtkCast.pointer(dialog.widget)) == dialog.cancelButton)
        ViewHarness.present(dialog.widget)
        let end = try #require(
            ViewHarness.descendants(of: dialog.widget).first { gtk_widget_has_css_class($0, "destructive-action") != 0 })
        assist_signal_emit_void(end, "clicked")
        #expect(confirmed == 1)
    }
}
