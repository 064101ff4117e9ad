import Foundation

extension WireWriter {
    /// An ``Agent`` object; `permissions` is left out when `nil`, so the
    /// implicit default and explicit empty sets stay distinct.
    mutating func agent(_ agent: Agent, _ key: String) throws {
        var object = object(key)
        try object.text(agent.id, "id", max: ProtocolLimits.maxIdentifier)
        try object.text(agent.name, "name", max: ProtocolLimits.maxName)
        if let permissions = agent.permissions {
            try object.permissions(permissions, "permissions")
        }
    }

    /// An ``AgentPermissions`` object, each marker set as a sorted array.
    mutating func permissions(_ permissions: AgentPermissions, _ key: String) throws {
        var object = object(key)
        try object.markers(permissions.viewable, "viewable")
        try object.markers(permissions.interactive, "interactive")
    }

    private mutating func markers(_ markers: Set<String>, _ key: String) throws {
        let sorted = markers.sorted()
        for (index, marker) in sorted.enumerated() {
            if let violation = WireRule.text(marker, max: ProtocolLimits.maxIdentifier) {
                throw ValueProblem(field: "\(path(key))[\(index)]", problem: violation)
            }
        }
        try array(sorted, key, max: ProtocolLimits.maxPermissionMarkers)
    }

    /// A ``PushedContent`` object.
    mutating func pushedContent(_ content: PushedContent, _ key: String) throws {
        var object = object(key)
        switch content {
        case .url(let url):
            try object.text("url", "kind", max: ProtocolLimits.maxIdentifier)
            try object.webURL(url, "url")
        case .document(let url, let mimeType):
            try object.text("document", "kind", max: ProtocolLimits.maxIdentifier)
            try object.webURL(url, "url")
            try object.textIfPresent(mimeType, "mimeType", max: ProtocolLimits.maxMediaType)
        }
    }

    /// An ``InputEvent`` object.
    mutating func inputEvent(_ event: InputEvent, _ key: String) throws {
        var object = object(key)
        switch event {
        case .click(let x, let y):
            try object.text("click", "kind", max: ProtocolLimits.maxIdentifier)
            try object.integer(x, "x")
            try object.integer(y, "y")
        case .text(let text):
            try object.text("text", "kind", max: ProtocolLimits.maxIdentifier)
            try object.text(text, "text", max: InputEvent.maxText)
        }
    }

    /// An array of ``PrechatAnswer`` objects.
    mutating func preChat(_ fields: [PrechatAnswer], _ key: String) throws {
        try array(fields, key, max: ProtocolLimits.maxPrechatAnswers)
    }

    /// A non-empty array of protocol versions, each at least 1.
    mutating func versions(_ versions: [Int], _ key: String) throws {
        if versions.isEmpty { throw problem(key, "must not be empty") }
        if let index = versions.firstIndex(where: { $0 < 1 || $0 > ProtocolLimits.maxInteger }) {
            throw ValueProblem(field: "\(path(key))[\(index)]", problem: "must be a whole number of at least 1")
        }
        try array(versions, key, max: ProtocolLimits.maxVersions)
    }
}
