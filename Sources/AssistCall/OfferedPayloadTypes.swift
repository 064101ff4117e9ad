/// The RTP payload numbers a remote offer gives VP8 and Opus. The answerer
/// sends with these numbers, so its caps meet the offer's and the remote
/// side recognises its packets (a browser numbers its codecs its own way).
struct OfferedPayloadTypes: Sendable, Hashable {
    /// VP8's payload number, or `nil` when the offer has no VP8.
    var vp8: Int?
    /// Opus's payload number, or `nil` when the offer has no Opus.
    var opus: Int?

    /// The numbers found in `sdp`'s `a=rtpmap` lines: the first
    /// `VP8/90000` and the first `opus/48000` (codec names are case-insensitive).
    init(sdp: String) {
        for line in sdp.split(whereSeparator: \.isNewline) {
            guard let mapping = Self.rtpmap(line) else { continue }
            let encoding = mapping.encoding.lowercased()
            if vp8 == nil, encoding.hasPrefix("vp8/90000") {
                vp8 = mapping.payloadType
            } else if opus == nil, encoding.hasPrefix("opus/48000") {
                opus = mapping.payloadType
            }
        }
    }

    /// `a=rtpmap:<number> <encoding>` read, or `nil` for any other line or
    /// a number outside RTP's dynamic range 96–127.
    private static func rtpmap(_ line: Substring) -> (payloadType: Int, encoding: Substring)? {
        let prefix = "a=rtpmap:"
        guard line.hasPrefix(prefix) else { return nil }
        let rest = line.dropFirst(prefix.count)
        guard let space = rest.firstIndex(of: " "), let number = Int(rest[..<space]), (96...127).contains(number)
        else { return nil }
        return (number, rest[rest.index(after: space)...].drop { $0 == " " })
    }
}
