/// Unsigned numbers as the eight big-endian bytes node links carry them in
/// (``ClusterMail``, ``AddressedMail/wire``).
enum BigEndianBytes {
    /// The eight bytes of `value`, most significant first.
    static func of(_ value: UInt64) -> [UInt8] {
        (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) }
    }

    /// The number `bytes` hold, most significant first.
    static func number(in bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }
}
