import AssistCore
import Foundation
import Logging
import Testing

@Suite("Diagnostic lines kept for upload")
struct DiagnosticBufferTests {
    private static func line(_ number: Int) -> DiagnosticLine {
        DiagnosticLine(at: Date(timeIntervalSince1970: 1), level: "info", message: "line \(number)", metadata: nil)
    }

    @Test("a full buffer drops its oldest lines and counts them; lines put back go first")
    func boundedAndOrdered() {
        let buffer = DiagnosticBuffer(capacity: 3)
        for number in 1...5 { buffer.append(Self.line(number)) }
        #expect(buffer.dropped == 2)
        let taken = buffer.take(upTo: 2)
        #expect(taken.map(\.message) == ["line 3", "line 4"])
        buffer.append(Self.line(6))
        buffer.putBack(taken)
        #expect(buffer.take(upTo: 10).map(\.message) == ["line 4", "line 5", "line 6"], "only one of the two fit back")
        #expect(buffer.dropped == 3)
    }

    @Test("lines are cut to the limits the server enforces")
    func cutToLimits() {
        let metadata = Dictionary(uniqueKeysWithValues: (0..<30).map { ("key\($0)", String(repeating: "v", count: 300)) })
        let line = DiagnosticLine(
            at: Date(timeIntervalSince1970: 2.5), level: "notice", message: String(repeating: "m", count: 2_000),
            metadata: metadata)
        #expect(line.at == 2_500)
        #expect(line.message.count == DiagnosticLine.maxMessage)
        #expect(line.metadata?.count == DiagnosticLine.maxMetadataEntries)
        #expect(line.metadata?.values.allSatisfy { $0.count == DiagnosticLine.maxMetadataValue } == true)
    }

    @Test("the log handler keeps each event as a line with its level and metadata")
    func handlerKeepsLines() {
        let buffer = DiagnosticBuffer()
        let logger = Logger(label: "test") { _ in
            DiagnosticLogHandler(buffer: buffer, now: { Date(timeIntervalSince1970: 3) })
        }
        logger.notice("connection lost", metadata: ["close": "1001"])
        logger.debug("below the level")
        let lines = buffer.take(upTo: 10)
        #expect(lines == [DiagnosticLine(at: Date(timeIntervalSince1970: 3), level: "notice", message: "connection lost", metadata: ["close": "1001"])])
    }
}
