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
    /// The token the desktop gave with the last successful choice, which
    /// lets a later choice start with the same source and no dialog; `nil`
    /// when it gave none (it gives one only when the choice is remembered).
    /// Store it to remember the person's choice across runs of the app.
    public private(set) var restoreToken: String?
    /// Whether the desktop is asked to remember the person's choice.
    public let remembersChoice: Bool
    /// The `XdpPortal`, made on the first choice.
    private var portal: OpaquePointer?

    /// A capture that asks the desktop for a source each time.
    ///
    /// - Parameters:
    ///   - restoreToken: a ``restoreToken`` an earlier capture was given: the
    ///     first choice then starts with that source and shows no dialog
    ///     (the desktop shows it anyway when the token is unknown or the
    ///     source is gone). `nil` by default.
    ///   - remembersChoice: asks the desktop to remember each choice until
    ///     the person revokes it (portal persist mode 2), so that it gives a
    ///     ``restoreToken``. `false` by default: nothing is remembered.
    public init(restoreToken: String? = nil, remembersChoice: Bool = false) {
        self.restoreToken = restoreToken
        self.remembersChoice = remembersChoice
    }

    isolated deinit {
        if let portal { g_object_unref(UnsafeMutableRawPointer(portal)) }
    }

    /// Whether a ScreenCast portal answers on the session bus (within 5 s)
    /// with a monitor or a window to share.
    public func isAvailable() async -> Bool {
        await ScreenCastAvailability.check()
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
    public func choose(parent: UnsafeMutablePointer<GtkWindow>?) async throws(ScreenChoiceError) -> any ScreenStream {
        let portal = try connectedPortal()
        let persistMode = remembersChoice ? XDP_PERSIST_MODE_PERSISTENT : XDP_PERSIST_MODE_NONE
        let session = try await PortalSession.create(on: portal, persistMode: persistMode, restoreToken: restoreToken)
        try await session.start(parent: parent)
        restoreToken = session.restoreToken
        guard let stream = session.streams.first else {
            session.close()
            throw .failed(detail: "the desktop started a screen share without a stream")
        }
        return PortalScreenStream(session: session, stream: stream)
    }

    /// The portal object, made once. libportal 0.6's `xdp_portal_new`
    /// crashes without a session bus, so the bus is looked for first.
    private func connectedPortal() throws(ScreenChoiceError) -> OpaquePointer {
        if let portal { return portal }
        var failure: UnsafeMutablePointer<GError>?
        guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &failure) else {
            g_clear_error(&failure)
            throw .unavailable
        }
        g_object_unref(UnsafeMutableRawPointer(bus))
        guard let made = xdp_portal_new() else { throw .unavailable }
        portal = made
        return made
    }
}
