@testable import AssistCore
import Foundation
import Testing

@Suite("A chat template's transcript body")
struct TemplateTranscriptTests {
    static let contractJSON = #"""
        {"format": "assist-transcript-1", "sessionId": "S-1", "visitorName": "Ada", "startedAt": "2026-11-27T10:00:00Z",
         "entries": [
          {"author": "system", "name": "Assist", "text": "Sam joined the chat", "sentAt": "2026-11-27T10:00:05Z"},
          {"author": "consumer", "name": "Ada", "text": "Hello <b>there</b>", "sentAt": "2026-11-27T10:00:06.250Z"},
          {"author": "agent", "name": "Sam", "text": "invoice.pdf", "sentAt": "2026-11-27T10:01:00Z",
           "attachment": {"name": "invoice.pdf", "size": 48200, "mediaType": "application/pdf"}}
         ]}
        """#

    @Test("the contract's JSON becomes the native document: person, agents, start, entries with roles and files")
    func contractJSONIsRead() throws {
        guard case .document(let document) = TemplateTranscript(body: Self.contractJSON) else {
            Issue.record("not read as the contract's JSON")
            return
        }
        #expect(document.sessionID == "S-1")
        #expect(document.personName == "Ada")
        #expect(document.agentNames == ["Sam"])
        #expect(document.startedAt == Date(timeIntervalSince1970: 1_795_773_600))
        #expect(document.entries.map(\.role) == [.service, .person, .agent])
        #expect(document.entries[1].time == Date(timeIntervalSince1970: 1_795_773_606.25))
        #expect(document.entries[1].content == .text("Hello <b>there</b>"))
        #expect(document.entries[2].content == .file(AttachmentInfo(id: "", name: "invoice.pdf", size: 48200, mediaType: "application/pdf"), caption: nil))
    }

    @Test(
        "a body that is not the contract's JSON is kept as the text it is",
        arguments: [
            "<html><body>Chat with Sam</body></html>",
            #"{"format": "other", "entries": []}"#,
            #"{"format": "assist-transcript-1", "sessionId": "S", "visitorName": "A", "startedAt": "yesterday", "entries": []}"#,
            #"{"format": "assist-transcript-1", "sessionId": "S", "visitorName": "A", "startedAt": "2026-11-27T10:00:00Z", "entries": [{"author": "robot", "name": "R", "text": "t", "sentAt": "2026-11-27T10:00:00Z"}]}"#,
            "",
        ])
    func otherBodiesStayText(_ body: String) {
        #expect(TemplateTranscript(body: body) == .text(body))
    }
}

@Suite("The file name of a Content-Disposition header")
struct ContentDispositionNameTests {
    @Test(
        "quoted, bare and RFC 5987 names are read, folders dropped; none gives nil",
        arguments: [
            (#"attachment; filename="report 1.pdf""#, "report 1.pdf"),
            ("attachment; filename=notes.txt", "notes.txt"),
            (#"attachment; filename="a.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9.pdf"#, "résumé.pdf"),
            (#"attachment; filename="../../etc/passwd""#, "passwd"),
            ("attachment", nil),
            (#"inline; filename="""#, nil),
        ] as [(String, String?)])
    func names(_ header: String, _ expected: String?) {
        #expect(ContentDispositionName.fileName(in: header) == expected)
    }
}
