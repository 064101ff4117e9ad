/// The versions of the Assist wire protocol and how two peers agree on one.
///
/// Every frame names its version in the envelope's `v` member. A `hello`
/// lists the versions the sender speaks; the server answers with the highest
/// version both sides speak in its `welcome`, and every later frame on that
/// connection carries that version.
public enum ProtocolVersion {
    /// The newest version this build speaks.
    public static let current = 1

    /// Every version this build speaks, oldest first.
    public static let supported: [Int] = [1]

    /// Whether this build can read and write frames of `version`.
    public static func isSupported(_ version: Int) -> Bool {
        supported.contains(version)
    }

    /// The highest version in both `offered` and ``supported``, or `nil` when
    /// there is none and the connection must be closed with
    /// ``CloseCode/unsupportedVersion``.
    public static func negotiate(offered: [Int]) -> Int? {
        supported.filter(offered.contains).max()
    }
}
