@testable import AssistServer
import Testing

@Suite("An uploaded file's shown name")
struct AttachmentNameTests {
    private static func shown(_ name: String) -> String? {
        AttachmentUploadRequest(sid: nil, name: name, size: 1, mediaType: "text/plain").shownName
    }

    @Test("a name is cut at 255 Unicode scalars, as the protocol counts, even where the cut splits a grapheme")
    func cutByScalars() {
        let shown = Self.shown(String(repeating: "e\u{301}", count: 300) + ".txt")
        #expect(shown?.unicodeScalars.count == 255)
    }

    @Test("folders, control and format characters are dropped; nothing usable left is no name")
    func cleaned() {
        #expect(Self.shown("../../etc/passwd") == "passwd")
        #expect(Self.shown("report\u{0}\u{202E}fdp.exe") == "reportfdp.exe")
        #expect(Self.shown("  notes.txt ") == "notes.txt")
        #expect(Self.shown("/") == nil)
        #expect(Self.shown("..") == nil)
        #expect(Self.shown("\u{7}") == nil)
    }
}
