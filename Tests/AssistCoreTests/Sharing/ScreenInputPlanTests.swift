import AssistCore
import Testing

@Suite("What an agent's input does on a shared screen (protocol §12.9)")
struct ScreenInputPlanTests {
    @Test("a click inside the picture moves there and presses; outside it there is nothing")
    func clicks() {
        #expect(ScreenInputPlan(.click(x: 0, y: 0), pictureWidth: 1280, pictureHeight: 720) == .click(x: 0, y: 0))
        #expect(ScreenInputPlan(.click(x: 1279, y: 719), pictureWidth: 1280, pictureHeight: 720) == .click(x: 1279, y: 719))
        for (x, y) in [(1280, 10), (10, 720), (-1, 10), (10, -1)] {
            #expect(ScreenInputPlan(.click(x: x, y: y), pictureWidth: 1280, pictureHeight: 720) == .refuse(.nothingThere))
        }
    }

    @Test("text is one keysym per character: Latin-1 as itself, the rest as Unicode keysyms, line breaks as Return")
    func textToKeysyms() {
        #expect(ScreenInputPlan(.text("Hi!"), pictureWidth: 10, pictureHeight: 10) == .keys([0x48, 0x69, 0x21]))
        #expect(ScreenKeysyms.keysyms(for: "é€") == [0xE9, 0x0100_20AC])
        #expect(ScreenKeysyms.keysyms(for: "a\nb\r\nc\rd") == [0x61, 0xFF0D, 0x62, 0xFF0D, 0x63, 0xFF0D, 0x64])
        #expect(ScreenKeysyms.keysyms(for: "a\tb") == [0x61, 0xFF09, 0x62])
        #expect(ScreenKeysyms.keysyms(for: "e\u{301}") == [0x65, 0x0100_0301])
    }

    @Test("text with a control character no key types is refused whole")
    func controlCharactersRefused() {
        for text in ["a\u{7}b", "\u{1B}", "x\u{7F}", "\u{85}"] {
            #expect(ScreenInputPlan(.text(text), pictureWidth: 10, pictureHeight: 10) == .refuse(.nothingThere))
        }
    }

    @Test("input that would land in the app's own windows is answered notInteractive")
    func overTheApp() {
        #expect(ScreenInputPlan.refusedOverApp == .notInteractive)
    }
}
