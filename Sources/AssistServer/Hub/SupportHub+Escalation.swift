import AssistCore
import Logging
import Prometheus

extension SupportHub {
    /// An agent redeems a short code read to it over the phone: it joins the
    /// consumer's session now, or as soon as the consumer connects with the
    /// code's session token.
    ///
    /// The short-code store is asked outside the event (the hub never waits
    /// for a database while it handles one); its answer is an event of its
    /// own, ``shortCodeRedeemed(_:frame:agent:on:)``.
    func redeemShortCode(_ code: ShortCode, frame: FrameHeader?, agent agentID: String, on link: PeerLink) {
        Task { [shortCodes] in
            let outcome: Result<ShortCodeGrant, ShortCodeRefusal>
            do throws(ShortCodeRefusal) {
                outcome = .success(try await shortCodes.redeem(code.rawValue, by: .agent, from: link.address))
            } catch {
                outcome = .failure(error)
            }
            self.shortCodeRedeemed(outcome, frame: frame, agent: agentID, on: link)
        }
    }

    /// The short-code store answered an agent's `redeemShortCode` (`frame`).
    private func shortCodeRedeemed(
        _ outcome: Result<ShortCodeGrant, ShortCodeRefusal>, frame: FrameHeader?, agent agentID: String, on link: PeerLink
    ) {
        handling = frame
        defer {
            handling = nil
            finishEvent()
        }
        let grant: ShortCodeGrant
        switch outcome {
        case .success(let granted):
            grant = granted
        case .failure(let error):
            let code: ErrorCode = error == .tooManyAttempts ? .notAllowed : .unknownShortCode
            reject(code, error.message, on: link, as: ServerToAgentMessage.self)
            return
        }
        guard let agent = agents[agentID], agent.link == link, hasRoom(agent, on: link) else { return }
        if let sessionID = escalations[grant.correlationID] {
            assign(session: sessionID, to: agentID)
        } else {
            pendingEscalations[grant.correlationID] = agentID
        }
    }
}
