/// Why the token key file could not be used.
enum TokenSealerError: Error, CustomStringConvertible {
    /// The key file does not hold a 32-byte key.
    case malformedKeyFile(String)
    /// The key file could not be created.
    case cannotCreateKeyFile(String)
    /// A sealed token was sealed with another key.
    case cannotOpen

    /// One sentence naming the file.
    var description: String {
        switch self {
        case .malformedKeyFile(let path): "\(path) does not hold a 32-byte token key"
        case .cannotCreateKeyFile(let path): "cannot create the token key file \(path)"
        case .cannotOpen: "a stored token was sealed with another key"
        }
    }
}
