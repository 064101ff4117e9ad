import AssistCore
import Foundation
import Testing

@Suite("Shared documents: how the viewer shows them")
struct SharedDocumentTests {
    private func document(_ address: String, _ mediaType: String? = nil) throws -> SharedDocument {
        SharedDocument(url: try #require(URL(string: address)), mediaType: mediaType)
    }

    @Test(
        "the served media type decides first, then the agent's, then the file extension",
        arguments: [
            ("https://x.test/a.pdf", nil, "image/png", SharedDocument.Kind.image),
            ("https://x.test/a.png", "application/pdf", nil, .other),
            ("https://x.test/a.png", "application/octet-stream", "application/octet-stream", .image),
            ("https://x.test/notes", "text/plain; charset=utf-8", nil, .text),
            ("https://x.test/data", nil, "application/json", .text),
            ("https://x.test/photo.JPG", nil, nil, .image),
            ("https://x.test/manual.pdf", nil, nil, .other),
            ("https://x.test/report.csv", nil, nil, .text),
            ("https://x.test/", nil, nil, .other),
        ] as [(String, String?, String?, SharedDocument.Kind)])
    func kind(address: String, agentType: String?, servedType: String?, expected: SharedDocument.Kind) throws {
        #expect(try document(address, agentType).kind(servedAs: servedType) == expected)
    }

    @Test("the title is the decoded file name, else the host")
    func title() throws {
        #expect(try document("https://x.test/docs/Getting%20started.pdf").title == "Getting started.pdf")
        #expect(try document("https://x.test/").title == "x.test")
    }
}
