/// What an agent asks the person to allow.
public enum ConsentSubject: Sendable, Hashable {
    /// To see this application's window (co-browse, scope
    /// ``ShareScope/window``), or the screen or a window the person picks
    /// in the desktop's dialog (scope ``ShareScope/screen``).
    case screenShare(ShareScope)
    /// To click and type in this application's window (scope
    /// ``ShareScope/window``), or with the person's pointer and keyboard on
    /// the screen or window they share (scope ``ShareScope/screen``, §12.9).
    case control(ShareScope)
    /// To open a web page or document the agent pushed.
    case push(PushedContent)
    /// To take a call with this media.
    case call(CallMedia)

    /// The kind of answer sent back for this request.
    public var kind: ConsentKind {
        switch self {
        case .screenShare: .screenShare
        case .control: .control
        case .push: .push
        case .call: .call
        }
    }
}
