/// Cuts the server's packets out of the bytes that arrive: over WebSocket a
/// binary frame may carry part of a packet or several (MQTT 3.1.1, section
/// 6.0), so bytes are kept until a whole packet is there.
public struct MQTTPacketReader: Sendable {
    private var buffered: [UInt8] = []

    /// A reader with nothing buffered.
    public init() {}

    /// Adds bytes that arrived.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        buffered += bytes
    }

    /// The next whole packet, or `nil` until more bytes arrive. After an
    /// error the stream cannot be read further.
    public mutating func nextPacket() throws(MQTTPacketError) -> MQTTServerPacket? {
        guard let header = buffered.first,
            let (length, lengthBytes) = try MQTTRemainingLength.read(from: buffered.dropFirst()),
            buffered.count >= 1 + lengthBytes + length
        else { return nil }
        let end = 1 + lengthBytes + length
        let packet = try MQTTServerPacket(header: header, body: buffered[(1 + lengthBytes)..<end])
        buffered.removeFirst(end)
        return packet
    }
}
