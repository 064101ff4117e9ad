/// A value that broke a protocol rule, found while reading or writing a
/// message. The codec turns it into ``ProtocolError/Kind/invalidValue(field:problem:)``.
struct ValueProblem: Error {
    /// The path of the value, e.g. `body.text`.
    var field: String
    /// What is wrong with it, e.g. `longer than 8000 characters`.
    var problem: String
}
