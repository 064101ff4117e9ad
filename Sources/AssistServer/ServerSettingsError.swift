/// Settings that cannot work together, said in the words of the command line.
enum ServerSettingsError: Error, CustomStringConvertible {
    /// A PostgreSQL database was given without `--token-key-file`.
    case tokenKeyFileRequired

    var description: String {
        switch self {
        case .tokenKeyFileRequired:
            "--database postgres://… needs --token-key-file FILE: the key that seals short codes' tokens is never "
                + "kept in the database, and every node of a cluster must be given the same file"
        }
    }
}
