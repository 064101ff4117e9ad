import AssistCore
import Testing

@Suite("Mask plans: the visible region and the masks cover the window exactly once")
struct MaskPlanVisibleRegionTests {
    private static let markers: [String?] = [nil, nil, nil, "A", "B", "default"]
    private static let tagChoices: [Set<String>] = [[], [], [], [], ["hide"], ["mask"], [MaskingRules.noShowClass], ["x"]]
    private static let rules = MaskingRules(hidingTags: ["hide"], maskingTags: ["mask"], maskColor: RGBAColor8(red: 9, green: 8, blue: 7))

    /// How many rectangles of `rects` hold each pixel of `window`, row by row.
    private func coverage(of window: PixelRect, by rects: [PixelRect]) -> [Int] {
        var counts: [Int] = []
        for y in window.y..<window.maxY {
            for x in window.x..<window.maxX {
                counts.append(rects.count { $0.contains(x: x, y: y) })
            }
        }
        return counts
    }

    /// Checks that the visible region is disjoint, inside the window and
    /// exactly the window's pixels outside every mask.
    private func expectExactCover(_ plan: MaskPlan, window: PixelRect, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(plan.visibleRegion.allSatisfy { !$0.isEmpty && window.contains($0) }, sourceLocation: sourceLocation)
        #expect(plan.masks.allSatisfy { !$0.rect.isEmpty && window.contains($0.rect) }, sourceLocation: sourceLocation)
        let visible = coverage(of: window, by: plan.visibleRegion)
        let masked = coverage(of: window, by: plan.masks.map(\.rect))
        #expect(visible.allSatisfy { $0 <= 1 }, "visible rectangles overlap", sourceLocation: sourceLocation)
        #expect(zip(visible, masked).allSatisfy { ($0 == 1) == ($1 == 0) }, sourceLocation: sourceLocation)
    }

    private func plan(window: PixelRect, holes: [PixelRect]) -> MaskPlan {
        var widgets = [SharedWidget(parent: nil, bounds: window)]
        for hole in holes { widgets.append(SharedWidget(parent: 0, bounds: hole, tags: ["mask"])) }
        return MaskPlan.make(widgets: widgets, permissions: .implicitDefault, rules: Self.rules, window: window)
    }

    @Test("one hole in the middle leaves four rectangles: above, left, right and below")
    func oneHole() {
        let window = PixelRect(x: 0, y: 0, width: 10, height: 8)
        let result = plan(window: window, holes: [PixelRect(x: 3, y: 2, width: 4, height: 3)])
        #expect(
            Set(result.visibleRegion) == [
                PixelRect(x: 0, y: 0, width: 10, height: 2), PixelRect(x: 0, y: 2, width: 3, height: 3),
                PixelRect(x: 7, y: 2, width: 3, height: 3), PixelRect(x: 0, y: 5, width: 10, height: 3),
            ])
        expectExactCover(result, window: window)
    }

    @Test("bands with the same spans are merged into one rectangle")
    func mergedBands() {
        let window = PixelRect(x: 0, y: 0, width: 10, height: 10)
        let result = plan(
            window: window,
            holes: [PixelRect(x: 0, y: 0, width: 4, height: 3), PixelRect(x: 0, y: 3, width: 4, height: 5)])
        #expect(Set(result.visibleRegion) == [PixelRect(x: 4, y: 0, width: 6, height: 8), PixelRect(x: 0, y: 8, width: 10, height: 2)])
        #expect(plan(window: window, holes: []).visibleRegion == [window])
    }

    @Test("overlapping and touching holes, and a window away from the origin, are still covered exactly once")
    func overlappingHoles() {
        let window = PixelRect(x: 3, y: 2, width: 12, height: 9)
        let holes = [
            PixelRect(x: 2, y: 1, width: 5, height: 5), PixelRect(x: 5, y: 4, width: 6, height: 3),
            PixelRect(x: 11, y: 4, width: 2, height: 3), PixelRect(x: 14, y: 10, width: 4, height: 4),
        ]
        expectExactCover(plan(window: window, holes: holes), window: window)
    }

    @Test("random trees on small windows: masks and visible region partition the window, nothing masked shows", arguments: 0..<200)
    func randomTrees(seed: UInt64) {
        var random = SplitMix64(seed: seed &* 0x2545_F491_4F6C_DD1D &+ 1)
        let window = PixelRect(
            x: Int.random(in: 0...2, using: &random), y: Int.random(in: 0...2, using: &random),
            width: Int.random(in: 1...16, using: &random), height: Int.random(in: 1...12, using: &random))
        var widgets = [SharedWidget(parent: nil, bounds: window, marker: Self.markers.randomElement(using: &random)!)]
        for index in 1..<Int.random(in: 1...14, using: &random) {
            let bounds: PixelRect? =
                Int.random(in: 0..<10, using: &random) == 0
                ? nil
                : PixelRect(
                    x: Int.random(in: -3...18, using: &random), y: Int.random(in: -3...14, using: &random),
                    width: Int.random(in: 0...9, using: &random), height: Int.random(in: 0...9, using: &random))
            widgets.append(
                SharedWidget(
                    parent: Int.random(in: 0..<index, using: &random), bounds: bounds,
                    marker: Self.markers.randomElement(using: &random)!,
                    tags: Self.tagChoices.randomElement(using: &random)!,
                    isPassword: Int.random(in: 0..<12, using: &random) == 0))
        }
        let permissions = AgentPermissions(
            viewable: Set(["A", "B", "default"].filter { _ in Bool.random(using: &random) }),
            interactive: Set(["A", "B", "default"].filter { _ in Bool.random(using: &random) }))
        let result = MaskPlan.make(widgets: widgets, permissions: permissions, rules: Self.rules, window: window)

        expectExactCover(result, window: window)
        #expect(result.access.count == widgets.count)
        let maskRects = result.masks.map(\.rect)
        for (index, widget) in widgets.enumerated() {
            if let parent = widget.parent, result.access[parent] == .masked {
                #expect(result.access[index] == .masked, "widget \(index) shows inside a masked parent")
            }
            guard result.access[index] == .masked, let drawn = widget.bounds?.intersection(window) else { continue }
            #expect(
                coverage(of: drawn, by: maskRects).allSatisfy { $0 > 0 }, "masked widget \(index) has uncovered pixels")
        }
    }
}
