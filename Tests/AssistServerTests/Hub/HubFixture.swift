@testable import AssistServer
import AssistCore
import Foundation
import Logging
import Synchronization

/// A hub over an in-memory database (or `store`), on a ``ManualClock``,
/// with one agent "sam" serving `support` (capacity `samCapacity`) and the
/// given settings; its connections are ``FakeLink``s a test reads.
struct HubFixture {
    static let samToken = "sam-token-0123456789"

    let clock = ManualClock()
    let metrics = ServerMetrics()
    let hub: SupportHub

    init(settings: HubSettings = HubSettings(), store: (any SessionStorage)? = nil, samCapacity: Int = 1) throws {
        let database = try SupportDatabase(path: ":memory:")
        hub = SupportHub(
            store: store ?? SessionStore(writer: database.writer),
            directory: try AgentDirectory([
                AgentAccount(id: "sam", name: "Sam", token: Self.samToken, capacity: samCapacity, destinations: ["support"])
            ]),
            metrics: metrics, settings: settings,
            shortCodes: ShortCodeService(
                storage: ShortCodeStore(writer: database.writer), sealer: database.tokenSealer, metrics: metrics),
            logger: Logger(label: "hub-test"), clock: clock)
    }

    /// A version-3 consumer and agent "sam" in one session, the session's id.
    func session(
        shareScopes: [ShareScope] = ShareScope.unannounced, screenControl: Bool = false, screenVideo: Bool = false
    ) async throws -> (consumer: FakeLink<ServerToConsumerMessage>, agent: FakeLink<ServerToAgentMessage>, id: SessionID) {
        let (consumer, agent, assignment) = try await assignedSession(
            shareScopes: shareScopes, screenControl: screenControl, screenVideo: screenVideo)
        return (consumer, agent, assignment.sessionID)
    }

    /// As ``session(shareScopes:screenControl:screenVideo:)``, with the whole assignment the agent got.
    func assignedSession(
        shareScopes: [ShareScope] = ShareScope.unannounced, screenControl: Bool = false, screenVideo: Bool = false
    ) async throws -> (
        consumer: FakeLink<ServerToConsumerMessage>, agent: FakeLink<ServerToAgentMessage>, assignment: SessionAssignment
    ) {
        let agent = FakeLink<ServerToAgentMessage>(id: 1, role: .agent)
        await hub.connected(agent.link)
        await agent.send(AgentMessage.hello(AgentHello(versions: ProtocolVersion.supported, token: Self.samToken)), to: hub)
        let consumer = FakeLink<ServerToConsumerMessage>(id: 2, role: .consumer)
        await hub.connected(consumer.link)
        await consumer.send(
            ConsumerMessage.hello(
                ConsumerHello(
                    versions: ProtocolVersion.supported, destination: "support", shareScopes: shareScopes,
                    screenControl: screenControl, screenVideo: screenVideo)),
            to: hub)
        await agent.send(AgentMessage.acceptNext, to: hub)
        let assigned = try await agent.next { if case .sessionAssigned(let a) = $0 { a } else { nil } }
        return (consumer, agent, assigned)
    }
}

/// A connection to the hub whose frames a test sends and reads in order,
/// numbering its own sequenced frames as a client does.
final class FakeLink<Inbound: WireMessage>: Sendable {
    let link: PeerLink
    private let mailbox = Mailbox()
    private let nextSeq = Mutex(1)

    init(id: Int, role: PeerRole) {
        let mailbox = self.mailbox
        link = PeerLink(id: id, role: role, address: "192.0.2.\(id)") { output in
            if case .text(let text) = output { mailbox.put(text) }
        }
    }

    /// Sends `message` as this link's peer would, with the next `seq` when
    /// sequenced; as a cluster node forwards it when `maskedBefore` names
    /// what the node masked in it.
    func send<Outbound: WireMessage>(
        _ message: Outbound, to hub: SupportHub, maskedBefore: [SensitiveDataKind] = []
    ) async {
        let seq = message.isSequenced ? nextSeq.withLock { seq in defer { seq += 1 }; return seq } : nil
        let text = try! ProtocolCodec.encode(Envelope(message, seq: seq))
        await hub.prepareHandshake(.text(Data(text.utf8)), on: link)
        switch link.role {
        case .consumer: await hub.receivedFromConsumer(.text(Data(text.utf8)), on: link, maskedBefore: maskedBefore)
        case .agent: await hub.receivedFromAgent(.text(Data(text.utf8)), on: link, maskedBefore: maskedBefore)
        }
    }

    /// The next message `pick` accepts, skipping others.
    func next<Value>(_ pick: (Inbound) -> Value?) async throws -> Value {
        while true {
            let envelope = try ProtocolCodec.decode(text: await mailbox.take(), as: Inbound.self)
            if let value = pick(envelope.message) { return value }
        }
    }
}

/// The frames written to a ``FakeLink``, taken in order.
private final class Mailbox: Sendable {
    private struct Contents {
        var texts: [String] = []
        var waiter: CheckedContinuation<String, Never>?
    }

    private let contents = Mutex(Contents())

    func put(_ text: String) {
        let waiter = contents.withLock { box -> CheckedContinuation<String, Never>? in
            guard let waiter = box.waiter else {
                box.texts.append(text)
                return nil
            }
            box.waiter = nil
            return waiter
        }
        waiter?.resume(returning: text)
    }

    func take() async -> String {
        await withCheckedContinuation { continuation in
            let ready = contents.withLock { box -> String? in
                if !box.texts.isEmpty { return box.texts.removeFirst() }
                box.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
