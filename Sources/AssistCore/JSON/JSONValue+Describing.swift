import Foundation

extension JSONValue {
    /// Parses JSON text, any value at the top level; `nil` when it is not JSON.
    init?(parsing data: Data) {
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: data) else { return nil }
        self = value
    }

    /// The value as it appears after "got" in an error sentence: strings
    /// quoted, numbers as written, containers named.
    var quoted: String {
        switch self {
        case .null: "null"
        case .bool(let value): String(value)
        case .number(let value): Self.format(value)
        case .string(let value): "\"\(value)\""
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// Writes a number without a needless fraction: `5`, not `5.0`.
    static func format(_ number: Double) -> String {
        if number.isFinite, number == number.rounded(), abs(number) < 1e15 {
            return String(Int64(number))
        }
        return String(number)
    }
}
