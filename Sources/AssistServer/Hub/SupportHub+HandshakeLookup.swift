import AssistCore
import Logging

/// What a connection's handshake needs from the database, read before the
/// hub handles the handshake so that the handling itself never waits.
enum HandshakeLookup {
    /// A consumer's `hello` with a short code's session token: the code's
    /// grant (`nil` when unknown or expired), and whether a session was
    /// already opened with it.
    case shortCode(grant: ShortCodeGrant?, sessionAlreadyOpened: Bool)
    /// An agent's `resume` whose agent is not in memory: the agent as its
    /// stored stream left it, `nil` when the token is unknown.
    case storedAgent(LiveAgent?)
}

extension SupportHub {
    /// Reads what the handshake in `message`, a connection's first message,
    /// needs from the database, and keeps it for ``takeHandshakeLookup(for:)``.
    ///
    /// It first waits for every event decided so far to be written, so what
    /// it reads is as current as the hub; anything decided while it reads is
    /// checked again when the handshake is handled.
    func prepareHandshake(_ message: InboundFrame, on link: PeerLink) async {
        guard isHandshaking(link) else { return }
        switch link.role {
        case .consumer:
            guard case .hello(let hello)? = try? ProtocolCodec.decode(message, as: ConsumerMessage.self).message,
                let token = hello.sessionToken
            else { return }
            let lookup = await shortCodeLookup(sessionToken: token)
            handshakeLookups[link.id] = lookup
        case .agent:
            guard case .resume(let request)? = try? ProtocolCodec.decode(message, as: AgentMessage.self).message
            else { return }
            let digest = SecretDigest(of: request.resumeToken.rawValue)
            guard !agents.values.contains(where: { $0.resumeDigest.matches(digest) }) else { return }
            let stored = await storedAgent(resumeDigest: digest)
            handshakeLookups[link.id] = .storedAgent(stored)
        }
    }

    /// The lookup ``prepareHandshake(_:on:)`` kept for `link`, forgotten as it is taken.
    func takeHandshakeLookup(for link: PeerLink) -> HandshakeLookup? {
        handshakeLookups.removeValue(forKey: link.id)
    }

    private func shortCodeLookup(sessionToken token: String) async -> HandshakeLookup {
        let grant: ShortCodeGrant?
        do {
            grant = try await shortCodes.grant(forSessionToken: token)
        } catch {
            logger.error("could not look up a short code's grant", metadata: ["error": "\(error)"])
            return .shortCode(grant: nil, sessionAlreadyOpened: false)
        }
        guard let grant else { return .shortCode(grant: nil, sessionAlreadyOpened: false) }
        await commits.flushed()
        do {
            let opened = try await store.hasEscalatedSession(correlationID: grant.correlationID)
            return .shortCode(grant: grant, sessionAlreadyOpened: opened)
        } catch {
            logger.error("could not look up an escalated session", metadata: ["error": "\(error)"])
            return .shortCode(grant: nil, sessionAlreadyOpened: false)
        }
    }

    /// The agent whose stored stream's resume token has `digest`, rebuilt
    /// from the database (after a restart, or once its grace period passed).
    private func storedAgent(resumeDigest digest: SecretDigest) async -> LiveAgent? {
        await commits.flushed()
        do {
            guard let streamID = try await store.streamID(forResumeDigest: digest), streamID.hasPrefix("agent:"),
                let account = directory.all.first(where: { StreamRow.agentStreamID($0.id) == streamID })
            else { return nil }
            return try await storedAgent(account)
        } catch {
            logger.error("could not restore an agent's stream", metadata: ["error": "\(error)"])
            return nil
        }
    }
}
