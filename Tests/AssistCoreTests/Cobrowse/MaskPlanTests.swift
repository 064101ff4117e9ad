import AssistCore
import Testing

@Suite("Mask plans: inheritance, tags, passwords and clipping")
struct MaskPlanTests {
    private let window = PixelRect(x: 0, y: 0, width: 20, height: 10)
    private let maskColor = RGBAColor8(red: 10, green: 120, blue: 250)
    private let black = RGBAColor8(red: 0, green: 0, blue: 0)
    private var rules: MaskingRules {
        MaskingRules(hidingTags: ["secret"], maskingTags: ["blur"], maskColor: maskColor)
    }

    private func plan(_ widgets: [SharedWidget], _ permissions: AgentPermissions = .implicitDefault) -> MaskPlan {
        MaskPlan.make(widgets: widgets, permissions: permissions, rules: rules, window: window)
    }

    @Test("a marker is inherited three levels deep, and an override below it applies to its own subtree")
    func inheritedMarkers() {
        let widgets = [
            SharedWidget(parent: nil, bounds: window, marker: "A"),
            SharedWidget(parent: 0, bounds: PixelRect(x: 1, y: 1, width: 18, height: 8)),
            SharedWidget(parent: 1, bounds: PixelRect(x: 2, y: 2, width: 16, height: 6)),
            SharedWidget(parent: 2, bounds: PixelRect(x: 3, y: 3, width: 4, height: 4)),
        ]
        #expect(plan(widgets, AgentPermissions(viewable: ["A"], interactive: ["A"])).access == Array(repeating: .interactive, count: 4))
        let defaultOnly = plan(widgets, .implicitDefault)
        #expect(defaultOnly.access == Array(repeating: .masked, count: 4))
        #expect(defaultOnly.masks == [Mask(rect: window, color: maskColor, reason: .permission)])

        var overridden = widgets
        overridden[1].marker = "B"
        let agent = AgentPermissions(viewable: ["A", "B"], interactive: ["B"])
        #expect(plan(overridden, agent).access == [.viewOnly, .interactive, .interactive, .interactive])
        let withoutB = plan(overridden, AgentPermissions(viewable: ["A"], interactive: ["A", "B"]))
        #expect(withoutB.access == [.interactive, .masked, .masked, .masked])
        #expect(withoutB.masks == [Mask(rect: PixelRect(x: 1, y: 1, width: 18, height: 8), color: maskColor, reason: .permission)])
    }

    @Test("a child the agent could view stays masked inside a masked parent, under the parent's one mask")
    func maskedParentHidesViewableChild() {
        let parentRect = PixelRect(x: 2, y: 2, width: 10, height: 6)
        let widgets = [
            SharedWidget(parent: nil, bounds: window),
            SharedWidget(parent: 0, bounds: parentRect, marker: "vault"),
            SharedWidget(parent: 1, bounds: PixelRect(x: 3, y: 3, width: 2, height: 2), marker: "open"),
        ]
        let result = plan(widgets, AgentPermissions(viewable: ["default", "open"], interactive: ["default", "open"]))
        #expect(result.access == [.interactive, .masked, .masked])
        #expect(result.masks == [Mask(rect: parentRect, color: maskColor, reason: .permission)])
    }

