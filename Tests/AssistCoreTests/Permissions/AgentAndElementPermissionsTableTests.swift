import AssistCore
import Testing

/// One row of the seed's "Agent and Element Permissions" table.
struct AgentAndElementRow: Sendable, CustomTestStringConvertible {
    let marker: String?
    let viewable: Set<String>
    let interactive: Set<String>
    let expected: ElementAccess

    var testDescription: String {
        "marker \(marker ?? "none"), viewable \(viewable.sorted()), interactive \(interactive.sorted()) → \(expected)"
    }
}

@Suite("Seed table: Agent and Element Permissions")
struct AgentAndElementPermissionsTableTests {
    static let rows: [AgentAndElementRow] = [
        .init(marker: "X", viewable: ["X"], interactive: ["X"], expected: .interactive),
        .init(marker: "X", viewable: ["X"], interactive: [], expected: .viewOnly),
        .init(marker: "X", viewable: [], interactive: ["X"], expected: .masked),
        .init(marker: "X", viewable: [], interactive: [], expected: .masked),
        .init(marker: "X", viewable: ["default"], interactive: ["default"], expected: .masked),
        .init(marker: "X", viewable: ["default"], interactive: ["X"], expected: .masked),
        .init(marker: "X", viewable: ["X"], interactive: ["default"], expected: .viewOnly),
        .init(marker: "B", viewable: ["X"], interactive: ["X"], expected: .masked),
        .init(marker: nil, viewable: ["X", "default"], interactive: ["X", "default"], expected: .interactive),
        .init(marker: nil, viewable: ["X"], interactive: ["X"], expected: .masked),
        .init(marker: nil, viewable: ["default"], interactive: ["default"], expected: .interactive),
        .init(marker: nil, viewable: [], interactive: [], expected: .masked),
        .init(marker: nil, viewable: ["default"], interactive: ["X"], expected: .viewOnly),
        .init(marker: "B", viewable: ["X"], interactive: ["B"], expected: .masked),
        .init(marker: "B", viewable: ["B"], interactive: ["X"], expected: .viewOnly),
    ]

    @Test("each row of the seed table gives the seed's result", arguments: rows)
    func row(_ row: AgentAndElementRow) {
        let agent = AgentPermissions(viewable: row.viewable, interactive: row.interactive)
        #expect(agent.access(markers: [row.marker]) == row.expected)
    }

    @Test("the table has every row of the seed")
    func tableIsComplete() {
        #expect(Self.rows.count == 15)
    }
}
