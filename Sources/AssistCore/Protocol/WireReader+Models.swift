import Foundation

extension WireReader {
    /// An ``Agent`` object: `id`, `name` and optional `permissions`. Absent or
    /// `null` permissions read as `nil` (the implicit default); an object with
    /// two empty arrays reads as ``AgentPermissions/noPermissions``.
    func agent(_ key: String) throws -> Agent {
        let object = try object(key)
        return Agent(
            id: try object.text("id", max: ProtocolLimits.maxIdentifier),
            name: try object.text("name", max: ProtocolLimits.maxName),
            permissions: try object.has("permissions") ? try object.permissions("permissions") : nil)
    }

    /// An ``AgentPermissions`` object: `viewable` and `interactive` arrays of markers.
    func permissions(_ key: String) throws -> AgentPermissions {
        let object = try object(key)
        return AgentPermissions(
            viewable: try object.markers("viewable"),
            interactive: try object.markers("interactive"))
    }

    private func markers(_ key: String) throws -> Set<String> {
        Set(try texts(key, max: ProtocolLimits.maxPermissionMarkers, maxLength: ProtocolLimits.maxIdentifier))
    }

    /// A ``PushedContent`` object: `kind` (`url` or `document`), `url`, and
    /// for a document an optional `mimeType`.
    func pushedContent(_ key: String) throws -> PushedContent {
        let object = try object(key)
        let kind = try object.text("kind", max: ProtocolLimits.maxIdentifier)
        switch kind {
        case "url":
            return .url(try object.webURL("url"))
        case "document":
            return .document(
                try object.webURL("url"),
                mimeType: try object.textIfPresent("mimeType", max: ProtocolLimits.maxMediaType))
        default:
            throw object.problem("kind", "must be \"url\" or \"document\"")
        }
    }

    /// An ``InputEvent`` object.
    func inputEvent(_ key: String) throws -> InputEvent {
        let object = try object(key)
        switch try object.text("kind", max: ProtocolLimits.maxIdentifier) {
        case "click":
            return .click(x: try object.integer("x"), y: try object.integer("y"))
        case "text":
            return .text(try object.text("text", max: InputEvent.maxText))
        default:
            throw object.problem("kind", "must be \"click\" or \"text\"")
        }
    }

    /// An ``InputOutcome`` string.
    func inputOutcome(_ key: String) throws -> InputOutcome {
        let raw = try text(key, max: ProtocolLimits.maxIdentifier)
        guard let outcome = InputOutcome(rawValue: raw) else {
            throw problem(key, "must be one of \(InputOutcome.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return outcome
    }

    /// An array of ``PrechatAnswer`` objects.
    func preChat(_ key: String) throws -> [PrechatAnswer] {
        try array(key, max: ProtocolLimits.maxPrechatAnswers, of: PrechatAnswer.self)
    }

    /// A non-empty array of protocol versions, each a whole number of at least 1.
    func versions(_ key: String) throws -> [Int] {
        let numbers = try array(key, max: ProtocolLimits.maxVersions, of: Double.self)
        if numbers.isEmpty { throw problem(key, "must not be empty") }
        return try numbers.enumerated().map { index, number in
            guard let version = WireRule.wholeNumber(number), version >= 1 else {
                throw ValueProblem(field: "\(path(key))[\(index)]", problem: "must be a whole number of at least 1")
            }
            return version
        }
    }
}
