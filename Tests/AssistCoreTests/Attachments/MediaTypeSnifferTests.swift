import AssistCore
import Testing

@Suite("What a file is, from its first bytes")
struct MediaTypeSnifferTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var what: String
        var bytes: [UInt8]
        var isWhole = true
        var expected: String?
        var testDescription: String { what }
    }

    static let rows: [Row] = [
        Row(what: "PNG signature", bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], expected: "image/png"),
        Row(what: "JPEG start of image", bytes: [0xFF, 0xD8, 0xFF, 0xE0, 0, 16], expected: "image/jpeg"),
        Row(what: "GIF89a", bytes: Array("GIF89a".utf8) + [1, 0], expected: "image/gif"),
        Row(what: "GIF87a", bytes: Array("GIF87a".utf8) + [1, 0], expected: "image/gif"),
        Row(what: "WebP in a RIFF container", bytes: Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WEBPVP8 ".utf8), expected: "image/webp"),
        Row(what: "a RIFF that is not WebP (WAV)", bytes: Array("RIFF".utf8) + [0, 0, 0, 0] + Array("WAVEfmt ".utf8), expected: nil),
        Row(what: "PDF header", bytes: Array("%PDF-1.7\n".utf8), expected: "application/pdf"),
        Row(what: "plain ASCII text with tabs and line ends", bytes: Array("order 42\tok\r\n".utf8), expected: "text/plain"),
        Row(what: "UTF-8 text with accents and emoji", bytes: Array("Grüße 👋 ça va".utf8), expected: "text/plain"),
        Row(what: "text with a NUL byte", bytes: Array("abc".utf8) + [0] + Array("def".utf8), expected: nil),
        Row(what: "text with an escape character", bytes: Array("abc".utf8) + [0x1B] + Array("[0m".utf8), expected: nil),
        Row(what: "invalid UTF-8 (a lone continuation byte)", bytes: Array("abc".utf8) + [0x80], expected: nil),
        Row(what: "a whole file ending in half a character", bytes: Array("Gr".utf8) + [0xC3], expected: nil),
        Row(
            what: "a window that cuts a character in two", bytes: Array("Gr".utf8) + [0xC3], isWhole: false,
            expected: "text/plain"),
        Row(what: "a ZIP archive (also .docx)", bytes: [0x50, 0x4B, 0x03, 0x04, 20, 0], expected: nil),
        Row(what: "an ELF program", bytes: [0x7F, 0x45, 0x4C, 0x46, 2, 1], expected: nil),
        Row(what: "nothing", bytes: [], expected: nil),
    ]

    @Test("each content is recognised, or not, as the table says", arguments: rows)
    func recognises(_ row: Row) {
        #expect(MediaTypeSniffer.mediaType(of: row.bytes, isWhole: row.isWhole) == row.expected)
    }

    @Test("only the first 4,096 bytes count: text whose window ends mid-character is still text")
    func windowEdge() {
        let text = Array(String(repeating: "a", count: MediaTypeSniffer.windowSize - 1).utf8) + Array("é and more".utf8)
        #expect(MediaTypeSniffer.mediaType(of: text, isWhole: true) == "text/plain")
    }

    @Test("a file name's extension gives a known type, whatever its case; others give none")
    func fileNames() {
        #expect(MediaTypeSniffer.mediaType(forFileName: "Screenshot.PNG") == "image/png")
        #expect(MediaTypeSniffer.mediaType(forFileName: "photo.jpeg") == "image/jpeg")
        #expect(MediaTypeSniffer.mediaType(forFileName: "invoice.pdf") == "application/pdf")
        #expect(MediaTypeSniffer.mediaType(forFileName: "notes.txt") == "text/plain")
        #expect(MediaTypeSniffer.mediaType(forFileName: "setup.exe") == nil)
        #expect(MediaTypeSniffer.mediaType(forFileName: ".png") == nil)
        #expect(MediaTypeSniffer.mediaType(forFileName: "README") == nil)
    }
}
