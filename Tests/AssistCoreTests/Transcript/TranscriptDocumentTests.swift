import AssistCore
import Foundation
import Testing

@Suite("Transcript document from the chat")
struct TranscriptDocumentTests {
    @Test("each entry keeps its author, role, time and text, and the person's messages their delivery")
    func entries() {
        let document = TranscriptSamples.document()
        #expect(document.entries.map(\.authorName) == ["You", "Sam", "Support", "You"])
        #expect(document.entries.map(\.role) == [.person, .agent, .service, .person])
        #expect(document.entries.map(\.deliveryNote) == ["Delivered", nil, nil, "Sending…"])
        #expect(document.entries[1].content == .text(TranscriptSamples.hostile))
        #expect(document.entries[3].time == TranscriptSamples.start + 3 * 3600)
    }

    @Test("the person's name goes in the details, and without it there is no Person line")
    func personName() {
        #expect(TranscriptSamples.document().detailLines(TranscriptSamples.english).first! == ("Person", "Casey"))
        let document = TranscriptSamples.document(personName: nil)
        #expect(!document.detailLines(TranscriptSamples.english).contains { $0.label == "Person" })
    }

    @Test("the details list the person, the agents, the start and the session, leaving out what is not known")
    func details() {
        var document = TranscriptSamples.document()
        document.agentNames = ["Sam", "Alex"]
        let lines = document.detailLines(TranscriptSamples.english)
        #expect(lines.map(\.label) == ["Person", "Agents", "Started", "Session"])
        #expect(lines.map(\.value)[1] == "Sam, Alex")
        let bare = TranscriptDocument(entries: document.entries)
        #expect(bare.detailLines(TranscriptSamples.english).isEmpty)
    }

    @Test("there is something to save once the chat has an entry")
    func hasContent() {
        #expect(!TranscriptDocument(chat: ChatTranscript()).hasContent)
        #expect(TranscriptSamples.document().hasContent)
    }
}

@Suite("Transcript times")
struct TranscriptFormattingTests {
    @Test("an entry's time is written as the locale writes hours and minutes")
    func entryTime() {
        #expect(TranscriptSamples.german.time(TranscriptSamples.start) == "14:05")
        let english = TranscriptSamples.english.time(TranscriptSamples.start)
        #expect(english.hasPrefix("2:05"))
        #expect(english.hasSuffix("PM"))
    }

    @Test("the start is written with the date in full, in the locale's language")
    func start() {
        #expect(TranscriptSamples.english.dateAndTime(TranscriptSamples.start).contains("November 27, 2026"))
        #expect(TranscriptSamples.german.dateAndTime(TranscriptSamples.start).contains("27. November 2026"))
        #expect(TranscriptSamples.german.languageCode == "de")
    }

    @Test("times follow the time zone given")
    func timeZone() {
        let tokyo = TranscriptFormatting(locale: Locale(identifier: "de_DE"), timeZone: TimeZone(identifier: "Asia/Tokyo")!)
        #expect(tokyo.time(TranscriptSamples.start) == "23:05")
        #expect(tokyo.timestamp(TranscriptSamples.start) == "2026-11-27T23:05:00+09:00")
    }
}

@Suite("Transcript record of the person's session")
struct TranscriptRecordTests {
    @Test("the document carries the chat, the session, the person and each agent once, in the order they joined")
    func document() {
        var record = TranscriptRecord(personName: "Casey", startedAt: TranscriptSamples.start)
        record.sessionID = "s-42"
        record.agentJoined("Sam")
        record.agentJoined("Alex")
        record.agentJoined("Sam")
        record.chat = TranscriptSamples.chat()
        let document = record.document
        #expect(document.agentNames == ["Sam", "Alex"])
        #expect(document.sessionID == "s-42")
        #expect(document.startedAt == TranscriptSamples.start)
        #expect(document.entries.count == 4)
        #expect(document.entries.first?.authorName == "You")
    }
}
