@testable import AssistServer
import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdWebSocket
import Logging
import Synchronization
import Testing

@Suite("Node links: direct, ordered, bounded, and only between nodes of one cluster", .serialized, .timeLimit(.minutes(2)))
struct NodeLinksTests {
    private static func waitUntil(_ what: String, _ condition: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(20)
        while !condition() {
            guard ContinuousClock.now < deadline else {
                Issue.record("timed out waiting for \(what)")
                throw CancellationError()
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }

    private static func message(_ number: Int, size: Int = 16) -> [UInt8] {
        withUnsafeBytes(of: UInt32(number).bigEndian) { Array($0) } + Array(repeating: UInt8(number % 251), count: size)
    }

    private static func number(of message: [UInt8]) -> Int {
        Int(message.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
    }

    /// Two nodes of one cluster, "na" and "nb".
    private static func pair() -> (LinkNode, LinkNode) {
        let sealer = TokenSealer()
        return (LinkNode(id: "na", sealer: sealer), LinkNode(id: "nb", sealer: sealer))
    }

    @Test("2,000 messages each way arrive once each, in the order sent")
    func orderedBothWays() async throws {
        let (a, b) = Self.pair()
        try await a.serving { aURL in
            try await b.serving { bURL in
                a.links.setMembers(["nb": bURL])
                b.links.setMembers(["na": aURL])
                for number in 0..<2_000 {
                    #expect(a.links.send(Self.message(number), to: "nb") == .queued)
                    #expect(b.links.send(Self.message(number), to: "na") == .queued)
                }
                try await Self.waitUntil("every message") { a.count == 2_000 && b.count == 2_000 }
                #expect(a.received.map(Self.number) == Array(0..<2_000))
                #expect(b.received.map(Self.number) == Array(0..<2_000))
                #expect(a.links.connectedPeers == ["nb"])
                a.links.stop()
                b.links.stop()
            }
        }
    }

    @Test("a node with another cluster's key gets no link, and its messages wait in its own bounded queue")
    func foreignKeyIsRefused() async throws {
        let a = LinkNode(id: "na", sealer: TokenSealer())
        let b = LinkNode(id: "nb", sealer: TokenSealer())
        try await b.serving { bURL in
            a.links.setMembers(["nb": bURL])
            #expect(a.links.send(Self.message(1), to: "nb") == .queued)
            try await Task.sleep(for: .milliseconds(500))
            #expect(a.links.connectedPeers.isEmpty)
            #expect(b.count == 0)
            #expect(a.links.send(Self.message(2), to: "nc") == .unknownPeer)
            a.links.stop()
        }
        #expect(!NodeLinkCredential(sealer: TokenSealer()).verifies(
            NodeLinkCredential(sealer: TokenSealer()).credential(for: "na", at: Date()), from: "na", at: Date()))
        let sealer = TokenSealer()
        let credential = NodeLinkCredential(sealer: sealer).credential(for: "na", at: Date(timeIntervalSinceNow: -120))
        #expect(!NodeLinkCredential(sealer: sealer).verifies(credential, from: "na", at: Date()), "an old credential")
        #expect(!NodeLinkCredential(sealer: sealer).verifies(
            NodeLinkCredential(sealer: sealer).credential(for: "na", at: Date()), from: "nb", at: Date()), "another node's")
    }

    @Test("a member dropped and listed again at once (a late heartbeat) gets a link that carries what is sent to it")
    func memberListedAgain() async throws {
        let (a, b) = Self.pair()
        try await b.serving { bURL in
            a.links.setMembers(["nb": bURL])
            a.links.send(Self.message(0), to: "nb")
            try await Self.waitUntil("the first link") { b.count == 1 }
            for round in 1...20 {
                a.links.setMembers([:])
                a.links.setMembers(["nb": bURL])
                a.links.send(Self.message(round), to: "nb")
                try await Self.waitUntil("round \(round)'s message") { b.count == round + 1 }
            }
            try await Task.sleep(for: .milliseconds(300))
            #expect(a.links.connectedPeers == ["nb"], "the stale links left the new one alone")
            #expect(a.links.linksOpened(to: "nb") == 1, "one link per membership")
            #expect(a.links.send(Self.message(21), to: "nb") == .queued)
            try await Self.waitUntil("a message after the stale links ended") { b.count == 22 }
            a.links.stop()
        }
    }

    @Test("a link cut by the network is dialled again: nothing arrives twice or out of order, and what is sent once it is back all arrives")
    func redialAfterCut() async throws {
        let (a, b) = Self.pair()
        try await b.serving { bURL in
            let port = try #require(Int(bURL.split(separator: ":").last ?? ""))
            let proxy = try CuttingProxy(upstreamPort: port)
            defer { proxy.stop() }
            a.links.setMembers(["nb": "http://127.0.0.1:\(proxy.port)"])
            for number in 0..<100 { a.links.send(Self.message(number), to: "nb") }
            try await Self.waitUntil("the first hundred") { b.count == 100 }
            #expect(proxy.cutAll(.reset) == 1)
            for number in 100..<200 { a.links.send(Self.message(number), to: "nb") }
            try await Self.waitUntil("a new link") { a.links.linksOpened(to: "nb") == 2 && a.links.connectedPeers == ["nb"] }
            for number in 200..<300 { a.links.send(Self.message(number), to: "nb") }
            try await Self.waitUntil("what was sent on the new link") { b.received.last.map(Self.number) == 299 }
            let numbers = b.received.map(Self.number)
            #expect(Array(numbers.prefix(100)) == Array(0..<100))
            #expect(numbers == numbers.sorted() && Set(numbers).count == numbers.count, "in order, once each")
            #expect(Set(numbers).isSuperset(of: 200..<300), "everything sent on the new link arrived")
            print("node link cut: \(numbers.count - 200) of the 100 sent around the cut arrived")
            a.links.stop()
        }
    }

    @Test("a peer that stops handling fills its sender's queue and 4 MiB window, 20 MiB, and no further; it all arrives once it handles again")
    func boundedQueueUnderBackPressure() async throws {
        let (a, b) = Self.pair()
        try await b.serving { bURL in
            a.links.setMembers(["nb": bURL])
            #expect(a.links.send(Self.message(0), to: "nb") == .queued)
            try await Self.waitUntil("the link") { b.count == 1 }
            b.hold()
            defer { b.release() }
            var sent = 1
            while a.links.send(Self.message(sent, size: 256 << 10), to: "nb") == .queued {
                sent += 1
                if sent % 16 == 0 { try await Task.sleep(for: .milliseconds(5)) }
                try #require(sent < 1_000, "the queue never filled; \(b.count) delivered")
            }
            let takenMiB = Double(sent - 1) * 0.25
            let bound = Double(NodeLinks.maxQueuedBytes + Int(NodeLinks.windowBytes)) / Double(1 << 20)
            #expect(takenMiB >= 16 && takenMiB <= bound, "\(sent - 1) messages of 256 KiB were taken before the queue was full")
            b.release()
            try await Self.waitUntil("every message taken") { b.count == sent }
            #expect(b.received.map(Self.number) == Array(0..<sent))
            a.links.stop()
        }
    }
}
