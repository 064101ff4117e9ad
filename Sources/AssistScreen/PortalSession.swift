import AssistCore
import AssistGtk
import CGtk
import CPortal

/// One ScreenCast or RemoteDesktop session of the desktop portal, through
/// libportal: its calls as async functions, on the main thread (libportal
/// answers on the main context the call was made from).
///
/// libportal 0.6 facts this relies on: a session whose start failed is
/// already closed; `xdp_session_close` emits `closed` itself (twice), so the
/// handler is disconnected before closing; the effective persist mode it
/// reports is always "none" with xdg-desktop-portal 1.16 (the portal does not
/// say it), so only the restore token tells whether the choice was kept.
@MainActor
final class PortalSession {
    /// The `XdpSession`, an owned reference.
    let session: OpaquePointer
    private var closedHandler: gulong = 0
    private var closed = false

    private init(taking session: OpaquePointer) {
        self.session = session
    }

    isolated deinit {
        close()
        g_object_unref(UnsafeMutableRawPointer(session))
    }

    /// Asks `portal` (an `XdpPortal`) for a session that offers monitors and
    /// windows, with the cursor drawn into the pictures.
    ///
    /// - Parameters:
    ///   - persistMode: whether the desktop keeps the choice for later.
    ///   - restoreToken: a token an earlier session gave; the desktop then
    ///     starts with the same source and shows no dialog.
    static func create(
        on portal: OpaquePointer, persistMode: XdpPersistMode, restoreToken: String?
    ) async throws(ScreenChoiceError) -> PortalSession {
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<CreateOutcome, Never>) in
            let waiter = Unmanaged.passRetained(Waiter(continuation, on: portal)).toOpaque()
            let outputs = XdpOutputType(XDP_OUTPUT_MONITOR.rawValue | XDP_OUTPUT_WINDOW.rawValue)
            let create = { (token: UnsafePointer<CChar>?) in
                xdp_portal_create_screencast_session(
                    portal, outputs, XDP_SCREENCAST_FLAG_NONE, XDP_CURSOR_MODE_EMBEDDED, persistMode, token, nil,
                    Self.created, waiter)
            }
            if let restoreToken { restoreToken.withCString { create($0) } } else { create(nil) }
        }
        switch outcome {
        case .success(let session): return PortalSession(taking: session.pointer)
        case .failure(let failure): throw failure.choiceError
        }
    }

    /// Asks `portal` for a RemoteDesktop session that lends a pointer and a
    /// keyboard on a source of `outputs` (which its dialog lets the person
    /// pick), with the cursor drawn into the pictures. libportal 0.6 keeps
    /// no RemoteDesktop choice: its dialog shows every time.
    static func createRemoteDesktop(
        on portal: OpaquePointer, outputs: XdpOutputType
    ) async throws(ScreenControlError) -> PortalSession {
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<CreateOutcome, Never>) in
            let waiter = Unmanaged.passRetained(Waiter(continuation, on: portal)).toOpaque()
            let devices = XdpDeviceType(XDP_DEVICE_KEYBOARD.rawValue | XDP_DEVICE_POINTER.rawValue)
            xdp_portal_create_remote_desktop_session(
                portal, devices, outputs, XDP_REMOTE_DESKTOP_FLAG_NONE, XDP_CURSOR_MODE_EMBEDDED, nil,
                Self.remoteDesktopCreated, waiter)
        }
        switch outcome {
        case .success(let session): return PortalSession(taking: session.pointer)
        case .failure(let failure): throw failure.controlError
        }
    }

    /// Starts the session: the desktop shows its dialog over `parent` (none
    /// when `parent` is `nil` or not realized yet — libportal would wait
    /// forever for the handle of a window that has no surface) and returns
    /// once the person picked a source or closed the dialog.
    func start(parent: UnsafeMutablePointer<GtkWindow>?) async throws(PortalFailure) {
        let handle = parent.flatMap { window -> OpaquePointer? in
            gtk_widget_get_realized(GtkCast.pointer(window, to: GtkWidget.self)) != 0 ? xdp_parent_new_gtk(window) : nil
        }
        defer { if let handle { xdp_parent_free(handle) } }
        let session = session
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<StartOutcome, Never>) in
            let waiter = Unmanaged.passRetained(Waiter(continuation, on: session)).toOpaque()
            xdp_session_start(session, handle, nil, Self.started, waiter)
        }
        if case .failure(let failure) = outcome {
            closed = true
            throw failure
        }
    }

    /// The devices the desktop lends (a RemoteDesktop session, once started).
    var devices: XdpDeviceType {
        xdp_session_get_devices(session)
    }

    /// Whether the session is closed: nothing it lends reaches the desktop.
    var isClosed: Bool { closed }

    /// The streams the person picked (one: the session does not ask for
    /// several); empty before the session started.
    var streams: [StreamDescription] {
        xdp_session_get_streams(session).map(StreamDescription.parse) ?? []
    }

    /// The token that restores this choice later without a dialog, when the
    /// session was created with a persist mode and the desktop kept it.
    var restoreToken: String? {
        guard xdp_session_get_session_state(session) == XDP_SESSION_ACTIVE,
            let token = xdp_session_get_restore_token(session)
        else { return nil }
        defer { g_free(token) }
        return String(cString: token)
    }

    /// A new connection to the PipeWire daemon that shows only this
    /// session's streams, as a file descriptor the caller closes; `nil` when
    /// the portal refused.
    func openPipeWireRemote() -> Int32? {
        guard !closed else { return nil }
        let descriptor = xdp_session_open_pipewire_remote(session)
        return descriptor >= 0 ? descriptor : nil
    }

    /// Calls `handler` once the desktop closes the session on its own (not
    /// when ``close()`` does). Replaces an earlier handler.
    func onClosed(_ handler: @escaping @MainActor () -> Void) {
        disconnectClosed()
        closedHandler = SignalConnection.connect(UnsafeMutableRawPointer(session), signal: "closed") { [weak self] in
            guard let self, !closed else { return }
            closed = true
            disconnectClosed()
            handler()
        }
    }

    /// Closes the session: the desktop ends its streams and drops their
    /// PipeWire nodes. Later calls do nothing.
    func close() {
        disconnectClosed()
        guard !closed else { return }
        closed = true
        if xdp_session_get_session_state(session) != XDP_SESSION_CLOSED {
            xdp_session_close(session)
        }
    }

    /// Where `xdp_portal_create_screencast_session` lands.
    private static let created: GAsyncReadyCallback = { _, result, userData in
        guard let userData else { return }
        let waiter = Unmanaged<Waiter<CreateOutcome>>.fromOpaque(userData).takeRetainedValue()
        var error: UnsafeMutablePointer<GError>?
        if let session = xdp_portal_create_screencast_session_finish(waiter.object, result, &error) {
            waiter.continuation.resume(returning: .success(SessionPointer(pointer: session)))
        } else {
            waiter.continuation.resume(returning: .failure(PortalFailure(taking: &error)))
        }
    }

    /// Where `xdp_portal_create_remote_desktop_session` lands.
    private static let remoteDesktopCreated: GAsyncReadyCallback = { _, result, userData in
        guard let userData else { return }
        let waiter = Unmanaged<Waiter<CreateOutcome>>.fromOpaque(userData).takeRetainedValue()
        var error: UnsafeMutablePointer<GError>?
        if let session = xdp_portal_create_remote_desktop_session_finish(waiter.object, result, &error) {
            waiter.continuation.resume(returning: .success(SessionPointer(pointer: session)))
        } else {
            waiter.continuation.resume(returning: .failure(PortalFailure(taking: &error)))
        }
    }

    /// Where `xdp_session_start` lands.
    private static let started: GAsyncReadyCallback = { _, result, userData in
        guard let userData else { return }
        let waiter = Unmanaged<Waiter<StartOutcome>>.fromOpaque(userData).takeRetainedValue()
        var error: UnsafeMutablePointer<GError>?
        if xdp_session_start_finish(waiter.object, result, &error) != 0 {
            waiter.continuation.resume(returning: .success(()))
        } else {
            waiter.continuation.resume(returning: .failure(PortalFailure(taking: &error)))
        }
    }

    private func disconnectClosed() {
        guard closedHandler != 0 else { return }
        g_signal_handler_disconnect(UnsafeMutableRawPointer(session), closedHandler)
        closedHandler = 0
    }
}

/// An `XdpSession` pointer handed from libportal's callback to the waiting
/// task; the callback gives up its reference, the task takes it over.
private struct SessionPointer: @unchecked Sendable {
    let pointer: OpaquePointer
}

private typealias CreateOutcome = Result<SessionPointer, PortalFailure>
private typealias StartOutcome = Result<Void, PortalFailure>

/// Holds a waiting task's continuation, and the object whose `_finish`
/// function reads the result, while libportal holds the call.
private final class Waiter<Outcome: Sendable>: @unchecked Sendable {
    let continuation: CheckedContinuation<Outcome, Never>
    /// The `XdpPortal` (create) or `XdpSession` (start) the call was made on.
    let object: OpaquePointer

    init(_ continuation: CheckedContinuation<Outcome, Never>, on object: OpaquePointer) {
        self.continuation = continuation
        self.object = object
    }
}
