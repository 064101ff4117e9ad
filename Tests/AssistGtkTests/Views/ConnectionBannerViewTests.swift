import AssistCore
import CGtk
import Testing

@testable import AssistGtk

@Suite("Connection banner view", .serialized)
@MainActor
struct ConnectionBannerViewTests {
    init() {
        ViewHarness.start()
    }

    @Test("the banner shows exactly the content's actions, in order, and reports the one pressed")
    func showsExactlyTheContentsActions() throws {
        let view = ConnectionBannerView()
        var pressed: [ConnectionBannerAction] = []
        view.onAction = { pressed.append($0) }
        view.render(ConnectionBannerContent(title: "Connection lost", detail: nil, actions: [.retryNow, .giveUp], tone: .progress))
        #expect(ViewHarness.buttonLabels(in: view.buttonBox) == ["Retry now", "Give up"])
        view.render(ConnectionBannerContent(title: "Disconnected", detail: "Closed.", actions: [.startAgain], tone: .failure))
        #expect(ViewHarness.buttonLabels(in: view.buttonBox) == ["Start again"])
        assist_signal_emit_void(try #require(gtk_widget_get_first_child(view.buttonBox)), "clicked")
        #expect(pressed == [.startAgain])
        view.render(ConnectionBannerContent(title: "Reconnected", detail: nil, actions: [], tone: .success))
        #expect(ViewHarness.buttonLabels(in: view.buttonBox).isEmpty)
    }

    @Test("the banner is revealed with content and hidden without")
    func revealsWithContent() {
        let view = ConnectionBannerView()
        #expect(gtk_revealer_get_reveal_child(GtkCast.opaque(view.widget)) == 0)
        view.render(ConnectionBannerContent(title: "Connection lost", detail: nil, actions: [.giveUp], tone: .progress))
        #expect(gtk_revealer_get_reveal_child(GtkCast.opaque(view.widget)) != 0)
        view.render(nil)
        #expect(gtk_revealer_get_reveal_child(GtkCast.opaque(view.widget)) == 0)
    }
}
