import AssistCore
import CGtk
import Foundation

/// The Assist SDK for GTK applications: start and end a support session
/// with Assist's own views, in the application's window or in a window of
/// its own.
///
/// ```swift
/// var configuration = Configuration()
/// configuration.server = URL(string: "https://support.example.com")
/// configuration.destination = "billing"
/// try await AssistSDK.startSupport(configuration, in: mainWindow)
/// ```
///
/// One session runs at a time. The application's delegates in the
/// configuration decide what they cover (see ``PromptRouting``); Assist's
/// prompts cover the rest. Call from the main thread, with
/// ``MainLoopBridge`` installed (``ApplicationHost`` does it).
@MainActor
public enum AssistSDK {
    private static var session: HostedSession?

    /// Whether a session is in progress: the form is shown, or the person
    /// is connecting, waiting or chatting.
    public static var isSupportActive: Bool { session?.controller.isActive ?? false }

    /// Makes the media of calls. An application takes calls only with one
    /// installed (AssistCall's ``CallMediaFactory``, before ``startSupport(_:in:)``);
    /// without it no agent can call the person, and GStreamer is never loaded.
    public static var callMedia: (any CallMediaFactory)?

    /// Shows the person's screen or another window through the desktop. An
    /// application offers ``ShareScope/screen`` only with one installed
    /// (AssistScreen's `PortalScreenCapture`, before ``startSupport(_:in:)``)
    /// and ``Configuration/screenShareScopes`` naming it; without it agents
    /// may ask for the application's own window only. With a ``callMedia``
    /// that is also a ``ScreenVideoFactory`` (AssistCall's is), a shared
    /// screen may travel as a video track (`docs/protocol.md` §13.5).
    public static var screenCapture: (any ScreenCapture)?

    /// The person's own record of what they allowed agents under
    /// `configuration`'s folder (``ActivityLog``), oldest first, as lines to show.
    public static func activity(_ configuration: Configuration) -> [ActivityLine] {
        ActivityLog(configuration: configuration, environment: ProcessInfo.processInfo.environment)?
            .events(now: Date()).map { ActivityLine($0) } ?? []
    }

    /// Shows the person's record in an ``ActivityWindow`` over `parent`, whose
    /// Clear removes it.
    public static func showActivity(_ configuration: Configuration, over parent: UnsafeMutablePointer<GtkWindow>?) {
        let window = ActivityWindow(parent: parent)
        window.render(activity(configuration))
        window.onClear = {
            do throws(ActivityLogError) {
                try ActivityLog(configuration: configuration, environment: ProcessInfo.processInfo.environment)?.clear()
            } catch {
                FileHandle.standardError.write(Data("assist: \(error.message)\n".utf8))
            }
        }
        openActivityWindows.append(window)
        SignalConnection.connect(window.widget, signal: "destroy") {
            openActivityWindows.removeAll { $0 === window }
        }
        window.present()
    }

    /// Activity windows on screen, kept until closed.
    private static var openActivityWindows: [ActivityWindow] = []

    /// Forgets every remembered screen choice: the next share asks the
    /// desktop's dialog again.
    ///
    /// - Throws: ``RememberedScreenChoicesError`` when the file cannot be removed.
    public static func forgetScreenChoices(_ configuration: Configuration) throws(RememberedScreenChoicesError) {
        try RememberedScreenChoices(configuration: configuration, environment: ProcessInfo.processInfo.environment)?
            .forgetAll()
    }

    /// Called with `true` when a session starts and `false` when it ends,
    /// e.g. to keep the application running while its window is hidden.
    public static var onSupportActiveChanged: (Bool) -> Void = { _ in }

    /// Whether a session kept from an earlier run of the application waits
    /// on `configuration`'s server (``Configuration/keepSessionOnRestart``,
    /// in ``Configuration/sessionStateDirectory``): ``startSupport(_:in:)``
    /// then resumes it. An application may call it at launch and start
    /// support at once, as `assist-desktop` does. A kept record that cannot
    /// be read is moved aside, logged, and counts as none.
    public static func hasKeptSupport(_ configuration: Configuration) -> Bool {
        guard let store = KeptSessionStore(configuration: configuration, environment: ProcessInfo.processInfo.environment)
        else { return false }
        do {
            return try store.load(for: configuration) != nil
        } catch {
            FileHandle.standardError.write(Data("assist: \(error.description)\n".utf8))
            return false
        }
    }

    /// Starts support. When a session of this server was kept from an
    /// earlier run (see ``hasKeptSupport(_:)``), resumes it: the queue or
    /// the chat shows as it was, and messages that had not reached the
    /// server go, once. Otherwise — or when the server no longer has the
    /// kept session, which a notice then says — shows the pre-chat form when
    /// the configuration has one, then connects and shows the queue and the
    /// chat. While `keepSessionOnRestart` is on, the session is kept from
    /// the server's first answer until support ends.
    ///
    /// - Parameters:
    ///   - configuration: The server, destination, form and delegates.
    ///   - window: Where to show support; its content comes back when the
    ///     person closes support. `nil` opens a window of Assist's own.
    /// - Returns: Once the server has welcomed the session.
    /// - Throws: ``CancellationError`` when the person cancelled the form;
    ///   ``UserFacingError`` or the connection's error when support could not
    ///   start (the reason is also shown in the window). Use
    ///   ``UserFacingError/init(_:)`` for the sentence.
    public static func startSupport(
        _ configuration: Configuration, in window: UnsafeMutablePointer<GtkWindow>? = nil
    ) async throws {
        try await host(configuration, in: window).controller.start()
    }

    /// Starts support by support code: asks the server for a code, shows it
    /// in large type for the person to read to an agent on the phone, and
    /// joins the session that agent joins with the code.
    public static func startSupportWithCode(
        _ configuration: Configuration, in window: UnsafeMutablePointer<GtkWindow>? = nil
    ) async throws {
        try await host(configuration, in: window).controller.startWithSupportCode()
    }

    /// Ends the session without asking: leaves the queue, or ends the chat.
    public static func endSupport() async {
        await session?.controller.end()
    }

    private static func host(_ configuration: Configuration, in window: UnsafeMutablePointer<GtkWindow>?) throws
        -> HostedSession
    {
        if let session {
            guard !session.controller.isActive else {
                session.present()
                throw UserFacingError(message: localized("Support is already running."), remedy: .dismiss)
            }
            session.close()
        }
        let hosted = HostedSession(configuration: configuration, window: window)
        transcripts.publish(nil)
        hosted.controller.onActiveChanged = { onSupportActiveChanged($0) }
        hosted.controller.onTranscriptChanged = { transcripts.publish($0) }
        hosted.controller.onClose = {
            session?.close()
            session = nil
        }
        session = hosted
        hosted.present()
        return hosted
    }
}
