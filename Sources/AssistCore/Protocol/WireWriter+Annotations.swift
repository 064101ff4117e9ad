extension WireWriter {
    /// An ``AnnotationStroke`` object, checked against the limits the reader applies.
    mutating func annotationStroke(_ stroke: AnnotationStroke, _ key: String) throws {
        var object = object(key)
        try object.identifier(stroke.id, "id")
        let color = RGBAColor(red: stroke.color.red, green: stroke.color.green, blue: stroke.color.blue)
        try object.text(color.hex.lowercased(), "color", max: 7)
        guard (1...AnnotationStroke.maxWidth).contains(stroke.width) else {
            throw object.problem("width", "must be from 1 to \(AnnotationStroke.maxWidth)")
        }
        try object.integer(stroke.width, "width", min: 1)
        guard (1...AnnotationStroke.maxPoints).contains(stroke.points.count) else {
            throw object.problem("points", "must hold 1 to \(AnnotationStroke.maxPoints) points")
        }
        let range = 0...AnnotationStroke.maxCoordinate
        guard stroke.points.allSatisfy({ range.contains($0.x) && range.contains($0.y) }) else {
            throw object.problem("points", "must lie within 0 to \(AnnotationStroke.maxCoordinate)")
        }
        try object.array(stroke.points.flatMap { [$0.x, $0.y] }, "points", max: 2 * AnnotationStroke.maxPoints)
    }

    /// A non-empty array of ``AnnotationID``s, at most ``AnnotationBoard/capacity``.
    mutating func annotationIDs(_ ids: [AnnotationID], _ key: String) throws {
        if ids.isEmpty { throw problem(key, "must not be empty") }
        try array(ids, key, max: AnnotationBoard.capacity)
    }
}
