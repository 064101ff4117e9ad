import AssistCore
import AssistServer
import Foundation
import Testing

@Suite("Live server: a whole support session")
struct SessionFlowLiveTests {
    @Test("chat, screen share, push and end travel between consumer and agent with receipts")
    func wholeSession() async throws {
        try await TestServer.run(try TestServer.settings()) { url in
            let (consumer, welcome) = try await TestServer.consumer(url)
            let sam = try await TestServer.agent(url)
            try await sam.send(.acceptNext)
            let assignment = try await sam.expect("assignment") {
                if case .sessionAssigned(let a) = $0 { a } else { nil }
            }
            #expect(assignment.sessionID == welcome.sessionID)
            #expect(assignment.preChat == [PrechatAnswer(label: "Email", value: "ada@example.com")])
            let joined = try await consumer.expect("agent joined") { if case .agentJoined(let a) = $0 { a } else { nil } }
            #expect(joined.name == "Sam")
            #expect(joined.permissions == nil)

            try await consumer.send(.chat(clientMessageID: "c-1", text: "My export fails"))
            let fromConsumer = try await sam.expect("consumer chat") {
                if case .chat(_, let message) = $0 { message } else { nil }
            }
            #expect(fromConsumer.text == "My export fails")
            let receipt = try await consumer.expect("receipt") { if case .chatReceipt(let r) = $0 { r } else { nil } }
            #expect(receipt.status == .delivered)
            #expect(receipt.messageID == fromConsumer.id)

            try await sam.send(.chat(sessionID: welcome.sessionID, clientMessageID: "a-1", text: "Let me look"))
            let fromAgent = try await consumer.expect("agent chat") { if case .chat(let m) = $0 { m } else { nil } }
            #expect(fromAgent.author == .agent(id: "sam"))

            try await sam.send(.requestScreenShare(sessionID: welcome.sessionID, requestID: "share-1"))
            let request = try await consumer.expect("share request") {
                if case .screenShareRequest(let id, _, _) = $0 { id } else { nil }
            }
            try await consumer.send(.screenShareAnswer(requestID: request, accepted: true))
            let answer = try await sam.expect("answer") {
                if case .consumerAnswered(_, let id, let kind, let accepted, _) = $0 { (id, kind, accepted) } else { nil }
            }
            #expect(answer == ("share-1", .screenShare, true))

            try await consumer.send(.screenShareAnswer(requestID: "share-1", accepted: false))
            let unknown = try await consumer.expect("error") { if case .error(let r) = $0 { r } else { nil } }
            #expect(unknown.code == .unknownRequest)

            try await sam.send(
                .push(
                    sessionID: welcome.sessionID, requestID: "push-1",
                    content: .url(try #require(URL(string: "https://example.com/help")))))
            let pushed = try await consumer.expect("push") { if case .push(_, _, let c) = $0 { c } else { nil } }
            #expect(pushed == .url(try #require(URL(string: "https://example.com/help"))))

            try await sam.send(.endSession(sessionID: welcome.sessionID, text: "Glad to help"))
            let ended = try await consumer.expect("ended") {
                if case .sessionEnded(let reason, let text) = $0 { (reason, text) } else { nil }
            }
            #expect(ended.0 == .agentEnded && ended.1 == "Glad to help")
            #expect(try await consumer.closeCode() == 1000)
        }
    }
}
