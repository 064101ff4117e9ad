import AssistCore
import Foundation

/// Masks the text of a chat message on the node that received it, before
/// the message leaves that node on its way to the leader: the leader's hub
/// masks what it stores, but the unmasked text must not travel further than
/// the node it came to — not over the network between nodes, nor into
/// anything the leader logs or keeps (`docs/protocol.md` §11.7).
enum ChatFrameMasking {
    /// The mail that forwards `frame`, received on a connection of `role`:
    /// a ``ClusterMail/maskedFrame(_:kinds:)`` with the frame re-encoded
    /// around the masked text when it is a chat message in which `masker`
    /// masked something; otherwise the frame as it came. A frame that does
    /// not decode goes as it came: the leader answers it, and stores none of it.
    static func mail(forwarding frame: InboundFrame, from role: PeerRole, masker: ChatMasker) -> ClusterMail {
        guard masker.isEnabled, case .text = frame else { return .frame(frame) }
        let masked: (frame: String, kinds: [SensitiveDataKind])?
        switch role {
        case .consumer:
            masked = remask(frame, as: ConsumerMessage.self, masker: masker) { message in
                guard case .chat(let id, let text, let ticket) = message else { return nil }
                return (text, { .chat(clientMessageID: id, text: $0, attachment: ticket) })
            }
        case .agent:
            masked = remask(frame, as: AgentMessage.self, masker: masker) { message in
                guard case .chat(let session, let id, let text, let ticket) = message else { return nil }
                return (text, { .chat(sessionID: session, clientMessageID: id, text: $0, attachment: ticket) })
            }
        }
        guard let masked else { return .frame(frame) }
        return .maskedFrame(Data(masked.frame.utf8), kinds: masked.kinds)
    }

    /// The frame re-encoded around the masked text, and the kinds masked,
    /// when `frame` holds a chat message (`chat` gives its text and rebuilds
    /// it with another) whose text `masker` changes. The envelope keeps its
    /// `v`, `seq` and `ack`; the masked text has as many characters as the
    /// original, so the frame stays within the protocol's limits.
    private static func remask<Message: WireMessage>(
        _ frame: InboundFrame, as type: Message.Type, masker: ChatMasker,
        chat: (Message) -> (text: String, rebuild: (String) -> Message)?
    ) -> (frame: String, kinds: [SensitiveDataKind])? {
        guard let envelope = try? ProtocolCodec.decode(frame, as: Message.self), let found = chat(envelope.message) else {
            return nil
        }
        let masked = masker.mask(found.text)
        guard masked.didMask else { return nil }
        let rebuilt = Envelope(found.rebuild(masked.text), seq: envelope.seq, ack: envelope.ack, version: envelope.version)
        guard let text = try? ProtocolCodec.encode(rebuilt) else { return nil }
        return (text, masked.kinds)
    }
}
