import AssistCore
import CGtk

extension AssistSDK {
    /// The transcript of the current session, or of the last one until a
    /// new one starts; `nil` before any. It has entries once anything was
    /// written (``TranscriptDocument/hasContent``).
    public static var transcript: TranscriptDocument? { transcripts.document }

    /// Asks where to save the transcript (web page or plain text) and saves
    /// it there; says why in a dialog over `window` when it cannot. Does
    /// nothing while there is nothing to save.
    public static func saveTranscript(from window: UnsafeMutablePointer<GtkWindow>?) {
        guard let document = transcript, document.hasContent else { return }
        TranscriptSaveDialog(document: document, parent: window).present()
    }

    /// Shows the print dialog for the transcript over `window`. Does nothing
    /// while there is nothing to print.
    public static func printTranscript(from window: UnsafeMutablePointer<GtkWindow>?) {
        guard let document = transcript, document.hasContent else { return }
        TranscriptPrinter.print(document, parent: window)
    }

    /// Adds the window actions `win.save-transcript` (Ctrl+S) and
    /// `win.print-transcript` (Ctrl+P) to `window`, enabled while there is
    /// a transcript to save — during a session once anything was written,
    /// and after it ended until a new one starts. Put them in the
    /// application's menu, e.g. `g_menu_append(menu, "_Save Transcript…",
    /// "win.save-transcript")`.
    public static func installTranscriptActions(in window: UnsafeMutablePointer<GtkApplicationWindow>) {
        let gtkWindow = GtkCast.pointer(window, to: GtkWindow.self)
        let actions = [
            TranscriptAction(name: "save-transcript", accelerator: "<Control>s") { saveTranscript(from: gtkWindow) },
            TranscriptAction(name: "print-transcript", accelerator: "<Control>p") { printTranscript(from: gtkWindow) },
        ]
        for action in actions {
            action.add(to: window)
        }
        transcripts.observe { document in
            for action in actions { action.setEnabled(document?.hasContent ?? false) }
        }
    }

    /// Where the session's transcript is kept and who is told when it changes.
    static let transcripts = TranscriptBoard()
}

/// The current (or last) session's transcript and those who follow it.
@MainActor
final class TranscriptBoard {
    private(set) var document: TranscriptDocument?
    private var observers: [(TranscriptDocument?) -> Void] = []

    /// Replaces the transcript (`nil`: a new session starts with none) and
    /// tells every observer.
    func publish(_ document: TranscriptDocument?) {
        self.document = document
        for observer in observers { observer(document) }
    }

    /// Calls `observer` now and on every change.
    func observe(_ observer: @escaping (TranscriptDocument?) -> Void) {
        observers.append(observer)
        observer(document)
    }
}

/// One of the transcript's window actions, with its accelerator; it keeps
/// a reference to its action, so enabling it stays safe whatever becomes
/// of the window.
@MainActor
private final class TranscriptAction {
    let name: String
    let accelerator: String
    let action: OpaquePointer

    init(name: String, accelerator: String, perform: @escaping @MainActor () -> Void) {
        self.name = name
        self.accelerator = accelerator
        action = g_simple_action_new(name, nil)
        SignalConnection.connectIgnoringArgument(UnsafeMutableRawPointer(action), signal: "activate", handler: perform)
    }

    isolated deinit {
        g_object_unref(UnsafeMutableRawPointer(action))
    }

    func add(to window: UnsafeMutablePointer<GtkApplicationWindow>) {
        g_action_map_add_action(GtkCast.opaque(window), action)
        guard let application = gtk_window_get_application(GtkCast.pointer(window, to: GtkWindow.self)) else { return }
        accelerator.withCString { accelerator in
            var accelerators: [UnsafePointer<CChar>?] = [accelerator, nil]
            gtk_application_set_accels_for_action(application, "win.\(name)", &accelerators)
        }
    }

    func setEnabled(_ enabled: Bool) {
        g_simple_action_set_enabled(action, enabled ? 1 : 0)
    }
}
