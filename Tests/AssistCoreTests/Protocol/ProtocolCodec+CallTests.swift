import AssistCore
import Foundation
import Testing

@Suite("Protocol codec: the call (version 3)")
struct ProtocolCodecCallTests {
    private func signal(_ signal: String) -> String {
        ##"{"v":3,"type":"callSignal","body":{"requestId":"call-1","signal":\##(signal)}}"##
    }

    @Test("Call types are written with v 3, and consumerAnswered of a call keeps its type's v 1")
    func versions() throws {
        for message in [ConsumerMessage.callAnswer(requestID: "c", accepted: true), .askForCall(media: .audio)] {
            #expect(Envelope(message).version == 3)
        }
        #expect(Envelope(ServerToConsumerMessage.callRequest(requestID: "c", agentID: "a", media: .video)).version == 3)
        #expect(Envelope(AgentMessage.requestCall(sessionID: "s", requestID: "c", media: .video)).version == 3)
        #expect(
            Envelope(ServerToAgentMessage.consumerAnswered(sessionID: "s", requestID: "c", kind: .call, accepted: true))
                .version == 1)
        #expect(ProtocolVersion.current == ProtocolVersion.call)
    }

    @Test("Requests, answers and ends are sequenced; signals and media states are not")
    func sequencing() {
        #expect(ConsumerMessage.callAnswer(requestID: "c", accepted: true).isSequenced)
        #expect(ConsumerMessage.callEnd(requestID: "c").isSequenced)
        #expect(AgentMessage.requestCall(sessionID: "s", requestID: "c", media: .audio).isSequenced)
        #expect(!ConsumerMessage.callSignal(requestID: "c", signal: .restart).isSequenced)
        #expect(!AgentMessage.callMediaState(sessionID: "s", requestID: "c", state: .init(microphone: true, camera: true)).isSequenced)
        #expect(!ServerToAgentMessage.callSignal(sessionID: "s", requestID: "c", signal: .restart).isSequenced)
    }

    @Test("A signal travels with its kind and negotiation, a restart with its kind alone")
    func signalLayout() throws {
        let text = try ProtocolCodec.encode(
            Envelope(ConsumerMessage.callSignal(requestID: "call-1", signal: .candidate(negotiation: 4, sdpMLineIndex: 1, candidate: ""))))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let body = try #require(object["body"] as? [String: Any])
        let signal = try #require(body["signal"] as? [String: Any])
        #expect(signal["kind"] as? String == "candidate")
        #expect(signal["negotiation"] as? Int == 4)
        #expect(signal["sdpMLineIndex"] as? Int == 1)
        #expect(signal["candidate"] as? String == "")
        let restart = try ProtocolCodec.encode(Envelope(ConsumerMessage.callSignal(requestID: "call-1", signal: .restart)))
        #expect(restart.contains(#""signal":{"kind":"restart"}"#))
    }

    @Test("A welcome below version 3 carries no iceServers member; one on version 3 does, even empty")
    func welcomeIceServers() throws {
        let old = try ProtocolCodec.encode(
            Envelope(ServerToConsumerMessage.welcome(ConsumerWelcome(sessionID: "s", resumeToken: "r", gracePeriodSeconds: 1, version: 2))))
        #expect(!old.contains("iceServers"))
        let empty = try ProtocolCodec.encode(
            Envelope(ServerToAgentMessage.welcome(AgentWelcome(agent: WireSamples.agent, resumeToken: "r", gracePeriodSeconds: 1, iceServers: []))))
        #expect(empty.contains(#""iceServers":[]"#))
    }

    @Test("An unknown end reason arrives intact and is not one this build knows")
    func unknownEndReason() throws {
        let envelope = try ProtocolCodec.decode(
            text: #"{"v":3,"type":"callEnd","seq":1,"body":{"requestId":"c","reason":"networkMeltdown"}}"#,
            as: ServerToConsumerMessage.self)
        #expect(envelope.message == .callEnd(requestID: "c", reason: CallEndReason(rawValue: "networkMeltdown")))
        #expect(!CallEndReason(rawValue: "networkMeltdown").isKnown)
        #expect(CallEndReason.unanswered.isKnown)
    }

    static let badSignals: [(String, String, String)] = [
        ("an unknown kind", #"{"kind":"pranswer","negotiation":1,"sdp":"x"}"#, "body.signal.kind"),
        ("a negotiation of 0", #"{"kind":"offer","negotiation":0,"sdp":"x"}"#, "body.signal.negotiation"),
        ("an empty sdp", #"{"kind":"answer","negotiation":1,"sdp":""}"#, "body.signal.sdp"),
        ("an m-line index of 16", #"{"kind":"candidate","negotiation":1,"sdpMLineIndex":16,"candidate":""}"#, "body.signal.sdpMLineIndex"),
        ("a fractional m-line index", #"{"kind":"candidate","negotiation":1,"sdpMLineIndex":0.5,"candidate":""}"#, "body.signal.sdpMLineIndex"),
        ("a NUL in a candidate", #"{"kind":"candidate","negotiation":1,"sdpMLineIndex":0,"candidate":"a\u0000"}"#, "body.signal.candidate"),
    ]

    @Test("A bad signal is an invalid value that names its member", arguments: badSignals)
    func badSignal(_ name: String, _ signal: String, _ field: String) {
        do {
            let envelope = try ProtocolCodec.decode(text: self.signal(signal), as: ConsumerMessage.self)
            Issue.record("\(name): decoded \(envelope)")
        } catch {
            #expect(error.kind.name == "invalidValue", "\(name)")
            #expect(error.kind.field == field, "\(name)")
            #expect(error.disposition == .errorFrame(code: .invalidValue), "\(name)")
        }
    }

    @Test("A missing negotiation or sdp is an invalid message")
    func missingMember() {
        for (signal, field) in [
            (#"{"kind":"offer","sdp":"x"}"#, "body.signal.negotiation"), (#"{"kind":"answer","negotiation":1}"#, "body.signal.sdp"),
        ] {
            #expect(throws: ProtocolError.self) { try ProtocolCodec.decode(text: self.signal(signal), as: ConsumerMessage.self) }
            do {
                _ = try ProtocolCodec.decode(text: self.signal(signal), as: ConsumerMessage.self)
            } catch {
                #expect(error.kind.name == "invalidMessage")
                #expect(error.kind.field == field)
            }
        }
    }

    @Test("An sdp over 32,768 characters is refused on reading and on writing")
    func longSDP() {
        let sdp = String(repeating: "a", count: ProtocolLimits.maxSDP + 1)
        #expect(throws: ProtocolError.self) {
            try ProtocolCodec.decode(text: signal(#"{"kind":"offer","negotiation":1,"sdp":"\#(sdp)"}"#), as: ConsumerMessage.self)
        }
        #expect(throws: ProtocolError.self) {
            try ProtocolCodec.encode(Envelope(ConsumerMessage.callSignal(requestID: "c", signal: .answer(negotiation: 1, sdp: sdp))))
        }
    }

    @Test("Media must be audio or video")
    func badMedia() {
        do {
            _ = try ProtocolCodec.decode(text: #"{"v":3,"type":"askForCall","seq":1,"body":{"media":"hologram"}}"#, as: ConsumerMessage.self)
            Issue.record("decoded hologram")
        } catch {
            #expect(error.kind.field == "body.media")
        }
    }

    static let badIceServers: [(String, String, String)] = [
        ("no urls", #"[{"urls":[]}]"#, "body.iceServers[0].urls"),
        ("an http url", #"[{"urls":["http://stun.example.com"]}]"#, "body.iceServers[0].urls[0]"),
        ("five urls", #"[{"urls":["stun:a","stun:b","stun:c","stun:d","stun:e"]}]"#, "body.iceServers[0].urls"),
        ("an empty username", #"[{"urls":["turn:a"],"username":""}]"#, "body.iceServers[0].username"),
        ("a second bad server", #"[{"urls":["stun:a"]},{"urls":["stun:"]}]"#, "body.iceServers[1].urls[0]"),
        ("nine servers", "[" + Array(repeating: #"{"urls":["stun:a"]}"#, count: 9).joined(separator: ",") + "]", "body.iceServers"),
    ]

    @Test("A bad ICE server list in welcome is an invalid value that names its member", arguments: badIceServers)
    func badIceServer(_ name: String, _ servers: String, _ field: String) {
        let text = #"{"v":1,"type":"welcome","body":{"sessionId":"s","resumeToken":"r","gracePeriodSeconds":1,"version":3,"lastReceivedSeq":0,"iceServers":\#(servers)}}"#
        do {
            let envelope = try ProtocolCodec.decode(text: text, as: ServerToConsumerMessage.self)
            Issue.record("\(name): decoded \(envelope)")
        } catch {
            #expect(error.kind.name == "invalidValue", "\(name)")
            #expect(error.kind.field == field, "\(name)")
        }
    }

    @Test("An ICE server the reader would refuse is not written")
    func badIceServerNotWritten() {
        let welcome = ConsumerWelcome(
            sessionID: "s", resumeToken: "r", gracePeriodSeconds: 1, iceServers: [IceServer(urls: ["ftp://x"])])
        #expect(throws: ProtocolError.self) { try ProtocolCodec.encode(Envelope(ServerToConsumerMessage.welcome(welcome))) }
    }
}
