/// How short codes are written: eight characters from an alphabet without
/// look-alikes, shown as two groups of four (`ABCD-EFGH`) so they can be read
/// over a phone call.
///
/// People may type a code in any case, with or without the hyphen or spaces;
/// ``canonical(_:)`` turns what they typed into the stored form.
public enum ShortCodeFormat {
    /// The 31 characters codes are made of: digits 2–9 and the capital
    /// letters without I, L and O, so no character can be mistaken for
    /// another (0/O, 1/I/L).
    public static let alphabet: [Character] = Array("23456789ABCDEFGHJKMNPQRSTUVWXYZ")

    /// The number of characters in a code.
    public static let length = 8

    /// The number of characters shown between separators.
    public static let groupSize = 4

    /// The separator shown between groups.
    public static let separator: Character = "-"

    /// How many different codes there are: 31⁸ = 852,891,037,441.
    public static var codeSpace: Int {
        (0..<length).reduce(1) { product, _ in product * alphabet.count }
    }

    /// The stored form of `typed` — upper case, without separators or
    /// whitespace — or `nil` when it cannot be a code (wrong length, or a
    /// character outside ``alphabet``).
    public static func canonical(_ typed: String) -> String? {
        let characters = typed.uppercased().filter { $0 != separator && !$0.isWhitespace }
        guard characters.count == length, characters.allSatisfy(allowed.contains) else { return nil }
        return characters
    }

    /// The form shown to people: `ABCDEFGH` becomes `ABCD-EFGH`.
    public static func grouped(_ canonical: String) -> String {
        var shown = ""
        for (index, character) in canonical.enumerated() {
            if index > 0, index.isMultiple(of: groupSize) {
                shown.append(separator)
            }
            shown.append(character)
        }
        return shown
    }

    private static let allowed = Set(alphabet)
}
