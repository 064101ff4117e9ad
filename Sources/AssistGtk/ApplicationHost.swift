import CGtk

/// Owns the process's `GtkApplication`: single instance per application id,
/// the main-loop bridge, and the `activate` signal.
///
/// Launching the program again while it runs activates the first instance,
/// which presents its existing window instead of opening another.
@MainActor
public final class ApplicationHost {
    /// The underlying `GtkApplication`.
    public let application: UnsafeMutablePointer<GtkApplication>

    /// Creates the application with a reverse-DNS id such as `dev.assist.Desktop`.
    public init(id: String) {
        application = gtk_application_new(id, assist_application_default_flags())
    }

    /// Runs `handler` each time the application is activated: at first launch
    /// and whenever it is launched again.
    public func onActivate(_ handler: @escaping @MainActor () -> Void) {
        SignalConnection.connect(application, signal: "activate", handler: handler)
    }

    /// Installs the main-loop bridge and runs GLib's loop until the
    /// application quits. Command-line arguments are parsed by the caller;
    /// GLib sees only the program name.
    ///
    /// - Returns: the process exit status.
    public func run(programName: String) -> Int32 {
        MainLoopBridge.install()
        return programName.withCString { name in
            var argv: [UnsafeMutablePointer<CChar>?] = [UnsafeMutablePointer(mutating: name), nil]
            return g_application_run(GtkCast.pointer(application, to: GApplication.self), 1, &argv)
        }
    }

    isolated deinit {
        g_object_unref(application)
    }
}
