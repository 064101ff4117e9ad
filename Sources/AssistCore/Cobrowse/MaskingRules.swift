/// The configuration's masking settings: which tagged widgets the agent sees
/// as filled boxes, and in which colour.
public struct MaskingRules: Sendable, Hashable {
    /// The CSS class that hides a widget as a hiding tag does.
    public static let noShowClass = "assist-no-show"

    /// Tags of widgets filled black.
    public var hidingTags: Set<String>
    /// Tags of widgets filled with ``maskColor``.
    public var maskingTags: Set<String>
    /// The fill of widgets masked by tag, by permission, and of password entries.
    public var maskColor: RGBAColor8

    /// Creates rules.
    public init(
        hidingTags: Set<String> = [], maskingTags: Set<String> = [],
        maskColor: RGBAColor8 = .init(red: 0, green: 0, blue: 0)
    ) {
        self.hidingTags = hidingTags
        self.maskingTags = maskingTags
        self.maskColor = maskColor
    }

    /// The rules of a configuration: its `hidingTags`, `maskingTags` and `maskColor`.
    public init(configuration: Configuration) {
        let color = configuration.maskColor
        self.init(
            hidingTags: Set(configuration.hidingTags), maskingTags: Set(configuration.maskingTags),
            maskColor: RGBAColor8(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha))
    }

    /// Why a widget is covered whatever the agent's permissions, or `nil` when
    /// nothing about the widget itself covers it. Hiding beats masking.
    func reason(for widget: SharedWidget) -> MaskReason? {
        if widget.tags.contains(Self.noShowClass) || !widget.tags.isDisjoint(with: hidingTags) { return .hidingTag }
        if !widget.tags.isDisjoint(with: maskingTags) { return .maskingTag }
        if widget.isPassword { return .password }
        return nil
    }

    /// The fill of a mask given for `reason`.
    func color(for reason: MaskReason) -> RGBAColor8 {
        reason == .hidingTag ? RGBAColor8(red: 0, green: 0, blue: 0) : maskColor
    }
}
