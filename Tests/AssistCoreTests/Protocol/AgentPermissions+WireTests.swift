import AssistCore
import Foundation
import Testing

@Suite("Absent and explicitly empty permissions stay different on the wire")
struct AgentPermissionsWireTests {
    private func joined(_ agent: Agent) throws -> (text: String, agent: Agent) {
        let text = try ProtocolCodec.encode(Envelope(ServerToConsumerMessage.agentJoined(agent), seq: 1))
        guard case .agentJoined(let decoded) = try ProtocolCodec.decode(text: text, as: ServerToConsumerMessage.self).message
        else { throw CancellationError() }
        return (text, decoded)
    }

    @Test("An agent without permissions arrives without them and gets the implicit default")
    func absentPermissions() throws {
        let (text, agent) = try joined(Agent(id: "a", name: "Sam"))
        #expect(!text.contains("permissions"))
        #expect(agent.permissions == nil)
        #expect(agent.effectivePermissions == .implicitDefault)
    }

    @Test("An agent with two empty sets arrives with no permission at all")
    func explicitEmptyPermissions() throws {
        let (text, agent) = try joined(Agent(id: "a", name: "Sam", permissions: AgentPermissions.noPermissions))
        #expect(text.contains(#""permissions":{"interactive":[],"viewable":[]}"#))
        #expect(agent.permissions == AgentPermissions.noPermissions)
        #expect(agent.effectivePermissions != .implicitDefault)
    }

    @Test("Null permissions read as absent")
    func nullPermissions() throws {
        let text = #"{"v":1,"type":"agentJoined","seq":1,"body":{"agent":{"id":"a","name":"Sam","permissions":null}}}"#
        #expect(
            try ProtocolCodec.decode(text: text, as: ServerToConsumerMessage.self).message
                == .agentJoined(Agent(id: "a", name: "Sam")))
    }

    @Test("Permissions with only one set are refused")
    func halfPermissions() throws {
        let text = #"{"v":1,"type":"agentJoined","seq":1,"body":{"agent":{"id":"a","name":"Sam","permissions":{"viewable":[]}}}}"#
        let error = try #require(throws: ProtocolError.self) {
            try ProtocolCodec.decode(text: text, as: ServerToConsumerMessage.self)
        }
        #expect(error.kind == .invalidMessage(field: "body.agent.permissions.interactive", problem: "is missing"))
    }
}
