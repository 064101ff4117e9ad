import AssistCore
import Foundation
import Testing

@Suite("Activity log: the person's own record, kept 90 days")
struct ActivityLogTests {
    private let start = Date(timeIntervalSince1970: 1_800_000_000)
    private let day: TimeInterval = 24 * 60 * 60

    private func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("assist-activity-\(UUID().uuidString)")
    }

    private func event(_ kind: ActivityEvent.Kind, at time: Date, subject: String? = nil) -> ActivityEvent {
        ActivityEvent(time: time, kind: kind, agent: "Casey", server: "http://127.0.0.1:8080", subject: subject)
    }

    @Test("events come back in the order they were written, across instances, from a private file")
    func appendAndRead() throws {
        let folder = folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = ActivityLog(folder: folder)
        let written = [
            event(.shareStarted, at: start, subject: "monitor"), event(.shareEnded, at: start + 60),
            event(.fileReceived, at: start + 90, subject: "invoice.pdf"),
        ]
        for item in written { try log.append(item, now: item.time) }
        #expect(ActivityLog(folder: folder).events(now: start + 100) == written)
        let attributes = try FileManager.default.attributesOfItem(atPath: log.url.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
    }

    @Test("an event older than 90 days is no longer shown and is dropped from the file at the next write")
    func retention() throws {
        let folder = folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = ActivityLog(folder: folder)
        try log.append(event(.shareStarted, at: start, subject: "monitor"), now: start)
        try log.append(event(.callStarted, at: start + 10 * day, subject: "audio"), now: start + 10 * day)
        #expect(log.events(now: start + 90 * day).count == 2)
        #expect(log.events(now: start + 91 * day).map(\.kind) == [.callStarted])
        try log.append(event(.callEnded, at: start + 91 * day), now: start + 91 * day)
        let text = try String(contentsOf: log.url, encoding: .utf8)
        #expect(text.split(separator: "\n").count == 2, "the 91-day-old line is still in the file")
    }

    @Test("a damaged line is skipped and the rest read; clear removes the record")
    func damagedAndClear() throws {
        let folder = folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = ActivityLog(folder: folder)
        try log.append(event(.pageOpened, at: start, subject: "https://example.org/help"), now: start)
        let handle = try FileHandle(forWritingTo: log.url)
        handle.seekToEndOfFile()
        handle.write(Data("{not json\n".utf8))
        try handle.close()
        try log.append(event(.controlGranted, at: start + 5), now: start + 5)
        #expect(log.events(now: start + 6).map(\.kind) == [.pageOpened, .controlGranted])
        try log.clear()
        #expect(log.events(now: start + 6).isEmpty)
    }

    static let sentences: [(ActivityEvent.Kind, String?, String)] = [
        (.shareStarted, "monitor", "You shared your whole screen with Casey."),
        (.shareStarted, "window", "You shared a window you chose with Casey."),
        (.shareStarted, "appWindow", "You shared this app's window with Casey."),
        (.shareEnded, nil, "Casey stopped seeing what you shared."),
        (.controlGranted, nil, "You let Casey control this app's window."),
        (.controlEnded, nil, "Casey's control ended."),
        (.callStarted, "video", "You took a video call with Casey."),
        (.callStarted, "audio", "You took a voice call with Casey."),
        (.callEnded, nil, "The call with Casey ended."),
        (.pageOpened, "https://example.org/help", "You opened https://example.org/help, sent by Casey."),
        (.documentOpened, "https://example.org/a.pdf", "You opened the document https://example.org/a.pdf, sent by Casey."),
        (.fileSent, "photo.png", "You sent the file photo.png to Casey."),
        (.fileReceived, "invoice.pdf", "You received the file invoice.pdf from Casey."),
    ]

    @Test("each kind of event reads as one sentence naming the agent and what it was about", arguments: sentences)
    func sentence(_ row: (ActivityEvent.Kind, String?, String)) {
        let line = ActivityLine(event(row.0, at: start, subject: row.1), locale: Locale(identifier: "en_US"), timeZone: .gmt)
        #expect(line.sentence == row.2)
        #expect(!line.time.isEmpty)
    }
}
