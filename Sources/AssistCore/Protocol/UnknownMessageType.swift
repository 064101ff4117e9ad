/// Thrown by a message's decoder when the envelope's `type` is not one it knows.
struct UnknownMessageType: Error {
    /// The type that was found.
    var type: String
}
