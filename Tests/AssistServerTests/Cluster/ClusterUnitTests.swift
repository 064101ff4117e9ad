@testable import AssistServer
import AssistCore
import Foundation
import Synchronization
import Testing

@Suite("Cluster mail: what nodes tell each other, as a link carries it")
struct ClusterMailTests {
    static let all: [ClusterMail] = [
        .opened(role: .consumer, address: "192.0.2.7"),
        .opened(role: .agent, address: "2001:db8::1"),
        .frame(.text(Data(#"{"v":1,"type":"chat"}"#.utf8))),
        .frame(.binary(Data([0x41, 0x43, 0x52, 0x32, 0, 255]))),
        .tooLarge(text: true, byteCount: 70_000),
        .tooLarge(text: false, byteCount: 9_000_000),
        .closed,
        .reset,
        .maskedFrame(Data(#"{"v":1,"type":"chat","body":{"text":"••••"}}"#.utf8), kinds: [.cardNumber, .pattern("member id")]),
        .write(.text("{\"type\":\"welcome\"}")),
        .write(.binary([1, 2, 3])),
        .write(.close(.goingAway, "the cluster's leader changed")),
        .write(.close(CloseCode(rawValue: 4002), "")),
    ]

    @Test("every kind of mail reads back as written", arguments: all)
    func roundTrip(_ mail: ClusterMail) {
        #expect(ClusterMail(kind: mail.kind, body: mail.body) == mail)
    }

    @Test("mail on the wire keeps its connection id, kind and body; a message too short is not read", arguments: all)
    func wireRoundTrip(_ mail: ClusterMail) {
        let addressed = AddressedMail(recipient: "nb", sender: "na", link: 1 << 40 | 7, mail: mail)
        #expect(AddressedMail(wire: addressed.wire, sender: "na", recipient: "nb") == addressed)
        #expect(AddressedMail(wire: Array(addressed.wire.prefix(9)), sender: "na", recipient: "nb") == nil)
    }

    @Test("the kind numbers on the wire stay what they are: 1–7 to the leader, 11–13 from it")
    func kindNumbers() {
        #expect(Set(Self.all.map(\.kind)) == [1, 2, 3, 4, 5, 6, 7, 11, 12, 13])
    }

    @Test("an unknown kind or a body too short for its kind is not read")
    func unreadable() {
        #expect(ClusterMail(kind: 99, body: []) == nil)
        #expect(ClusterMail(kind: 1, body: []) == nil)
        #expect(ClusterMail(kind: 4, body: [1, 2]) == nil)
        #expect(ClusterMail(kind: 13, body: [0, 0]) == nil)
        #expect(ClusterMail(kind: 7, body: Array("cardNumber".utf8)) == nil)
    }
}

@Suite("Forwarded frames' cost against the rate limit")
struct AcknowledgementCostTests {
    private static func text(_ json: String) -> InboundFrame { .text(Data(json.utf8)) }

    @Test("a bare ack that acknowledges more than before is free; the same ack again, or anything else, counts")
    func acknowledgements() {
        var cost = AcknowledgementCost()
        #expect(cost.cost(of: Self.text(#"{"v":1,"type":"ack","ack":3}"#)) == .acknowledgement)
        #expect(cost.cost(of: Self.text(#"{"v":1,"type":"ack","ack":3}"#)) == .counted)
        #expect(cost.cost(of: Self.text(#"{"v":1,"type":"ack","ack":5}"#)) == .acknowledgement)
        #expect(cost.cost(of: Self.text(#"{"v":1,"type":"chat","seq":4,"ack":9,"clientMessageId":"c","text":"hi"}"#)) == .counted)
        #expect(cost.cost(of: Self.text(#"{"v":1,"type":"ack","seq":6,"ack":9}"#)) == .counted)
        #expect(cost.cost(of: Self.text("not json")) == .counted)
        #expect(cost.cost(of: .binary(Data([1, 2, 3]))) == .counted)
    }
}

@Suite("A cluster node's database steps have a deadline")
struct DatabaseStepDeadlineTests {
    @Test("a step that answers in time gives its result")
    func inTime() async throws {
        let clock = ManualClock()
        #expect(try await withinDeadline(.seconds(3), on: clock) { 42 } == 42)
    }

    @Test("a step's own error passes through")
    func stepError() async throws {
        struct Refused: Error {}
        await #expect(throws: Refused.self) {
            try await withinDeadline(.seconds(3), on: ManualClock()) { throw Refused() }
        }
    }

    @Test("a step that never answers fails at the deadline, and is cancelled without being waited for")
    func neverAnswers() async throws {
        let clock = ManualClock()
        let cancelled = Mutex(false)
        let waiting = Task {
            try await withinDeadline(.seconds(3), on: clock) {
                // A step that ignores cancellation for good, as a query on a dead connection may.
                await withTaskCancellationHandler {
                    await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
                } onCancel: {
                    cancelled.withLock { $0 = true }
                }
            }
        }
        _ = await clock.nextDeadline()
        _ = await clock.advanceToNextDeadline()
        await #expect(throws: DatabaseStepTimedOut.self) { try await waiting.value }
        #expect(cancelled.withLock { $0 })
    }
}
