/// Chat text after masking, and what was masked in it.
public struct MaskedText: Sendable, Hashable {
    /// The text to store and relay: the original with every sensitive
    /// character replaced by ``ChatMasker/maskCharacter``; as many Unicode
    /// scalars as the original.
    public var text: String
    /// The kinds masked, each once, in the order ``ChatMasker`` looks for
    /// them; empty when nothing was masked (``text`` is then the original).
    public var kinds: [SensitiveDataKind]

    /// Text and the kinds masked in it.
    public init(text: String, kinds: [SensitiveDataKind]) {
        self.text = text
        self.kinds = kinds
    }

    /// Whether anything was masked.
    public var didMask: Bool { !kinds.isEmpty }
}
