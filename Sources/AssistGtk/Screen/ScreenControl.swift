import AssistCore

/// The person's pointer and keyboard lent to an agent by the desktop, on the
/// screen or window they share (`docs/protocol.md` §12.9), until ``stop()``.
/// Made by ``ScreenCapture/control(_:parent:)``; ``ScreenControlPerformer``
/// decides what of the agent's input reaches it.
@MainActor
public protocol ScreenControl: AnyObject {
    /// The stream of what is controlled: the share shows it from now on,
    /// so that the agent's picture and its clicks agree.
    var stream: any ScreenStream { get }
    /// Moves the pointer to the point of the stream that is at `x`, `y` in
    /// a picture of `width` × `height` pixels (the pictures may be larger
    /// than the desktop's coordinates on a scaled monitor), and returns once
    /// the desktop took it.
    func movePointer(x: Int, y: Int, inPictureOf width: Int, _ height: Int) async
    /// Presses and releases the primary pointer button where the pointer is.
    func click() async
    /// Presses and releases each X keysym in turn.
    func press(keysyms: [UInt32]) async
    /// Gives the pointer and keyboard back: nothing reaches the desktop
    /// after it returns. The desktop's session ends with ``stream``'s
    /// `stop()`. Safe to call twice.
    func stop()
}
