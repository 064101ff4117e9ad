/// What an agent may ask the person to show (`docs/protocol.md` §12.8).
///
/// An application offers the scopes of its configuration's
/// ``Configuration/screenShareScopes`` (in `hello` and `resume`); the server
/// passes on a request only for a scope the person's app offers.
public enum ShareScope: String, Sendable, Hashable, Codable, CaseIterable {
    /// The application's own window, drawn by the app with the agent's masks
    /// (co-browse, §12). Every app that shares at all offers it.
    case window
    /// The screen or another program's window, chosen by the person in the
    /// desktop's own dialog (the ScreenCast portal), with the app's masked
    /// widgets covered on the person's screen too.
    case screen

    /// The scopes an app offers when it says nothing: its own window only,
    /// as every app before §12.8 did.
    public static let unannounced: [ShareScope] = [.window]

    /// The known scopes among `names`, in order and without repeats; names
    /// this build does not know are left out, so a newer peer's scope is no
    /// error.
    public static func known(_ names: [String]) -> [ShareScope] {
        var scopes: [ShareScope] = []
        for name in names {
            if let scope = ShareScope(rawValue: name), !scopes.contains(scope) { scopes.append(scope) }
        }
        return scopes
    }
}
