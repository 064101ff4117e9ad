/// The JSON body of every refused short-code request.
struct ShortCodeErrorBody: Codable, Hashable {
    /// The machine-readable code.
    var error: String
    /// The sentence for the person.
    var message: String
}
