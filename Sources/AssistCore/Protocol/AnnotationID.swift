/// Names one stroke an agent drew over the shared window, so that the app can
/// say which strokes it cleared. Chosen by the agent; unique within a share.
public struct AnnotationID: WireIdentifier {
    /// The identifier as it appears on the wire.
    public let rawValue: String

    /// Wraps `rawValue` as it appears on the wire.
    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }
}
