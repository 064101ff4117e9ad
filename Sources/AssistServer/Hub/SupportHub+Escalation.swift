import AssistCore
import Logging
import Prometheus

extension SupportHub {
    /// An agent redeems a short code read to it over the phone: it joins the
    /// consumer's session now, or as soon as the consumer connects with the
    /// code's session token.
    func redeemShortCode(_ code: ShortCode, agent agentID: String, on link: PeerLink) async {
        let grant: ShortCodeGrant
        do {
            grant = try await shortCodes.redeem(code.rawValue, by: .agent, from: link.address)
        } catch {
            let code: ErrorCode = error == .tooManyAttempts ? .notAllowed : .unknownShortCode
            reject(code, error.message, on: link, as: ServerToAgentMessage.self)
            return
        }
        guard let agent = agents[agentID], hasRoom(agent, on: link) else { return }
        if let sessionID = escalations[grant.correlationID] {
            assign(session: sessionID, to: agentID)
        } else {
            pendingEscalations[grant.correlationID] = agentID
        }
    }
}
