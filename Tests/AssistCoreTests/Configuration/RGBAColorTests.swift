import AssistCore
import Testing

@Suite("RGBAColor")
struct RGBAColorTests {
    @Test("#RRGGBB and #RRGGBBAA are read in either case", arguments: [
        ("#000000", RGBAColor.black), ("#ff8000", RGBAColor(red: 255, green: 128, blue: 0)),
        ("#FF800080", RGBAColor(red: 255, green: 128, blue: 0, alpha: 128)),
        ("#a1B2c3D4", RGBAColor(red: 0xA1, green: 0xB2, blue: 0xC3, alpha: 0xD4)),
    ])
    func reads(_ hex: String, _ color: RGBAColor) {
        #expect(RGBAColor(hex: hex) == color)
    }

    @Test("Anything else is refused", arguments: ["", "#", "000000", "#12345", "#1234567", "#GG0000", "#ff 000", "#+1+1+1"])
    func refuses(_ hex: String) {
        #expect(RGBAColor(hex: hex) == nil)
    }

    @Test("Writes #RRGGBB when opaque and #RRGGBBAA otherwise, upper case")
    func writes() {
        #expect(RGBAColor.black.hex == "#000000")
        #expect(RGBAColor(red: 10, green: 171, blue: 255, alpha: 0).hex == "#0AABFF00")
    }

    @Test("Fractions run from 0 to 1")
    func fractions() {
        let fractions = RGBAColor(red: 255, green: 0, blue: 51, alpha: 255).fractions
        #expect(fractions.red == 1)
        #expect(fractions.green == 0)
        #expect(fractions.blue == 0.2)
        #expect(fractions.alpha == 1)
    }
}
