/// An sRGB colour with an alpha channel, 8 bits per component: the colour of
/// the boxes the agent sees in place of masked content.
///
/// Written in JSON as `"#RRGGBB"` (opaque) or `"#RRGGBBAA"`, hexadecimal,
/// either case.
public struct RGBAColor: Sendable, Hashable {
    /// Opaque black, the seed's default mask colour.
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)

    /// Red, 0…255.
    public var red: UInt8
    /// Green, 0…255.
    public var green: UInt8
    /// Blue, 0…255.
    public var blue: UInt8
    /// Opacity, 0 (transparent) …255 (opaque).
    public var alpha: UInt8

    /// Creates a colour from its components; opaque unless `alpha` says otherwise.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Reads `"#RRGGBB"` or `"#RRGGBBAA"`; `nil` for anything else.
    public init?(hex: String) {
        let digits = Array(hex.utf8.dropFirst())
        guard hex.hasPrefix("#"), digits.count == 6 || digits.count == 8 else { return nil }
        var components: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = Self.nibble(digits[index]), let low = Self.nibble(digits[index + 1]) else {
                return nil
            }
            components.append(high << 4 | low)
        }
        self.init(
            red: components[0], green: components[1], blue: components[2],
            alpha: components.count == 4 ? components[3] : 255)
    }

    /// The colour as `"#RRGGBB"` when opaque, else `"#RRGGBBAA"`, upper case.
    public var hex: String {
        let components = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
        return "#" + components.map(Self.twoDigits).joined()
    }

    /// The colour as red, green, blue and alpha fractions in 0…1, the form
    /// drawing toolkits such as GTK take.
    public var fractions: (red: Double, green: Double, blue: Double, alpha: Double) {
        (Double(red) / 255, Double(green) / 255, Double(blue) / 255, Double(alpha) / 255)
    }

    private static func nibble(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): character - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): character - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func twoDigits(_ value: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(value >> 4)], digits[Int(value & 0x0F)]])
    }
}
