/// Masks sensitive data in chat text before the server stores or relays it
/// (`docs/protocol.md` §11.7): card numbers, US social security numbers,
/// IBANs and the operator's own ``MaskingPattern``s.
///
/// Masking replaces characters one for one with ``maskCharacter``, so the
/// text keeps its length (in Unicode scalars, as the protocol counts) and
/// its layout; spaces and hyphens between groups stay.
/// - **Card numbers** keep their last four digits, as receipts print them
///   (`•••• •••• •••• 1111`): enough for the person and the agent to tell
///   which card is meant, and the part PCI DSS allows to be shown; every
///   other digit is masked.
/// - **Social security numbers** and **IBANs** are masked whole
///   (`•••-••-••••`), country letters included.
/// - A **pattern's** match is masked whole, except its white space.
///
/// The finders run in this order, each on the text the previous ones left:
/// IBANs (whose digit groups could otherwise read as a card), card numbers,
/// social security numbers, then the patterns in their order. Only ASCII
/// digits `0`–`9` are read as digits.
public struct ChatMasker: Sendable, Hashable {
    /// What replaces each masked character: U+2022 BULLET.
    public static let maskCharacter: Unicode.Scalar = "\u{2022}"
    /// How many trailing digits of a card number stay readable.
    public static let cardDigitsKept = 4

    /// Whether anything is masked at all.
    public var isEnabled: Bool
    /// The operator's own patterns, applied after the built-in kinds.
    public var patterns: [MaskingPattern]

    /// A masker, on by default, with the given extra patterns.
    public init(isEnabled: Bool = true, patterns: [MaskingPattern] = []) {
        self.isEnabled = isEnabled
        self.patterns = patterns
    }

    /// `text` with its sensitive data masked, and the kinds masked; the text
    /// unchanged (and no kinds) when masking is off or nothing was found.
    public func mask(_ text: String) -> MaskedText {
        guard isEnabled else { return MaskedText(text: text, kinds: []) }
        var scalars = Array(text.unicodeScalars)
        var kinds: [SensitiveDataKind] = []
        func apply(_ kind: SensitiveDataKind, _ runs: [ScalarRun], masking shouldMask: (Unicode.Scalar) -> Bool) {
            var changed = false
            for run in runs {
                for index in run.start..<run.end where shouldMask(scalars[index]) && scalars[index] != Self.maskCharacter {
                    scalars[index] = Self.maskCharacter
                    changed = true
                }
            }
            if changed, !kinds.contains(kind) { kinds.append(kind) }
        }
        apply(.iban, IBANFinder.ibans(in: scalars)) { $0.isASCIIDigit || $0.isASCIILetter }
        apply(.cardNumber, CardNumberFinder.cards(in: scalars).map(keepingLastDigits(of: scalars))) { $0.isASCIIDigit }
        apply(.socialSecurityNumber, SocialSecurityNumberFinder.numbers(in: scalars)) { $0.isASCIIDigit }
        for pattern in patterns {
            apply(.pattern(pattern.name), pattern.matches(in: scalars)) { !$0.properties.isWhitespace }
        }
        guard !kinds.isEmpty else { return MaskedText(text: text, kinds: []) }
        return MaskedText(text: String(String.UnicodeScalarView(scalars)), kinds: kinds)
    }

    /// A card's run without its last ``cardDigitsKept`` digits.
    private func keepingLastDigits(of scalars: [Unicode.Scalar]) -> (ScalarRun) -> ScalarRun {
        { card in
            var end = card.end
            var kept = 0
            while kept < Self.cardDigitsKept, end > card.start {
                end -= 1
                if scalars[end].isASCIIDigit { kept += 1 }
            }
            return ScalarRun(start: card.start, end: end)
        }
    }
}
