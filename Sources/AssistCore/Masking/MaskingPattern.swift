import Foundation

/// An operator's own kind of sensitive text: a name and a regular
/// expression (ICU syntax, as `NSRegularExpression` reads it). Every match
/// is masked, and the receipt names the pattern. Two patterns are equal
/// when their names and expressions as written are.
public struct MaskingPattern: Sendable, Hashable {
    /// The longest name a pattern may have.
    public static let maxNameLength = 64

    /// What the receipt's `maskedKinds` says for a match.
    public let name: String
    /// The expression as written.
    public let source: String
    /// The compiled expression.
    let expression: NSRegularExpression

    /// A pattern named `name` (1–64 letters, digits, spaces, `-`, `_` or `.`,
    /// not a built-in kind's name) matching `expression`.
    public init(name: String, expression: String) throws(MaskingPatternError) {
        guard !name.isEmpty, name.unicodeScalars.count <= Self.maxNameLength,
            name.unicodeScalars.allSatisfy({ $0.isASCIIDigit || $0.isASCIILetter || " -_.".unicodeScalars.contains($0) })
        else { throw .badName(name) }
        guard !SensitiveDataKind.builtInNames.contains(name) else { throw .reservedName(name) }
        guard !expression.isEmpty else { throw .badExpression(name: name, reason: "it is empty") }
        do {
            self.expression = try NSRegularExpression(pattern: expression)
        } catch {
            throw .badExpression(name: name, reason: "it is not a valid ICU regular expression")
        }
        self.name = name
        self.source = expression
    }

    /// Whether both have the same name and expression as written.
    public static func == (left: MaskingPattern, right: MaskingPattern) -> Bool {
        left.name == right.name && left.source == right.source
    }

    /// Hashes the name and the expression as written.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(source)
    }

    /// A pattern written as `NAME=REGEX` (the first `=` divides them), as
    /// the server's `--mask-pattern` takes it.
    public init(argument: String) throws(MaskingPatternError) {
        guard let equals = argument.firstIndex(of: "=") else { throw .noName }
        try self.init(name: String(argument[..<equals]), expression: String(argument[argument.index(after: equals)...]))
    }

    /// The runs of `scalars` this pattern matches, ignoring empty matches.
    func matches(in scalars: [Unicode.Scalar]) -> [ScalarRun] {
        var scalarAtUTF16Offset: [Int] = []
        scalarAtUTF16Offset.reserveCapacity(scalars.count + 1)
        for (index, scalar) in scalars.enumerated() {
            scalarAtUTF16Offset += repeatElement(index, count: UTF16.width(scalar))
        }
        scalarAtUTF16Offset.append(scalars.count)
        let text = String(String.UnicodeScalarView(scalars))
        return expression.matches(in: text, range: NSRange(location: 0, length: scalarAtUTF16Offset.count - 1))
            .compactMap { match in
                guard match.range.length > 0 else { return nil }
                return ScalarRun(
                    start: scalarAtUTF16Offset[match.range.location],
                    end: scalarAtUTF16Offset[match.range.location + match.range.length])
            }
    }
}
