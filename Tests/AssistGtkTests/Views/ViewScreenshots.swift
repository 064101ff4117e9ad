import AssistCore
import AssistGtk
import CGtk
import Foundation
import Testing

/// Draws every view with sample content and saves it under `/tmp/views/`
/// for a person to look at. Runs only with `ASSIST_VIEW_SCREENSHOTS=1`.
@Suite(
    "View screenshots", .serialized,
    .enabled(if: ProcessInfo.processInfo.environment["ASSIST_VIEW_SCREENSHOTS"] == "1"))
@MainActor
struct ViewScreenshots {
    init() {
        ViewHarness.start()
    }

    private func save(_ widget: UnsafeMutablePointer<GtkWidget>, _ name: String, width: Int32 = 480, height: Int32 = 640) {
        let window = ViewHarness.window(showing: widget, width: width, height: height)
        #expect(ViewHarness.screenshot(window, name: name))
        gtk_window_destroy(GtkCast.pointer(window))
    }

    @Test("pre-chat form, valid and with errors")
    func prechat() {
        let form = PrechatForm(fields: [
            PrechatField(label: "Name", isRequired: true),
            PrechatField(label: "Email", kind: .email, isRequired: true),
            PrechatField(label: "Phone", kind: .phone),
            PrechatField(label: "Order number", kind: .number),
            PrechatField(label: "Topic", kind: .picker(options: [.init(label: "Billing", value: "billing")]), isRequired: true),
            PrechatField(label: "Plan", value: "Gold", presentation: .readOnly),
            PrechatField(label: "Email me a transcript", kind: .checkbox),
        ])
        let view = PrechatFormView(form: form, visitorName: "Sam")
        save(view.widget, "prechat", height: 760)
        let invalid = PrechatFormView(form: form, visitorName: "Sam")
        let window = ViewHarness.window(showing: invalid.widget, height: 900)
        let start = ViewHarness.descendants(of: invalid.widget).first { gtk_widget_has_css_class($0, "suggested-action") != 0 }
        if let start { assist_signal_emit_void(start, "clicked") }
        ViewHarness.iterate()
        #expect(ViewHarness.screenshot(window, name: "prechat-errors"))
        gtk_window_destroy(GtkCast.pointer(window))
    }

    @Test("queue")
    func queue() {
        let view = QueueView()
        view.render(QueueStatus(style: .position, update: QueueUpdate(position: 3, estimatedWaitSeconds: nil),
                                minimumEstimatedWait: 0, maximumEstimatedWait: 600))
        save(view.widget, "queue", height: 400)
    }

    @Test("chat with links, previews, delivery states and typing")
    func chat() {
        let view = ChatView(allowURLPreview: true)
        let now = Date()
        view.render(entries: [
            ChatEntry(id: "s0", author: .system, authorName: "Support", text: "Alex joined the chat", time: now, delivery: nil),
            ChatEntry(id: "s1", author: .agent(id: "a"), authorName: "Alex", text: "Hi Sam! How can I help you today?", time: now, delivery: nil),
            ChatEntry(id: "c1", author: .consumer, authorName: "You", text: "My invoice <total> looks wrong & I can't find it.", time: now, delivery: .delivered),
            ChatEntry(id: "s2", author: .agent(id: "a"), authorName: "Alex", text: "This guide explains it: https://docs.example.com/billing/invoices?year=2024 — have a look.", time: now, delivery: nil),
            ChatEntry(id: "c2", author: .consumer, authorName: "You", text: "Thanks, reading it now", time: now, delivery: .sending),
            ChatEntry(id: "c3", author: .consumer, authorName: "You", text: "Still there?", time: now, delivery: .failed),
        ])
        view.render(typingAgentName: "Alex")
        save(view.widget, "chat", width: 520, height: 720)
    }

