/// What the agent gets of a shared window: what each widget is to it, the masks, and what may be rendered.
///
/// The plan follows the permissions seed. A widget's effective marker is its
/// own, else the nearest ancestor's, else `default`; the agent may view it
/// only if it may view the effective marker of every level of its path, the
/// window first. Independently of permissions, a widget tagged with a hiding
/// tag or the ``MaskingRules/noShowClass`` class is filled black, one tagged
/// with a masking tag is filled with the mask colour, and so is a password
/// entry. Everything inside a covered widget is covered with it.
public struct MaskPlan: Sendable, Hashable {
    /// What each widget is to the agent, in the order of the widgets given:
    /// ``ElementAccess/masked`` for a widget covered for any reason or inside
    /// a covered one, otherwise what its permissions allow.
    public var access: [ElementAccess]
    /// The filled rectangles, clipped to the window, none empty, in the order
    /// of the widgets they cover. Only the outermost covered widget of a
    /// subtree has one; a widget inside it adds one only for pixels of its
    /// own that lie outside the enclosing mask.
    public var masks: [Mask]
    /// The window minus the union of the masks, as disjoint rectangles
    /// covering exactly the pixels that may be rendered.
    public var visibleRegion: [PixelRect]

    /// Creates a plan from its parts.
    public init(access: [ElementAccess], masks: [Mask], visibleRegion: [PixelRect]) {
        self.access = access
        self.masks = masks
        self.visibleRegion = visibleRegion
    }

    /// Decides what the agent gets of a window.
    ///
    /// - Parameters:
    ///   - widgets: the window's widgets, depth first, every parent before its
    ///     children, the window itself first. A widget whose `parent` is not
    ///     the index of an earlier widget is treated as one the agent may not
    ///     view. An empty list stands for a window with no marker.
    ///   - permissions: the agent's permissions.
    ///   - rules: the configuration's hiding and masking settings.
    ///   - window: the window's rectangle, in window pixels.
    public static func make(
        widgets: [SharedWidget], permissions: AgentPermissions, rules: MaskingRules, window: PixelRect
    ) -> MaskPlan {
        let widgets = widgets.isEmpty ? [SharedWidget(parent: nil, bounds: window)] : widgets
        var access: [ElementAccess] = []
        var masks: [Mask] = []
        // Per widget: why it is covered (its own reason or an ancestor's), and
        // the nearest mask rectangle that already covers it.
        var reasons: [MaskReason?] = []
        var covers: [PixelRect?] = []
        access.reserveCapacity(widgets.count)
        reasons.reserveCapacity(widgets.count)
        covers.reserveCapacity(widgets.count)

        for (index, widget) in widgets.enumerated() {
            let parent = widget.parent
            let hasValidParent = parent.map { (0..<index).contains($0) } ?? true
            let ownAccess: ElementAccess
            let ownReason: MaskReason?
            if hasValidParent {
                ownAccess = permissions.access(markers: markerPath(to: index, in: widgets))
                let tagReason = rules.reason(for: widget)
                ownReason = tagReason == .hidingTag ? .hidingTag : (ownAccess == .masked ? .permission : tagReason)
            } else {
                ownAccess = .masked
                ownReason = .permission
            }
            let inheritedReason = hasValidParent ? parent.flatMap { reasons[$0] } : nil
            let enclosingCover = hasValidParent ? parent.flatMap { covers[$0] } : nil
            let reason = ownReason ?? inheritedReason
            access.append(reason == nil ? ownAccess : .masked)
            reasons.append(reason)

            let drawn = widget.bounds.flatMap { $0.intersection(window) }
            if let reason, let drawn, !(enclosingCover?.contains(drawn) ?? false) {
                masks.append(Mask(rect: drawn, color: rules.color(for: reason), reason: reason))
                covers.append(drawn)
            } else {
                covers.append(reason == nil ? nil : enclosingCover)
            }
        }
        return MaskPlan(
            access: access, masks: masks, visibleRegion: region(of: window, minus: masks.map(\.rect)))
    }

    /// The markers along the path from the root to widget `index`, root first.
    ///
    /// - Precondition: every parent on the path is an earlier widget, so the
    ///   walk ends.
    private static func markerPath(to index: Int, in widgets: [SharedWidget]) -> [String?] {
        var markers: [String?] = []
        var current: Int? = index
        while let level = current {
            markers.append(widgets[level].marker)
            current = widgets[level].parent.flatMap { (0..<level).contains($0) ? $0 : nil }
        }
        return markers.reversed()
    }
}
