import AssistCore
import AssistGtk
import CGtk
import CPortal

/// Shares a monitor or another program's window through the desktop's
/// ScreenCast portal (`org.freedesktop.portal.ScreenCast`, via libportal),
/// with the cursor drawn into the pictures.
///
/// Install it as `AssistSDK.screenCapture`. Each ``choose(parent:)`` opens
/// a new portal session; the desktop shows its own dialog unless a restore
/// token lets it start with an earlier choice.
///
/// Needs at run time: an `xdg-desktop-portal` with a ScreenCast backend
/// (GNOME: `xdg-desktop-portal-gnome`; KDE: `xdg-desktop-portal-kde`), and
/// GStreamer's `pipewiresrc` (Debian `gstreamer1.0-pipewire`), `videoconvert`
/// and `appsink` (`gstreamer1.0-plugins-base`).
@MainActor
public final class PortalScreenCapture: ScreenCapture {
    /// The `XdpPortal`, made on the first choice.
    private var portal: OpaquePointer?

    /// A capture; nothing is asked of the desktop before a choice.
    public init() {}

    isolated deinit {
        if let portal { g_object_unref(UnsafeMutableRawPointer(portal)) }
    }

    /// Whether a ScreenCast portal answers on the session bus (within 5 s)
    /// with a monitor or a window to share.
    public func isAvailable() async -> Bool {
        await PortalAvailability.canShare()
    }

    /// Asks the desktop to let the person pick a monitor or a window, in the
    /// portal's dialog over `parent` (a realized window; otherwise the
    /// dialog has no parent), and returns the picked source, not yet started.
    ///
    /// - Throws: ``ScreenChoiceError/cancelled`` when the person closed the
    ///   dialog; ``ScreenChoiceError/unavailable`` when no ScreenCast portal
    ///   answers on the session bus (or there is no session bus);
    ///   ``ScreenChoiceError/failed(detail:)`` with the portal's message
    ///   otherwise.
    ///
    /// With `remember` the portal keeps the choice until the person revokes
    /// it (persist mode 2) and gives a restore token; with a `token` it
    /// starts with that choice and no dialog when it still knows it.
    public func choose(
        parent: UnsafeMutablePointer<GtkWindow>?, restoring token: String?, remember: Bool
    ) async throws(ScreenChoiceError) -> any ScreenStream {
        let portal = try connectedPortal()
        let persistMode = remember ? XDP_PERSIST_MODE_PERSISTENT : XDP_PERSIST_MODE_NONE
        let session = try await PortalSession.create(on: portal, persistMode: persistMode, restoreToken: token)
        do throws(PortalFailure) {
            try await session.start(parent: parent)
        } catch {
            throw error.choiceError
        }
        guard let stream = session.streams.first else {
            session.close()
            throw .failed(detail: "the desktop started a screen share without a stream")
        }
        return PortalScreenStream(session: session, stream: stream, restoreToken: remember ? session.restoreToken : nil)
    }

    /// Whether a RemoteDesktop portal answers on the session bus (within
    /// 5 s) with a pointer and a keyboard to lend.
    public func canControl() async -> Bool {
        await PortalAvailability.canControl()
    }

    /// Asks the desktop, in its RemoteDesktop dialog over `parent`, for the
    /// pointer and keyboard on a source of `stream`'s kind (a monitor or a
    /// window, which the person picks there again: the portal cannot lend
    /// devices to a ScreenCast session), and returns the control with its
    /// session's stream, not yet started.
    ///
    /// - Throws: ``ScreenControlError/interactionNotAllowed`` when the person
    ///   confirmed the dialog with its remote interaction off,
    ///   ``ScreenControlError/cancelled`` when they closed it,
    ///   ``ScreenControlError/unavailable`` when no RemoteDesktop portal
    ///   answers, ``ScreenControlError/failed(detail:)`` otherwise.
    public func control(
        _ stream: any ScreenStream, parent: UnsafeMutablePointer<GtkWindow>?
    ) async throws(ScreenControlError) -> any ScreenControl {
        let portal: OpaquePointer
        do throws(ScreenChoiceError) {
            portal = try connectedPortal()
        } catch {
            throw .unavailable
        }
        let outputs = stream.source == .window ? XDP_OUTPUT_WINDOW : XDP_OUTPUT_MONITOR
        guard let watch = RemoteDesktopSessionHandle() else { throw .unavailable }
        let session = try await PortalSession.createRemoteDesktop(on: portal, outputs: outputs)
        watch.stop()
        guard let handle = watch.handle else {
            session.close()
            throw .failed(detail: "the portal's answer naming the remote desktop session was not seen")
        }
        do throws(PortalFailure) {
            try await session.start(parent: parent)
        } catch {
            throw error.controlError
        }
        let lent = session.devices.rawValue
        guard lent & XDP_DEVICE_POINTER.rawValue != 0, lent & XDP_DEVICE_KEYBOARD.rawValue != 0 else {
            session.close()
            throw .interactionNotAllowed
        }
        guard let description = session.streams.first else {
            session.close()
            throw .failed(detail: "the desktop started a remote desktop session without a stream")
        }
        let control = PortalScreenControl(
            session: session, stream: description, input: RemoteDesktopInput(bus: watch.bus, session: handle))
        await control.warmUp()
        return control
    }

    /// The portal object, made once. libportal 0.6's `xdp_portal_new`
    /// crashes without a session bus, so the bus is looked for first.
    private func connectedPortal() throws(ScreenChoiceError) -> OpaquePointer {
        if let portal { return portal }
        guard let bus = PortalBus.session() else { throw .unavailable }
        g_object_unref(UnsafeMutableRawPointer(bus))
        guard let made = xdp_portal_new() else { throw .unavailable }
        portal = made
        return made
    }
}
