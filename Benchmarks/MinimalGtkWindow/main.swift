import AssistGtk
import CGtk

// The baseline of the desktop start-up benchmark: the smallest GTK 4
// application that opens a window — a GtkApplication with one empty
// GtkApplicationWindow of the app's size — set up the way assist-desktop
// is, and reporting its first frame the same way.
MainActor.assumeIsolated {
    let host = ApplicationHost(id: "dev.assist.MinimalWindow")
    host.onActivate {
        let window = gtk_application_window_new(host.application)!
        gtk_window_set_default_size(GtkCast.pointer(window, to: GtkWindow.self), 480, 640)
        MomentReporter.reportFirstFrame(of: window)
        gtk_window_present(GtkCast.pointer(window, to: GtkWindow.self))
    }
    exit(host.run(programName: "gtk-minimal-window"))
}
