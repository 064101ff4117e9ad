import AssistCore
import CGtk
import Foundation
import Testing

@testable import AssistGtk

@Suite("Save and Print Transcript actions", .serialized)
@MainActor
struct TranscriptActionsTests {
    init() {
        ViewHarness.start()
    }

    private static func enabled(_ window: UnsafeMutablePointer<GtkWidget>, _ name: String) -> Bool {
        g_action_group_get_action_enabled(GtkCast.opaque(window), name) != 0
    }

    @Test("the actions follow the transcript: off while empty, on once written, and with Ctrl+S and Ctrl+P")
    func enabledByTranscript() throws {
        let application = try #require(gtk_application_new("dev.assist.TranscriptActionsTest", G_APPLICATION_NON_UNIQUE))
        defer { g_object_unref(UnsafeMutableRawPointer(application)) }
        #expect(g_application_register(GtkCast.pointer(application, to: GApplication.self), nil, nil) != 0)
        let window = try #require(gtk_application_window_new(application))
        defer { gtk_window_destroy(GtkCast.pointer(window)) }
        AssistSDK.transcripts.publish(nil)
        AssistSDK.installTranscriptActions(in: GtkCast.pointer(window, to: GtkApplicationWindow.self))

        #expect(!Self.enabled(window, "save-transcript"))
        #expect(!Self.enabled(window, "print-transcript"))
        AssistSDK.transcripts.publish(TranscriptDocument(entries: []))
        #expect(!Self.enabled(window, "save-transcript"))
        let entry = TranscriptEntry(authorName: "Sam", role: .agent, time: Date(), content: .text("Hello"))
        AssistSDK.transcripts.publish(TranscriptDocument(entries: [entry]))
        #expect(Self.enabled(window, "save-transcript"))
        #expect(Self.enabled(window, "print-transcript"))
        #expect(AssistSDK.transcript?.entries == [entry])
        AssistSDK.transcripts.publish(nil)
        #expect(!Self.enabled(window, "print-transcript"))

        for (action, accelerator) in [("win.save-transcript", "<Control>s"), ("win.print-transcript", "<Control>p")] {
            let accelerators = try #require(gtk_application_get_accels_for_action(application, action))
            defer { g_strfreev(accelerators) }
            #expect(accelerators[0].map { String(cString: $0) } == accelerator)
        }
    }
}
