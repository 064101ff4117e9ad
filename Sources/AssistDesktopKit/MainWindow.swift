import AssistCore
import AssistGtk
import CGtk
import Foundation

/// The app's one window: a header bar with the app menu (support code,
/// Save and Print Transcript, Quit), and the start page
/// with "Get help". Support replaces the start page while it runs and gives
/// it back when the person closes it. Closing the window during a session
/// hides it and keeps the session.
///
/// In template mode (the configuration's `chatTemplateURL`, in the program
/// that can show it) the window shows the chat template instead
/// (``TemplateChatContent``) and the menu has End Chat and Quit.
@MainActor
final class MainWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    private let configuration: Configuration?
    private let helpButton: UnsafeMutablePointer<GtkWidget>
    private var templateContent: (any TemplateChatContent)?

    /// Builds the window for `application`. `configuration` is `nil` when it
    /// could not be loaded; `serverDescription` then says why. The start page
    /// shows `appIconFile`, or an icon from the icon theme when it is `nil`
    /// (``DataFiles/themedIconName()``). With a `chatTemplateURL`,
    /// `makeTemplateContent` makes the template's content; without it
    /// (`nil`), the start page is shown.
    init(
        application: UnsafeMutablePointer<GtkApplication>, configuration: Configuration?, serverDescription: String,
        appIconFile: String?,
        makeTemplateContent: (@MainActor (Configuration, OpaquePointer) -> (any TemplateChatContent)?)?
    ) {
        self.configuration = configuration
        window = gtk_application_window_new(application)
        helpButton = gtk_button_new_with_mnemonic(localized("_Get help"))
        let gtkWindow = GtkCast.pointer(window, to: GtkWindow.self)
        gtk_window_set_title(gtkWindow, "Assist")
        gtk_window_set_default_size(gtkWindow, 480, 640)
        addActions()
        let endChat = g_simple_action_new("end-chat", nil)!
        if let configuration, !configuration.chatTemplateURL.isEmpty,
            let page = makeTemplateContent?(configuration, endChat)
        {
            templateContent = page
            SignalConnection.connectIgnoringArgument(UnsafeMutableRawPointer(endChat), signal: "activate") { [weak page] in
                page?.endChatRequested()
            }
            g_action_map_add_action(GtkCast.opaque(window), endChat)
            gtk_window_set_titlebar(gtkWindow, makeHeaderBar(templateMode: true))
            gtk_window_set_child(gtkWindow, page.widget)
        } else {
            gtk_window_set_titlebar(gtkWindow, makeHeaderBar(templateMode: false))
            gtk_window_set_child(gtkWindow, makeStartPage(serverDescription: serverDescription, iconFile: appIconFile))
        }
        g_object_unref(UnsafeMutableRawPointer(endChat))
        MomentReporter.reportFirstFrame(of: window)
        SignalConnection.connect(helpButton, signal: "clicked") { [weak self] in self?.startSupport() }
        SignalConnection.connectReturningBool(window, signal: "close-request") {
            guard AssistSDK.isSupportActive else { return false }
            gtk_widget_set_visible(GtkCast.pointer(gtkWindow, to: GtkWidget.self), 0)
            return true
        }
    }

    /// Shows the window and brings it to the front.
    func present() {
        gtk_window_present(GtkCast.pointer(window, to: GtkWindow.self))
    }

    /// Starts support in this window, as "Get help" does.
    func startSupport() {
        start { configuration, window in try await AssistSDK.startSupport(configuration, in: window) }
    }

    /// Starts support with a support code, as the menu's "Get a support code" does.
    private func startSupportWithCode() {
        start { configuration, window in try await AssistSDK.startSupportWithCode(configuration, in: window) }
    }

    /// Runs `begin` (one of AssistSDK's ways to start support) for this
    /// window, when there is a configuration; a failure is reported.
    private func start(
        _ begin: @escaping @MainActor (Configuration, UnsafeMutablePointer<GtkWindow>) async throws -> Void
    ) {
        guard let configuration else { return }
        let gtkWindow = GtkCast.pointer(window, to: GtkWindow.self)
        Task {
            do {
                try await begin(configuration, gtkWindow)
            } catch {
                report(error)
            }
        }
    }

    /// Logs why support did not start; the window shows it already.
    private func report(_ error: any Error) {
        guard !(error is CancellationError) else { return }
        FileHandle.standardError.write(Data("assist-desktop: \(UserFacingError(error).message)\n".utf8))
    }

    /// The header bar with the app menu's button. The menu itself is built
    /// the first time it opens, so that its popover is not made before the
    /// window's first frame.
    private func makeHeaderBar(templateMode: Bool) -> UnsafeMutablePointer<GtkWidget> {
        let header = gtk_header_bar_new()!
        let menuButton = gtk_menu_button_new()!
        gtk_menu_button_set_icon_name(GtkCast.opaque(menuButton), "open-menu-symbolic")
        if templateMode {
            gtk_menu_button_set_create_popup_func(
                GtkCast.opaque(menuButton), { button, _ in MainActor.assumeIsolated { MainWindow.setTemplateMenu(on: button) } },
                nil, nil)
        } else {
            gtk_menu_button_set_create_popup_func(
                GtkCast.opaque(menuButton), { button, _ in MainActor.assumeIsolated { MainWindow.setAppMenu(on: button) } }, nil, nil)
        }
        gtk_widget_set_tooltip_text(menuButton, localized("Main menu"))
        Accessibility.setLabel(menuButton, localized("Main menu"))
        gtk_header_bar_pack_end(GtkCast.opaque(header), menuButton)
        return header
    }

    /// Gives `button` the app menu; GTK then shows it.
    private static func setAppMenu(on button: OpaquePointer?) {
        let menu = g_menu_new()!
        let session = g_menu_new()!
        g_menu_append(session, localized("Get a _support code"), "win.support-code")
        let transcript = g_menu_new()!
        g_menu_append(transcript, localized("_Save Transcript…"), "win.save-transcript")
        g_menu_append(transcript, localized("_Print Transcript…"), "win.print-transcript")
        g_menu_append(transcript, localized("_Activity"), "win.activity")
        g_menu_append(transcript, localized("_Forget Remembered Screen Choice"), "win.forget-screen-choices")
        let app = g_menu_new()!
        g_menu_append(app, localized("_Quit"), "win.quit")
        for section in [session, transcript, app] {
            g_menu_append_section(menu, nil, UnsafeMutablePointer<GMenuModel>(section))
            g_object_unref(UnsafeMutableRawPointer(section))
        }
        gtk_menu_button_set_menu_model(button, UnsafeMutablePointer<GMenuModel>(menu))
        g_object_unref(UnsafeMutableRawPointer(menu))
    }

    /// Gives `button` the template mode's menu: End Chat, then Quit.
    private static func setTemplateMenu(on button: OpaquePointer?) {
        let menu = g_menu_new()!
        let chat = g_menu_new()!
        g_menu_append(chat, localized("_End Chat"), "win.end-chat")
        let app = g_menu_new()!
        g_menu_append(app, localized("_Quit"), "win.quit")
        for section in [chat, app] {
            g_menu_append_section(menu, nil, UnsafeMutablePointer<GMenuModel>(section))
            g_object_unref(UnsafeMutableRawPointer(section))
        }
        gtk_menu_button_set_menu_model(button, UnsafeMutablePointer<GMenuModel>(menu))
        g_object_unref(UnsafeMutableRawPointer(menu))
    }

    private func addActions() {
        let actions: [(String, @MainActor () -> Void)] = [
            ("support-code", { [weak self] in self?.startSupportWithCode() }),
            ("quit", { [weak self] in self?.quit() }),
            ("forget-screen-choices", { [weak self] in self?.forgetScreenChoices() }),
            ("activity", { [weak self] in self?.showActivity() }),
        ]
        for (name, handler) in actions {
            let action = g_simple_action_new(name, nil)!
            SignalConnection.connectIgnoringArgument(UnsafeMutableRawPointer(action), signal: "activate", handler: handler)
            g_action_map_add_action(GtkCast.opaque(window), action)
            g_object_unref(UnsafeMutableRawPointer(action))
        }
        let supportCode = g_action_map_lookup_action(GtkCast.opaque(window), "support-code")
        g_simple_action_set_enabled(supportCode, configuration?.server == nil ? 0 : 1)
        AssistSDK.installTranscriptActions(in: GtkCast.pointer(window, to: GtkApplicationWindow.self))
    }

    /// Shows what the person allowed agents (the activity record).
    private func showActivity() {
        guard let configuration else { return }
        AssistSDK.showActivity(configuration, over: GtkCast.pointer(window, to: GtkWindow.self))
    }

    /// Forgets the remembered screen choices, so the next share shows the
    /// desktop's dialog again (nothing to do when none is remembered); a file
    /// that cannot be removed is said.
    private func forgetScreenChoices() {
        guard let configuration else { return }
        do throws(RememberedScreenChoicesError) {
            try AssistSDK.forgetScreenChoices(configuration)
        } catch {
            FileHandle.standardError.write(Data("assist-desktop: \(error.message)\n".utf8))
        }
    }

    /// Quits. With `keepSessionOnRestart` (the default) a session in
    /// progress stays kept and resumes when the app is launched again;
    /// without it, support ends first.
    private func quit() {
        let keepsSession = configuration?.keepSessionOnRestart ?? false
        Task {
            if !keepsSession { await AssistSDK.endSupport() }
            g_application_quit(g_application_get_default())
        }
    }

    private func makeStartPage(serverDescription: String, iconFile: String?) -> UnsafeMutablePointer<GtkWidget> {
        let page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_widget_set_valign(page, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_start(page, 36)
        gtk_widget_set_margin_end(page, 36)

        let icon = iconFile.map { gtk_image_new_from_file($0)! } ?? gtk_image_new_from_icon_name(DataFiles.themedIconName())!
        gtk_image_set_pixel_size(GtkCast.opaque(icon), 96)

        let title = gtk_label_new(localized("Get help from a support agent"))!
        gtk_widget_add_css_class(title, "title-1")
        gtk_label_set_wrap(GtkCast.opaque(title), 1)
        gtk_label_set_justify(GtkCast.opaque(title), GTK_JUSTIFY_CENTER)

        let detail = gtk_label_new(serverDescription)!
        gtk_label_set_wrap(GtkCast.opaque(detail), 1)
        gtk_label_set_justify(GtkCast.opaque(detail), GTK_JUSTIFY_CENTER)
        gtk_widget_add_css_class(detail, "dim-label")

        gtk_widget_add_css_class(helpButton, "suggested-action")
        gtk_widget_add_css_class(helpButton, "pill")
        gtk_widget_set_halign(helpButton, GTK_ALIGN_CENTER)
        gtk_widget_set_margin_top(helpButton, 12)
        gtk_widget_set_sensitive(helpButton, configuration?.server == nil ? 0 : 1)
        Accessibility.setLabel(helpButton, localized("Get help"))

        let box = GtkCast.pointer(page, to: GtkBox.self)
        for child in [icon, title, detail, helpButton] { gtk_box_append(box, child) }
        return page
    }
}
