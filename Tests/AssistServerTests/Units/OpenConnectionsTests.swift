@testable import AssistServer
import AssistCore
import Testing

@Suite("Open connections: what a slow shutdown reports")
struct OpenConnectionsTests {
    @Test("each running handler is reported with its phase and its writer's state, oldest first")
    func reportsPhaseAndWriterState() async {
        let connections = OpenConnections()
        let older = RecordingLink(id: 7)
        let newer = RecordingLink(id: 9)
        connections.enter(.registering, newer.link)
        connections.enter(.reading, older.link)
        newer.link.expectClose()

        #expect(connections.count == 2)
        #expect(
            connections.report() == [
                "consumer #7: reading; 0 frames waiting",
                "consumer #9: registering; 0 frames waiting, close decided",
            ])

        newer.link.close(.goingAway, reason: "the server is restarting")
        await newer.waitForWritten(1)
        connections.enter(.finishing, newer.link)
        #expect(connections.report().last == "consumer #9: finishing; close written")
    }

    @Test("a handler that returned is no longer reported")
    func leavingRemovesTheConnection() {
        let connections = OpenConnections()
        let link = RecordingLink(id: 3)
        connections.enter(.reading, link.link)
        connections.leave(link.link)

        #expect(connections.count == 0)
        #expect(connections.report().isEmpty)
    }
}
