/// Colours written `#rrggbb` on the wire (annotation strokes).
enum HexColor {
    /// The opaque colour `text` writes, or `nil` unless it is `#` and six hex digits.
    static func parse(_ text: String) -> RGBAColor8? {
        let digits = Array(text.utf8)
        guard digits.count == 7, digits[0] == UInt8(ascii: "#") else { return nil }
        var channels: [UInt8] = []
        for index in Swift.stride(from: 1, to: 7, by: 2) {
            guard let high = nibble(digits[index]), let low = nibble(digits[index + 1]) else { return nil }
            channels.append(high << 4 | low)
        }
        return RGBAColor8(red: channels[0], green: channels[1], blue: channels[2])
    }

    /// `color` as `#rrggbb`, lower case; alpha is left out.
    static func format(_ color: RGBAColor8) -> String {
        "#" + [color.red, color.green, color.blue].map { byte in
            let text = String(byte, radix: 16)
            return byte < 16 ? "0" + text : text
        }.joined()
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
