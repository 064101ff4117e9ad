/// A member a message requires in its situation was absent (e.g. `hello`
/// with neither `destination` nor `sessionToken`). The codec turns it into
/// ``ProtocolError/Kind/invalidMessage(field:problem:)``, as it does for a
/// member that is always required (§7.1).
struct MissingMember: Error {
    /// The path of the member, e.g. `body.destination`.
    var field: String
    /// When it is required, e.g. `is required unless sessionToken is given`.
    var problem: String
}
