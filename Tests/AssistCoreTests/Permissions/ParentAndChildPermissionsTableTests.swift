import AssistCore
import Testing

/// One row of the seed's "Parent and Child Permissions" table.
struct ParentAndChildRow: Sendable, CustomTestStringConvertible {
    let parent: String?
    let child: String?
    let viewable: Set<String>
    let interactive: Set<String>
    let expectedParent: ElementAccess
    let expectedChild: ElementAccess

    var testDescription: String {
        "parent \(parent ?? "none"), child \(child ?? "none"), viewable \(viewable.sorted()), "
            + "interactive \(interactive.sorted()) → parent \(expectedParent), child \(expectedChild)"
    }
}

@Suite("Seed table: Parent and Child Permissions")
struct ParentAndChildPermissionsTableTests {
    static let rows: [ParentAndChildRow] = [
        .init(parent: "A", child: nil, viewable: ["A"], interactive: ["A"],
              expectedParent: .interactive, expectedChild: .interactive),
        .init(parent: "A", child: "A", viewable: ["A"], interactive: ["A"],
              expectedParent: .interactive, expectedChild: .interactive),
        .init(parent: "A", child: "B", viewable: ["A"], interactive: ["A"],
              expectedParent: .interactive, expectedChild: .masked),
        .init(parent: "A", child: "B", viewable: ["A", "B"], interactive: ["A"],
              expectedParent: .interactive, expectedChild: .viewOnly),
        .init(parent: "A", child: "B", viewable: ["A", "B"], interactive: ["B"],
              expectedParent: .viewOnly, expectedChild: .interactive),
        .init(parent: "A", child: "B", viewable: ["B"], interactive: ["B"],
              expectedParent: .masked, expectedChild: .masked),
        .init(parent: nil, child: nil, viewable: ["default"], interactive: ["default"],
              expectedParent: .interactive, expectedChild: .interactive),
        .init(parent: nil, child: "B", viewable: ["B"], interactive: ["B"],
              expectedParent: .masked, expectedChild: .masked),
    ]

    @Test("each row of the seed table gives the seed's result for parent and child", arguments: rows)
    func row(_ row: ParentAndChildRow) {
        let agent = AgentPermissions(viewable: row.viewable, interactive: row.interactive)
        #expect(agent.access(markers: [row.parent]) == row.expectedParent)
        #expect(agent.access(markers: [row.parent, row.child]) == row.expectedChild)
    }

    @Test("the table has every row of the seed")
    func tableIsComplete() {
        #expect(Self.rows.count == 8)
    }
}
