/// The versions of the Assist wire protocol and how two peers agree on one.
///
/// A `hello` (and, from version 2, a `resume`) lists the versions the sender
/// speaks; the server answers with the highest version both sides speak in
/// its `welcome`. Each frame's `v` names the version that introduced its type
/// (``WireMessage/introducedInVersion``), and types of a later version go
/// only to connections that negotiated it. Version 2 adds co-browse
/// (`docs/protocol.md` §12), version 3 the call (§13).
public enum ProtocolVersion {
    /// The newest version this build speaks.
    public static let current = 3

    /// Every version this build speaks, oldest first.
    public static let supported: [Int] = [1, 2, 3]

    /// The first version with co-browse: binary frames and keyframe requests.
    public static let cobrowse = 2

    /// The first version with the call: call requests, signaling and ICE
    /// servers in `welcome`.
    public static let call = 3

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
