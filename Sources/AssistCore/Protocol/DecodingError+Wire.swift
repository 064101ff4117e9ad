extension DecodingError {
    /// Whether the error is about a value's content rather than its presence
    /// or JSON type: `invalidValue` rather than `invalidMessage`.
    var isAboutValue: Bool {
        if case .dataCorrupted = self { return true }
        return false
    }

    /// The path of the member the error is about, `fallback` when it names none.
    func wireField(fallback: String) -> String {
        let path: String
        switch self {
        case .keyNotFound(let key, let context): path = (context.codingPath + [key]).wirePath
        case .valueNotFound(_, let context), .typeMismatch(_, let context), .dataCorrupted(let context):
            path = context.codingPath.wirePath
        @unknown default: path = ""
        }
        return path.isEmpty ? fallback : path
    }

    /// What is wrong with the member, in the words of the protocol document.
    var wireProblem: String {
        switch self {
        case .keyNotFound: "is missing"
        case .valueNotFound: "must not be null"
        case .typeMismatch(let type, _): "must be \(Self.jsonKind(of: type))"
        case .dataCorrupted(let context): context.debugDescription
        @unknown default: "is invalid"
        }
    }

    private static func jsonKind(of type: Any.Type) -> String {
        if type == String.self { return "a string" }
        if type == Bool.self { return "a boolean" }
        if type == Double.self || type == Int.self { return "a number" }
        if type == [String: Any].self { return "an object" }
        if type == [Any].self { return "an array" }
        return "of type \(type)"
    }
}
