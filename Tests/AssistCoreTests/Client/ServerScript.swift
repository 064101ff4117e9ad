import AssistCore
import Foundation

/// Plays the server's side of the consumer protocol for ``ConsumerSession``
/// tests: numbers sequenced frames like a real server and reads what the
/// session transmits.
struct ServerScript {
    private var channel = ServerConsumerChannel()

    /// The `welcome` frame, with the last consumer `seq` the server has.
    mutating func welcome(lastReceivedSeq: Int = 0, token: String = "resume-1") throws -> String {
        _ = try channel.replay(after: 0)
        return try ProtocolCodec.encode(
            Envelope(
                ServerToConsumerMessage.welcome(
                    ConsumerWelcome(
                        sessionID: "s-1", resumeToken: ResumeToken(token), gracePeriodSeconds: 120,
                        lastReceivedSeq: lastReceivedSeq))))
    }

    /// The frame carrying `message`, numbered when it is sequenced.
    mutating func frame(_ message: ServerToConsumerMessage) throws -> String {
        guard case .transmit(let envelope) = channel.send(message) else {
            preconditionFailure("the script's channel is online after welcome()")
        }
        return try ProtocolCodec.encode(envelope)
    }

    /// The messages among `effects`' transmitted frames, decoded.
    static func sent(_ effects: [ConsumerSessionEffect]) throws -> [ConsumerMessage] {
        try effects.compactMap { effect in
            guard case .transmit(let text) = effect else { return nil }
            return try ProtocolCodec.decode(text: text, as: ConsumerMessage.self).message
        }
    }

    /// The events among `effects`.
    static func published(_ effects: [ConsumerSessionEffect]) -> [SupportEvent] {
        effects.compactMap { effect in
            if case .publish(let event) = effect { event } else { nil }
        }
    }
}

extension ConsumerSession {
    /// A session whose first connection is open and welcomed.
    static func welcomed(
        script: inout ServerScript, shareScopes: [ShareScope] = ShareScope.unannounced, screenControl: Bool = false,
        screenVideo: Bool = false
    ) throws -> ConsumerSession {
        var session = ConsumerSession(
            hello: ConsumerHello(
                destination: "support", visitorName: "Ada", shareScopes: shareScopes, screenControl: screenControl,
                screenVideo: screenVideo))
        _ = try session.connectionOpened()
        _ = session.receive(try script.welcome(), at: .now)
        return session
    }
}

let sam = Agent(id: "sam", name: "Sam")
