import AssistCore
import Testing

/// The seed's two permission tables, decided through ``MaskPlan`` over a small
/// window: the window, a box inside it and a child inside the box.
@Suite("Mask plans follow both seed permission tables")
struct MaskPlanSeedTableTests {
    static let window = PixelRect(x: 0, y: 0, width: 8, height: 6)
    static let box = PixelRect(x: 1, y: 1, width: 6, height: 4)
    static let child = PixelRect(x: 2, y: 2, width: 2, height: 2)
    static let rules = MaskingRules(maskColor: RGBAColor8(red: 200, green: 30, blue: 40, alpha: 128))
    static let maskColor = RGBAColor8(red: 200, green: 30, blue: 40)

    @Test(
        "Agent and Element Permissions: the window, the box and the child share the row's marker and result",
        arguments: AgentAndElementPermissionsTableTests.rows)
    func agentAndElement(_ row: AgentAndElementRow) {
        let widgets = [
            SharedWidget(parent: nil, bounds: Self.window, marker: row.marker),
            SharedWidget(parent: 0, bounds: Self.box),
            SharedWidget(parent: 1, bounds: Self.child, marker: row.marker),
        ]
        let plan = MaskPlan.make(
            widgets: widgets, permissions: AgentPermissions(viewable: row.viewable, interactive: row.interactive),
            rules: Self.rules, window: Self.window)
        #expect(plan.access == [row.expected, row.expected, row.expected])
        if row.expected == .masked {
            #expect(plan.masks == [Mask(rect: Self.window, color: Self.maskColor, reason: .permission)])
            #expect(plan.visibleRegion.isEmpty)
        } else {
            #expect(plan.masks.isEmpty)
            #expect(plan.visibleRegion == [Self.window])
        }
    }

    @Test(
        "Parent and Child Permissions: the window and the box carry the parent's marker, the child its own",
        arguments: ParentAndChildPermissionsTableTests.rows)
    func parentAndChild(_ row: ParentAndChildRow) {
        let widgets = [
            SharedWidget(parent: nil, bounds: Self.window, marker: row.parent),
            SharedWidget(parent: 0, bounds: Self.box),
            SharedWidget(parent: 1, bounds: Self.child, marker: row.child),
        ]
        let plan = MaskPlan.make(
            widgets: widgets, permissions: AgentPermissions(viewable: row.viewable, interactive: row.interactive),
            rules: Self.rules, window: Self.window)
        #expect(plan.access == [row.expectedParent, row.expectedParent, row.expectedChild])
        let expectedMasks: [Mask] =
            if row.expectedParent == .masked {
                [Mask(rect: Self.window, color: Self.maskColor, reason: .permission)]
            } else if row.expectedChild == .masked {
                [Mask(rect: Self.child, color: Self.maskColor, reason: .permission)]
            } else {
                []
            }
        #expect(plan.masks == expectedMasks)
        let maskedPixels = expectedMasks.reduce(0) { $0 + $1.rect.area }
        #expect(plan.visibleRegion.reduce(0) { $0 + $1.area } == Self.window.area - maskedPixels)
    }
}