    @Test("chat with files: a picture sent, one uploading, one refused, a document received and saved; its printed transcript")
    func chatWithFiles() throws {
        let picture = ChatFileCardTests.picture(named: "router lights.png")
        defer { try? FileManager.default.removeItem(at: picture) }
        let now = Date()
        var transcript = ChatTranscript()
        transcript.appendOwnFile(ClientMessageID("c1"), ChatEntry.LocalFile(path: picture.path, size: 922_180), at: now)
        transcript.fileUploaded(ClientMessageID("c1"), as: AttachmentInfo(id: "f1", name: "router lights.png", size: 922_180, mediaType: "image/png"))
        transcript.appendOwnFile(ClientMessageID("c2"), ChatEntry.LocalFile(path: "/tmp/whole screen.png", size: 3_300_000), at: now)
        transcript.setFile("c2", .uploading(sent: 2_097_152, size: 3_300_000))
        transcript.appendOwnFile(ClientMessageID("c3"), ChatEntry.LocalFile(path: "/tmp/notes.zip", size: 12_000), at: now)
        transcript.setFile("c3", .notSent("notes.zip cannot be sent: only images (PNG, JPEG, GIF, WebP), PDF documents and plain text files can."))
        transcript.appendReceived(
            ChatMessage(id: "s1", author: .agent(id: "a"), text: "reset steps.pdf", sentAt: now,
                        attachment: AttachmentInfo(id: "f2", name: "reset steps.pdf", size: 48_211, mediaType: "application/pdf")),
            authorName: "Alex")
        transcript.setFile("s1", .saved(path: "/home/ada/Downloads/reset steps.pdf"))
        let view = ChatView(allowURLPreview: false)
        view.render(entries: transcript.entries)
        let window = ViewHarness.window(showing: view.widget, width: 520, height: 900)
        ViewHarness.iterate(for: .seconds(2))
        #expect(ViewHarness.screenshot(window, name: "chat-files"))
        gtk_window_destroy(GtkCast.pointer(window))

        let folder = URL(fileURLWithPath: "/tmp/views")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let pdf = folder.appendingPathComponent("transcript-files.pdf").path
        _ = try TranscriptPrinter.exportPDF(
            TranscriptDocument(chat: transcript, sessionID: "s-7f3a", personName: "Ada Lovelace", agentNames: ["Alex"], startedAt: now),
            to: pdf)
        let render = Process()
        render.executableURL = URL(fileURLWithPath: "/usr/bin/pdftoppm")
        render.arguments = ["-png", "-r", "60", "-f", "1", "-l", "1", pdf, folder.appendingPathComponent("transcript-files").path]
        try render.run()
        render.waitUntilExit()
        #expect(render.terminationStatus == 0)
    }

    @Test("connection banner and agent notice")
    func bannerAndNotice() {
        let column = Widgets.box(GTK_ORIENTATION_VERTICAL, spacing: 0)
        let banner = ConnectionBannerView()
        banner.render(ConnectionBannerContent(
            title: "Reconnecting in 4 s (attempt 2 of 6)", detail: "The connection to the support server was lost.",
            actions: [.retryNow, .giveUp], tone: .progress))
        let failed = ConnectionBannerView()
        failed.render(ConnectionBannerContent(
            title: "Could not reconnect", detail: "The support server refused the connection.", actions: [.startAgain], tone: .failure))
        let notice = AgentJoinedNotice()
        notice.render(AgentPresenceNotice(joined: Agent(id: "a", name: "Alex")))
        Widgets.append(column, banner.widget, failed.widget, notice.widget)
        save(column, "banner-notice", width: 560, height: 320)
    }

    @Test("support code")
    func supportCode() {
        let view = SupportCodeView()
        view.render(code: "K7Q2M9", status: "Waiting for the agent to join…")
        save(view.widget, "support-code", height: 460)
    }

    @Test("consent and end-support dialogs")
    func dialogs() {
        let consent = ConsentDialog(
            request: ConsentRequest(id: RequestID("r"), agent: Agent(id: "a", name: "Alex"), subject: .screenShare(.window)), parent: nil)
        consent.update(secondsRemaining: 27)
        ViewHarness.present(consent.widget)
        #expect(ViewHarness.screenshot(consent.widget, name: "consent"))
        consent.close()
        let confirm = ConfirmEndDialog(parent: nil)
        ViewHarness.present(confirm.widget)
        #expect(ViewHarness.screenshot(confirm.widget, name: "confirm-end"))
        confirm.close()
    }
}
