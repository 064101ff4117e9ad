/// Reads big-endian integers and byte runs from a byte slice, throwing
/// instead of trapping when the bytes run out.
struct ByteReader {
    private let bytes: ArraySlice<UInt8>
    private var offset: Int

    init(_ bytes: ArraySlice<UInt8>) {
        self.bytes = bytes
        offset = bytes.startIndex
    }

    /// How many bytes are left.
    var remaining: Int { bytes.endIndex - offset }

    /// The bytes not read yet.
    var rest: ArraySlice<UInt8> { bytes[offset...] }

    mutating func bytes(_ count: Int) throws(CobrowseFrameError) -> ArraySlice<UInt8> {
        guard count >= 0, count <= remaining else { throw .truncated(at: offset - bytes.startIndex) }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    mutating func uint8() throws(CobrowseFrameError) -> UInt8 {
        try bytes(1).first!
    }

    mutating func uint16() throws(CobrowseFrameError) -> UInt16 {
        try bytes(2).reduce(0) { $0 << 8 | UInt16($1) }
    }

    mutating func uint32() throws(CobrowseFrameError) -> UInt32 {
        try bytes(4).reduce(0) { $0 << 8 | UInt32($1) }
    }
}

/// Appends big-endian integers and byte runs to a growing byte array.
struct ByteWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func append(_ value: UInt8) { bytes.append(value) }

    mutating func append(_ value: UInt16) {
        bytes.append(UInt8(value >> 8))
        bytes.append(UInt8(value & 0xFF))
    }

    mutating func append(_ value: UInt32) {
        for shift in stride(from: 24, through: 0, by: -8) { bytes.append(UInt8((value >> UInt32(shift)) & 0xFF)) }
    }

    mutating func append(_ run: some Collection<UInt8>) { bytes.append(contentsOf: run) }
}
