import AssistCore
import AssistGtk
import CGtk
import Testing

@Suite("The app follows the desktop's light or dark style", .serialized)
@MainActor
struct ColorSchemeFollowerTests {
    init() {
        ViewHarness.start()
    }

    /// The relative luminance (0 black … 1 white) of the text colour GTK's
    /// theme gives `widget` now.
    private func textLuminance(_ widget: UnsafeMutablePointer<GtkWidget>) -> Double {
        var color = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(widget), &color)
        return 0.2126 * Double(color.red) + 0.7152 * Double(color.green) + 0.0722 * Double(color.blue)
    }

    @Test("a stated preference switches the theme's text between dark on light and light on dark; none restores GTK's")
    func switchesTheTheme() throws {
        let follower = try #require(ColorSchemeFollower())
        let gtkSetting = follower.isDark
        let label = gtk_label_new("Support in progress")!
        let window = ViewHarness.window(showing: label)
        defer {
            follower.apply(.noPreference)
            gtk_window_destroy(GtkCast.pointer(window))
        }

        follower.apply(.preferDark)
        ViewHarness.iterate(for: .milliseconds(100))
        #expect(follower.isDark)
        #expect(textLuminance(label) > 0.6)

        follower.apply(.preferLight)
        ViewHarness.iterate(for: .milliseconds(100))
        #expect(!follower.isDark)
        #expect(textLuminance(label) < 0.4)

        follower.apply(.noPreference)
        #expect(follower.isDark == gtkSetting)
        #expect(follower.preference == .noPreference)
    }
}
