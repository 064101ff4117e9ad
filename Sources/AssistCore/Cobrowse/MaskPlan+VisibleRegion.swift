extension MaskPlan {
    /// A run of columns `start..<end` of one band of rows.
    private struct Span: Hashable {
        let start: Int
        let end: Int
    }

    /// The pixels of `window` outside every rectangle of `holes`, as disjoint
    /// rectangles.
    ///
    /// The window is cut into bands of rows at every hole's top and bottom
    /// edge; within a band the uncovered columns form spans, and a span equal
    /// to one of the band above extends that band's rectangle downward
    /// instead of starting a new one.
    static func region(of window: PixelRect, minus holes: [PixelRect]) -> [PixelRect] {
        guard !window.isEmpty else { return [] }
        let holes = holes.compactMap { $0.intersection(window) }
        var edges: Set<Int> = [window.y, window.maxY]
        for hole in holes {
            edges.insert(hole.y)
            edges.insert(hole.maxY)
        }
        let rows = edges.sorted()
        var region: [PixelRect] = []
        var open: [Span: Int] = [:]
        for (top, bottom) in zip(rows, rows.dropFirst()) {
            let crossing = holes.filter { $0.y < bottom && $0.maxY > top }.sorted { $0.x < $1.x }
            var spans: [Span] = []
            var cursor = window.x
            for hole in crossing {
                if hole.x > cursor { spans.append(Span(start: cursor, end: hole.x)) }
                cursor = max(cursor, hole.maxX)
            }
            if cursor < window.maxX { spans.append(Span(start: cursor, end: window.maxX)) }

            var next: [Span: Int] = [:]
            for span in spans {
                if let index = open[span] {
                    region[index].height += bottom - top
                    next[span] = index
                } else {
                    next[span] = region.count
                    region.append(PixelRect(x: span.start, y: top, width: span.end - span.start, height: bottom - top))
                }
            }
            open = next
        }
        return region
    }
}
