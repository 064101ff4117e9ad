import AssistCore
@testable import AssistServer
import Foundation
import Testing

@Suite("The demo agent's script")
struct DemoAgentScriptTests {
    private let session = SessionID("s-1")

    private func entry() -> QueueEntry {
        QueueEntry(
            sessionID: session, visitorName: "Ada", destination: "support", waitingRank: 1, position: 0,
            waitingSeconds: 3, preChat: [])
    }

    private func consumerChat(_ text: String) -> ServerToAgentMessage {
        .chat(
            sessionID: session,
            message: ChatMessage(id: ServerMessageID(UUID().uuidString), author: .consumer, text: text, sentAt: Date()))
    }

    @Test("it accepts the next person once when someone waits, greets them by name, then asks to see the window once")
    func wholeScript() {
        var script = DemoAgentScript(capacity: 1)
        let accept = script.handle(.queueSnapshot(QueueSnapshot(entries: [entry()])))
        #expect(accept.map(\.message) == [.acceptNext])
        let again = script.handle(.queueSnapshot(QueueSnapshot(entries: [entry()])))
        #expect(again.isEmpty, "accepted twice")

        let greeting = script.handle(.sessionAssigned(SessionAssignment(sessionID: session, visitorName: "Ada", destination: "support")))
        guard case .chat(_, _, let text, _)? = greeting.first?.message else {
            Issue.record("no greeting")
            return
        }
        #expect(text.contains("Ada"))

        let firstReply = script.handle(consumerChat("It crashes"))
        #expect(firstReply.contains { if case .requestScreenShare = $0.message { true } else { false } })
        let secondReply = script.handle(consumerChat("Still crashes"))
        #expect(!secondReply.contains { if case .requestScreenShare = $0.message { true } else { false } })
        let overCapacity = script.handle(.queueSnapshot(QueueSnapshot(entries: [entry()])))
        #expect(overCapacity.isEmpty, "took more than its capacity")
    }

    @Test("a person who asks the demo agent for a call is told in the chat that a person at the console can call")
    func askedForACall() {
        var script = DemoAgentScript(capacity: 1)
        #expect(script.handle(.callAsked(sessionID: session, media: .video)).isEmpty, "answered a session it does not serve")
        _ = script.handle(.sessionAssigned(SessionAssignment(sessionID: session, visitorName: "Ada", destination: "support")))
        let answer = script.handle(.callAsked(sessionID: session, media: .video))
        guard case .chat(let to, _, let text, _)? = answer.first?.message, answer.count == 1 else {
            Issue.record("expected one chat, got \(answer)")
            return
        }
        #expect(to == session && text == DemoAgentScript.cannotCall)
    }

    @Test("it thanks the person for either answer, and frees its place when the session ends")
    func answersAndEnd() {
        var script = DemoAgentScript(capacity: 1)
        _ = script.handle(.sessionAssigned(SessionAssignment(sessionID: session, destination: "support")))
        for accepted in [true, false] {
            let reply = script.handle(
                .consumerAnswered(sessionID: session, requestID: "r", kind: .screenShare, accepted: accepted))
            #expect(reply.count == 1)
        }
        _ = script.handle(.sessionEnded(sessionID: session, reason: .consumerEnded, text: nil))
        let next = script.handle(.queueSnapshot(QueueSnapshot(entries: [entry()])))
        #expect(next.map(\.message) == [.acceptNext])
    }

    @Test("the first picture of each share gets a chat naming its size, the session's first also a ring drawn inside the window; later pictures none; a stop is acknowledged")
    func picturesArrive() {
        var script = DemoAgentScript(capacity: 1)
        #expect(script.pictureArrived(session: session, width: 800, height: 600).isEmpty, "a picture of nobody's session")
        _ = script.handle(.sessionAssigned(SessionAssignment(sessionID: session, destination: "support")))
        let first = script.pictureArrived(session: session, width: 800, height: 600)
        guard case .chat(_, _, let text, _)? = first.first?.message else {
            Issue.record("no word about the picture")
            return
        }
        #expect(text.contains("800 × 600"))
        guard first.count == 3, case .annotate(let drawnOn, let ring) = first[2].message else {
            Issue.record("no ring drawn: \(first.map(\.message))")
            return
        }
        #expect(drawnOn == session)
        #expect(ring.points.count > 8)
        #expect(ring.points.allSatisfy { (0..<800).contains($0.x) && (0..<600).contains($0.y) })
        #expect(script.pictureArrived(session: session, width: 800, height: 600).isEmpty)
        let stopped = script.handle(.screenShareEnd(sessionID: session, requestID: "r"))
        #expect(stopped.count == 1)
        #expect(script.pictureArrived(session: session, width: 640, height: 480).count == 1, "a new share's picture")
    }

