/// Why a short code could not be created, besides a database failure.
public enum ShortCodeCreationError: Error, Sendable, Hashable {
    /// Every candidate code drawn was already in use. With 31⁸ codes this
    /// means the random source is broken, not that the space is full.
    case noFreeCode(attempts: Int)
}