    @Test("a hiding tag fills black and beats a masking tag; the no-show class hides like a hiding tag")
    func hidingAndMaskingTags() {
        let hidden = PixelRect(x: 0, y: 0, width: 4, height: 4)
        let both = PixelRect(x: 5, y: 0, width: 4, height: 4)
        let masked = PixelRect(x: 10, y: 0, width: 4, height: 4)
        let noShow = PixelRect(x: 15, y: 0, width: 4, height: 4)
        let plain = PixelRect(x: 0, y: 5, width: 4, height: 4)
        let widgets = [
            SharedWidget(parent: nil, bounds: window),
            SharedWidget(parent: 0, bounds: hidden, tags: ["secret"]),
            SharedWidget(parent: 0, bounds: both, tags: ["blur", "secret"]),
            SharedWidget(parent: 0, bounds: masked, tags: ["blur", "other"]),
            SharedWidget(parent: 0, bounds: noShow, tags: [MaskingRules.noShowClass]),
            SharedWidget(parent: 0, bounds: plain, tags: ["other"]),
        ]
        let result = plan(widgets)
        #expect(result.access == [.interactive, .masked, .masked, .masked, .masked, .interactive])
        #expect(
            result.masks == [
                Mask(rect: hidden, color: black, reason: .hidingTag),
                Mask(rect: both, color: black, reason: .hidingTag),
                Mask(rect: masked, color: maskColor, reason: .maskingTag),
                Mask(rect: noShow, color: black, reason: .hidingTag),
            ])
    }

    @Test("a hiding tag fills black even where the agent may not view the widget")
    func hidingBeatsPermission() {
        let rect = PixelRect(x: 1, y: 1, width: 3, height: 3)
        let widgets = [
            SharedWidget(parent: nil, bounds: window),
            SharedWidget(parent: 0, bounds: rect, marker: "X", tags: ["secret"]),
        ]
        #expect(plan(widgets).masks == [Mask(rect: rect, color: black, reason: .hidingTag)])
    }

    @Test("password entries are filled with the mask colour whatever the permissions allow")
    func passwords() {
        let entry = PixelRect(x: 4, y: 4, width: 8, height: 2)
        let widgets = [
            SharedWidget(parent: nil, bounds: window),
            SharedWidget(parent: 0, bounds: entry, isPassword: true),
            SharedWidget(parent: 1, bounds: PixelRect(x: 5, y: 4, width: 2, height: 2)),
        ]
        let result = plan(widgets)
        #expect(result.access == [.interactive, .masked, .masked])
        #expect(result.masks == [Mask(rect: entry, color: maskColor, reason: .password)])
    }

    @Test("masks are opaque even when the configured colour is not")
    func masksAreOpaque() {
        var translucent = rules
        translucent.maskColor = RGBAColor8(red: 1, green: 2, blue: 3, alpha: 40)
        let widgets = [
            SharedWidget(parent: nil, bounds: window),
            SharedWidget(parent: 0, bounds: PixelRect(x: 0, y: 0, width: 2, height: 2), tags: ["blur"]),
        ]
        let result = MaskPlan.make(widgets: widgets, permissions: .implicitDefault, rules: translucent, window: window)
        #expect(result.masks.map(\.color) == [RGBAColor8(red: 1, green: 2, blue: 3, alpha: 255)])
        var mask = result.masks[0]
        mask.color = RGBAColor8(red: 9, green: 9, blue: 9, alpha: 0)
        #expect(mask.color.alpha == 255)
    }

    @Test("explicit empty permissions mask the whole window as one mask; the implicit default shows it")
    func emptyPermissionsAgainstImplicitDefault() {
        let widgets = [
            SharedWidget(parent: nil, bounds: window),
            SharedWidget(parent: 0, bounds: PixelRect(x: 1, y: 1, width: 5, height: 5)),
            SharedWidget(parent: 1, bounds: PixelRect(x: 2, y: 2, width: 2, height: 2), marker: "X"),
        ]
        let none = plan(widgets, .noPermissions)
        #expect(none.access == [.masked, .masked, .masked])
        #expect(none.masks == [Mask(rect: window, color: maskColor, reason: .permission)])
        #expect(none.visibleRegion.isEmpty)

        let implicit = plan(Array(widgets.prefix(2)), .implicitDefault)
        #expect(implicit.access == [.interactive, .interactive])
        #expect(implicit.masks.isEmpty)
        #expect(implicit.visibleRegion == [window])
    }

    @Test("an empty widget list is a window without a marker")
    func emptyWidgetList() {
        #expect(plan([], .implicitDefault).visibleRegion == [window])
        #expect(plan([], .noPermissions).masks == [Mask(rect: window, color: maskColor, reason: .permission)])
    }

    @Test("masks are clipped to the window, and a widget wholly outside it gives none")
    func clipping() {
        let widgets = [
            SharedWidget(parent: nil, bounds: window),
            SharedWidget(parent: 0, bounds: PixelRect(x: -3, y: 7, width: 6, height: 9), tags: ["blur"]),
            SharedWidget(parent: 0, bounds: PixelRect(x: 25, y: 0, width: 4, height: 4), tags: ["blur"]),
            SharedWidget(parent: 0, bounds: PixelRect(x: 5, y: 5, width: 0, height: 4), tags: ["blur"]),
        ]
        let result = plan(widgets)
        #expect(result.access == [.interactive, .masked, .masked, .masked])
        #expect(result.masks == [Mask(rect: PixelRect(x: 0, y: 7, width: 3, height: 3), color: maskColor, reason: .maskingTag)])
    }

    @Test("a widget that is not drawn has no mask but still its access, masked under a masked ancestor")
    func undrawnWidgets() {
        let widgets = [
            SharedWidget(parent: nil, bounds: window),
            SharedWidget(parent: 0, bounds: nil),
            SharedWidget(parent: 0, bounds: PixelRect(x: 0, y: 0, width: 4, height: 4), marker: "X"),
            SharedWidget(parent: 2, bounds: nil),
            SharedWidget(parent: 0, bounds: nil, tags: ["blur"]),
        ]
        let result = plan(widgets)
        #expect(result.access == [.interactive, .interactive, .masked, .masked, .masked])
        #expect(result.masks == [Mask(rect: PixelRect(x: 0, y: 0, width: 4, height: 4), color: maskColor, reason: .permission)])
    }

    @Test("a drawn widget inside a masked one that is not drawn, or sticking out of its mask, is masked itself")
    func maskedDescendantsOutsideTheEnclosingMask() {
        let inner = PixelRect(x: 2, y: 2, width: 3, height: 3)
        let parentRect = PixelRect(x: 10, y: 0, width: 4, height: 4)
        let overflow = PixelRect(x: 12, y: 2, width: 5, height: 5)
        let widgets = [
            SharedWidget(parent: nil, bounds: window),
            SharedWidget(parent: 0, bounds: nil, marker: "X"),
            SharedWidget(parent: 1, bounds: inner),
            SharedWidget(parent: 0, bounds: parentRect, tags: ["secret"]),
            SharedWidget(parent: 3, bounds: overflow),
            SharedWidget(parent: 4, bounds: PixelRect(x: 13, y: 3, width: 1, height: 1)),
        ]
        let result = plan(widgets)
        #expect(result.access == [.interactive, .masked, .masked, .masked, .masked, .masked])
        #expect(
            result.masks == [
                Mask(rect: inner, color: maskColor, reason: .permission),
                Mask(rect: parentRect, color: black, reason: .hidingTag),
                Mask(rect: overflow, color: black, reason: .hidingTag),
            ])
    }

    @Test("a widget whose parent is not an earlier widget is treated as one the agent may not view")
    func malformedParent() {
        let rect = PixelRect(x: 1, y: 1, width: 2, height: 2)
        let widgets = [
            SharedWidget(parent: nil, bounds: window),
            SharedWidget(parent: 5, bounds: rect),
            SharedWidget(parent: 1, bounds: PixelRect(x: 1, y: 1, width: 1, height: 1)),
        ]
        let result = plan(widgets)
        #expect(result.access == [.interactive, .masked, .masked])
        #expect(result.masks == [Mask(rect: rect, color: maskColor, reason: .permission)])
    }

    @Test("the configuration's settings become the rules, the colour converted channel by channel")
    func rulesFromConfiguration() {
        var configuration = Configuration()
        configuration.hidingTags = ["a", "b", "a"]
        configuration.maskingTags = ["c"]
        configuration.maskColor = RGBAColor(red: 1, green: 2, blue: 3, alpha: 4)
        #expect(
            MaskingRules(configuration: configuration)
                == MaskingRules(
                    hidingTags: ["a", "b"], maskingTags: ["c"], maskColor: RGBAColor8(red: 1, green: 2, blue: 3, alpha: 4)))
        #expect(MaskingRules().maskColor == RGBAColor8(red: 0, green: 0, blue: 0, alpha: 255))
    }
}