    @Test("two runs of the script never reuse each other's message IDs, so a restarted demo agent's replies are relayed")
    func runsUseDistinctMessageIDs() {
        func greetingID(run: String) -> ClientMessageID? {
            var script = DemoAgentScript(capacity: 1, run: run)
            let steps = script.handle(.sessionAssigned(SessionAssignment(sessionID: session, destination: "support")))
            guard case .chat(_, let id, _, _)? = steps.first?.message else { return nil }
            return id
        }
        let before = greetingID(run: "a")
        let after = greetingID(run: "b")
        #expect(before != nil)
        #expect(before != after)
    }

    @Test("it greets the person by the name typed into the form's Name field, before the app's visitor name")
    func greetsByTypedName() {
        let typed = SessionAssignment(
            sessionID: session, visitorName: "Visitor", destination: "support",
            preChat: [PrechatAnswer(label: "Email", value: "kim@example.com"), PrechatAnswer(label: "name", value: " Kim ")])
        #expect(DemoAgentScript.greetingName(of: typed) == "Kim")
        let blank = SessionAssignment(
            sessionID: session, visitorName: "Visitor", destination: "support",
            preChat: [PrechatAnswer(label: "Name", value: "  ")])
        #expect(DemoAgentScript.greetingName(of: blank) == "Visitor")
        #expect(DemoAgentScript.greetingName(of: SessionAssignment(sessionID: session, destination: "support")) == "there")
    }
}

@Suite("The demo agent's script after it signs in again")
struct DemoAgentScriptResumeTests {
    private let session = SessionID("s-1")

    private func chat(_ author: ChatAuthor, _ text: String) -> ServerToAgentMessage {
        .chat(session: session, author: author, text: text)
    }

    @Test("a transcript holding its own earlier words makes the greeting and the answers planned before them stale")
    func earlierRunAnsweredTheTranscript() {
        var script = DemoAgentScript(capacity: 1)
        let greeting = script.handle(.sessionAssigned(SessionAssignment(sessionID: session, destination: "support")))
        let planned = greeting + script.handle(chat(.consumer, "It crashes"))
        _ = script.handle(chat(.agent(id: "demo"), "Hi there, I'm Alex, the demo agent. How can I help you today?"))
        _ = script.handle(chat(.agent(id: "demo"), DemoAgentScript.shareQuestion))
        #expect(!planned.isEmpty)
        #expect(planned.allSatisfy { !script.isCurrent($0) }, "a greeting or an answer would be sent twice")

        let live = script.handle(chat(.consumer, "Are you still there?"))
        #expect(!live.isEmpty && live.allSatisfy { script.isCurrent($0) })
        #expect(!live.contains { if case .requestScreenShare = $0.message { true } else { false } }, "asked to share twice")
    }

    @Test("a consumer message after its last own message in the transcript is still answered")
    func unansweredMessageIsAnswered() {
        var script = DemoAgentScript(capacity: 1)
        _ = script.handle(.sessionAssigned(SessionAssignment(sessionID: session, destination: "support")))
        _ = script.handle(chat(.agent(id: "demo"), "Hi there, I'm Alex, the demo agent. How can I help you today?"))
        let answer = script.handle(chat(.consumer, "Typed while the server restarted"))
        #expect(answer.contains { if case .requestScreenShare = $0.message { true } else { false } })
        #expect(answer.allSatisfy { script.isCurrent($0) })
    }
}

extension ServerToAgentMessage {
    /// A chat in `session` from `author`, sent now.
    fileprivate static func chat(session: SessionID, author: ChatAuthor, text: String) -> ServerToAgentMessage {
        .chat(sessionID: session, message: ChatMessage(id: ServerMessageID(UUID().uuidString), author: author, text: text, sentAt: Date()))
    }
}
