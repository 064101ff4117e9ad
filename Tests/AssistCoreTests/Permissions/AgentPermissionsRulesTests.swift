import AssistCore
import Foundation
import Testing

@Suite("Permission rules beyond the seed tables")
struct AgentPermissionsRulesTests {
    @Test("a marker is inherited from the nearest ancestor that has one, however deep")
    func inheritsFromNearestAncestor() {
        let agent = AgentPermissions(viewable: ["A", "B"], interactive: ["B"])
        #expect(agent.access(markers: ["A", "B", nil, nil]) == .interactive)
        #expect(agent.access(markers: ["B", "A", nil]) == .viewOnly)
    }

    @Test("viewing needs the marker of every ancestor, not only the nearest")
    func viewingNeedsEveryAncestor() {
        let agent = AgentPermissions(viewable: ["B", "C"], interactive: ["C"])
        #expect(agent.access(markers: ["A", "B", "C"]) == .masked)
        #expect(agent.access(markers: ["B", "C"]) == .interactive)
    }

    @Test("ancestors without a marker of their own have the default marker")
    func unmarkedAncestorsAreDefault() {
        let agent = AgentPermissions(viewable: ["default", "B"], interactive: ["B"])
        #expect(agent.access(markers: [nil, nil, "B"]) == .interactive)
        #expect(agent.access(markers: [nil, nil, nil]) == .viewOnly)
    }

    @Test("an empty path is an unmarked element: default rules apply")
    func emptyPathIsDefault() {
        #expect(AgentPermissions.implicitDefault.access(markers: []) == .interactive)
        #expect(AgentPermissions.noPermissions.access(markers: []) == .masked)
    }

    @Test("explicit empty arrays mask everything, unlike the implicit default")
    func explicitEmptyIsNotImplicitDefault() {
        #expect(AgentPermissions.noPermissions != AgentPermissions.implicitDefault)
        #expect(AgentPermissions.noPermissions.access(markers: [nil]) == .masked)
        #expect(AgentPermissions.implicitDefault.access(markers: [nil]) == .interactive)
    }

    @Test("an agent that presented no permissions holds the implicit default")
    func agentWithoutPermissionsHoldsDefault() {
        let agent = Agent(id: "a1", name: "Sam")
        #expect(agent.effectivePermissions == .implicitDefault)
        let restricted = Agent(id: "a2", name: "Kim", permissions: .noPermissions)
        #expect(restricted.effectivePermissions == .noPermissions)
    }

    @Test("the issue's example: viewable A and B, interactive B, element in A then B is interactive")
    func issueExample() {
        let agent = AgentPermissions(viewable: ["A", "B"], interactive: ["B"])
        #expect(agent.access(markers: ["A", "B"]) == .interactive)
    }

    @Test("element access tells viewability and interactivity")
    func elementAccessProperties() {
        #expect(!ElementAccess.masked.isViewable && !ElementAccess.masked.isInteractive)
        #expect(ElementAccess.viewOnly.isViewable && !ElementAccess.viewOnly.isInteractive)
        #expect(ElementAccess.interactive.isViewable && ElementAccess.interactive.isInteractive)
    }

    @Test("permissions keep explicit empty sets through JSON")
    func explicitEmptySurvivesJSON() throws {
        let data = try JSONEncoder().encode(AgentPermissions.noPermissions)
        let decoded = try JSONDecoder().decode(AgentPermissions.self, from: data)
        #expect(decoded == .noPermissions)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"viewable\":[]") && text.contains("\"interactive\":[]"))
    }
}
