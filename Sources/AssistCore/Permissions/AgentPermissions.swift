/// The permissions an agent holds: the markers it may view and the markers it
/// may interact with (the seed's "viewable" and "interactive" sets).
///
/// An agent whose session description named no permissions gets
/// ``implicitDefault``. An agent that named two *empty* sets has no permission
/// at all — not even `default` — which is ``noPermissions``, a different thing.
public struct AgentPermissions: Sendable, Hashable, Codable {
    /// The reserved marker of every element that neither has nor inherits one.
    public static let defaultMarker = "default"

    /// The permissions of an agent that was given none explicitly: it may view
    /// and interact with every element that carries the `default` marker.
    public static let implicitDefault = AgentPermissions(
        viewable: [defaultMarker], interactive: [defaultMarker])

    /// The permissions of an agent given explicit empty sets: everything is masked.
    public static let noPermissions = AgentPermissions(viewable: [], interactive: [])

    /// Markers whose elements the agent may see.
    public var viewable: Set<String>
    /// Markers whose elements the agent may act on, provided it may also see them.
    public var interactive: Set<String>

    /// Creates permissions from the two marker sets.
    public init(viewable: Set<String>, interactive: Set<String>) {
        self.viewable = viewable
        self.interactive = interactive
    }

    /// Decides what the agent may do with an element.
    ///
    /// - Parameter markers: the permission markers along the element's path in
    ///   the widget tree, the outermost ancestor first and the element last;
    ///   `nil` where that level has no marker of its own. A level without one
    ///   inherits the nearest marker above it, and a level with none above it
    ///   has the reserved `default` marker. An empty path is an element with
    ///   no marker and no ancestors.
    /// - Returns: ``ElementAccess/masked`` unless the agent may view the marker
    ///   of every level; otherwise ``ElementAccess/interactive`` when it may
    ///   also interact with the element's own marker, else
    ///   ``ElementAccess/viewOnly``.
    public func access(markers: [String?]) -> ElementAccess {
        var inherited = Self.defaultMarker
        for marker in markers {
            if let marker { inherited = marker }
            guard viewable.contains(inherited) else { return .masked }
        }
        if markers.isEmpty, !viewable.contains(inherited) { return .masked }
        return interactive.contains(inherited) ? .interactive : .viewOnly
    }
}
