/// A piece of mail and where it goes: the connection it is about (its id on
/// the node that holds the connection) and the node that is to read it.
struct AddressedMail: Sendable, Equatable {
    /// The node that is to read it.
    var recipient: String
    /// The node that wrote it.
    var sender: String
    /// The connection's id on the node that holds it.
    var link: Int
    /// What it says.
    var mail: ClusterMail
}
