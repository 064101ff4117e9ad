import AssistCore
import CGtk

/// The main window's content in template mode: the contact centre's chat
/// template in a web view. `assist-desktop-web` makes it (with WebKitGTK);
/// `assist-desktop` has none and hands template mode to that program
/// (``TemplateModeProgram``), so that it never links or loads WebKit.
@MainActor
public protocol TemplateChatContent: AnyObject {
    /// The widget that fills the window below the header bar.
    var widget: UnsafeMutablePointer<GtkWidget> { get }
    /// The menu's End Chat was chosen: end the chat through the page.
    func endChatRequested()
}

/// How a program shows template mode (`chatTemplateURL` set).
public enum TemplateChatSupport {
    /// In this process: `make` builds the content for the configuration,
    /// given the menu's End Chat action (a `GSimpleAction`) to turn on and
    /// off; it returns `nil` when the configuration has no usable template.
    case inThisProgram(make: @MainActor (Configuration, OpaquePointer) -> (any TemplateChatContent)?)
    /// By replacing this process with the program of that file name in the
    /// same folder, started with the same arguments.
    case inSiblingProgram(named: String)
}
