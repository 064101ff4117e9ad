/// Why the token key file could not be used.
enum TokenSealerError: Error, Hashable, CustomStringConvertible {
    /// The shared key file (``TokenSealer/init(sharedKeyFile:)``) does not exist.
    case missingKeyFile(String)
    /// The key file exists but cannot be read, for the reason given.
    case unreadableKeyFile(String, reason: String)
    /// The key file does not hold a 32-byte key.
    case malformedKeyFile(String)
    /// The key file could not be created.
    case cannotCreateKeyFile(String)
    /// A sealed token was sealed with another key.
    case cannotOpen

    /// One sentence naming the file.
    var description: String {
        switch self {
        case .missingKeyFile(let path):
            "the token key file \(path) does not exist: create it once with `head -c 32 /dev/urandom > \(path)`"
                + " and give every server sharing the database a copy"
        case .unreadableKeyFile(let path, let reason): "cannot read the token key file \(path): \(reason)"
        case .malformedKeyFile(let path): "\(path) does not hold a 32-byte token key"
        case .cannotCreateKeyFile(let path): "cannot create the token key file \(path)"
        case .cannotOpen: "a stored token was sealed with another key"
        }
    }
}
