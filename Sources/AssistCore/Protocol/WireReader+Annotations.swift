extension WireReader {
    /// An ``AnnotationStroke`` object: `id`, `color` (`#rrggbb`), `width`
    /// (1–32) and `points`, a flat array `[x0, y0, x1, y1, …]` of 1–2,000
    /// points within 0…8,192.
    func annotationStroke(_ key: String) throws -> AnnotationStroke {
        let object = try object(key)
        let width = try object.integer("width", min: 1)
        if width > AnnotationStroke.maxWidth {
            throw object.problem("width", "must be at most \(AnnotationStroke.maxWidth)")
        }
        return AnnotationStroke(
            id: try object.identifier("id"), color: try object.hexColor("color"), width: width,
            points: try object.strokePoints("points"))
    }

    /// An ``AnnotationClearReason`` string.
    func annotationClearReason(_ key: String) throws -> AnnotationClearReason {
        let raw = try text(key, max: ProtocolLimits.maxIdentifier)
        guard let reason = AnnotationClearReason(rawValue: raw) else {
            throw problem(
                key, "must be one of \(AnnotationClearReason.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return reason
    }

    /// A non-empty array of ``AnnotationID``s, at most ``AnnotationBoard/capacity``.
    func annotationIDs(_ key: String) throws -> [AnnotationID] {
        let ids = try texts(key, max: AnnotationBoard.capacity, maxLength: AnnotationID.maxLength)
        if ids.isEmpty { throw problem(key, "must not be empty") }
        return ids.map(AnnotationID.init)
    }

    /// An opaque colour written `#rrggbb` (either case); the length limit
    /// leaves ``RGBAColor/init(hex:)`` no room for an alpha pair.
    private func hexColor(_ key: String) throws -> RGBAColor8 {
        guard let color = RGBAColor(hex: try text(key, max: 7)) else {
            throw problem(key, "must be a colour written #rrggbb")
        }
        return RGBAColor8(red: color.red, green: color.green, blue: color.blue)
    }

    private func strokePoints(_ key: String) throws -> [AnnotationStroke.Point] {
        let numbers = try array(key, max: 2 * AnnotationStroke.maxPoints, of: Double.self)
        guard !numbers.isEmpty, numbers.count.isMultiple(of: 2) else {
            throw problem(key, "must hold 1 to \(AnnotationStroke.maxPoints) points as [x, y, x, y, …]")
        }
        let coordinates = try numbers.enumerated().map { index, number in
            guard let value = WireRule.wholeNumber(number), (0...AnnotationStroke.maxCoordinate).contains(value) else {
                throw ValueProblem(
                    field: "\(path(key))[\(index)]",
                    problem: "must be a whole number from 0 to \(AnnotationStroke.maxCoordinate)")
            }
            return value
        }
        return Swift.stride(from: 0, to: coordinates.count, by: 2).map {
            AnnotationStroke.Point(x: coordinates[$0], y: coordinates[$0 + 1])
        }
    }
}
