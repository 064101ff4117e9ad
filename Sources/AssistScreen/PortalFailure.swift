import AssistCore
import CGstreamer
import CGtk
import CPortal

/// Why a libportal call failed, read from its `GError` and sorted into what
/// the person is told (``ScreenChoiceError``, ``ScreenControlError``).
///
/// What libportal 0.6 reports, as measured with xdg-desktop-portal 1.16 and
/// xdg-desktop-portal-gnome 43: the person's Cancel is `G_IO_ERROR_CANCELLED`
/// ("Screencast canceled", the portal's response 1); no portal on the bus is
/// `G_DBUS_ERROR_SERVICE_UNKNOWN`; a portal without the ScreenCast interface
/// is `G_DBUS_ERROR_INVALID_ARGS` "No such interface …" (from reading the
/// interface's `version` property, libportal's first call).
struct PortalFailure: Error, Sendable, Hashable {
    /// What kind of failure, as far as the person is concerned.
    enum Kind: Sendable, Hashable {
        /// The person closed the desktop's dialog.
        case cancelled
        /// No ScreenCast portal answers on the session bus.
        case noPortal
        /// Anything else.
        case other
    }

    /// The error's domain, the part of it the sorting needs.
    enum Domain: Sendable, Hashable {
        /// `G_IO_ERROR`.
        case io
        /// `G_DBUS_ERROR`.
        case dbus
        /// Any other domain.
        case other
    }

    /// What kind of failure this is.
    let kind: Kind
    /// GLib's message, for logs.
    let message: String

    /// A failure of `kind` told by `message`.
    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The failure `error` describes; frees `error` and sets it to `nil`.
    init(taking error: inout UnsafeMutablePointer<GError>?) {
        defer { g_clear_error(&error) }
        guard let failure = error?.pointee else {
            self.init(.other, "unknown error")
            return
        }
        let domain: Domain =
            if failure.domain == g_io_error_quark() { .io } else if failure.domain == g_dbus_error_quark() { .dbus } else { .other }
        let message = failure.message.map { String(cString: $0) } ?? "unknown error"
        self.init(Self.kind(domain: domain, code: failure.code, message: message), message)
    }

    /// Sorts an error of `domain` with `code` and `message`.
    static func kind(domain: Domain, code: Int32, message: String) -> Kind {
        switch domain {
        case .io:
            if code == Int32(G_IO_ERROR_CANCELLED.rawValue) { return .cancelled }
            if code == Int32(G_IO_ERROR_NOT_SUPPORTED.rawValue) { return .noPortal }
            return .other
        case .dbus:
            if missingPortalCodes.contains(code) { return .noPortal }
            // GDBus answers Properties.Get of an interface the object lacks so.
            if code == Int32(G_DBUS_ERROR_INVALID_ARGS.rawValue), message.contains("No such interface") {
                return .noPortal
            }
            return .other
        case .other:
            return .other
        }
    }

    /// The D-Bus errors that mean nothing on the bus speaks ScreenCast.
    private static let missingPortalCodes = Set(
        [
            G_DBUS_ERROR_SERVICE_UNKNOWN, G_DBUS_ERROR_NAME_HAS_NO_OWNER, G_DBUS_ERROR_UNKNOWN_METHOD,
            G_DBUS_ERROR_UNKNOWN_INTERFACE, G_DBUS_ERROR_UNKNOWN_OBJECT, G_DBUS_ERROR_UNKNOWN_PROPERTY,
        ].map { Int32($0.rawValue) })

    /// What the person is told when asked for control of the screen.
    var controlError: ScreenControlError {
        switch kind {
        case .cancelled: .cancelled
        case .noPortal: .unavailable
        case .other: .failed(detail: message)
        }
    }

    /// What the person is told when asked to share the screen.
    var choiceError: ScreenChoiceError {
        switch kind {
        case .cancelled: .cancelled
        case .noPortal: .unavailable
        case .other: .failed(detail: message)
        }
    }
}
