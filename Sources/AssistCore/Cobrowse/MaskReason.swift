/// Why a widget is not shown as it is.
public enum MaskReason: Sendable, Hashable, CaseIterable {
    /// The agent may not view it, or a widget around it (filled with the mask colour).
    case permission
    /// It carries one of the hiding tags or the `assist-no-show` class (filled black).
    case hidingTag
    /// It carries one of the masking tags (filled with the mask colour).
    case maskingTag
    /// It is a password entry (filled with the mask colour).
    case password
}
