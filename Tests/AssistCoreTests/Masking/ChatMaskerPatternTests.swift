import AssistCore
import Testing

@Suite("Chat masking: the operator's own patterns")
struct ChatMaskerPatternTests {
    @Test("a pattern's matches are masked except their white space, and the receipt names the pattern")
    func patternMasks() throws {
        let masker = ChatMasker(patterns: [try MaskingPattern(argument: #"order ref=ORD-\d{6}"#)])
        let result = masker.mask("Refund ORD-123456 and ORD-654321 please")
        #expect(result.text == "Refund •••••••••• and •••••••••• please")
        #expect(result.kinds == [.pattern("order ref")])
    }

    @Test("patterns run after the built-in kinds, in their order, on what those left")
    func patternsAfterBuiltIns() throws {
        let masker = ChatMasker(patterns: [
            try MaskingPattern(name: "policy", expression: #"(?i)policy \w+"#),
            try MaskingPattern(name: "last four", expression: #"\b\d{4}\b"#),
        ])
        let result = masker.mask("policy AB12 and card 4111 1111 1111 1111")
        #expect(result.text == "•••••• •••• and card •••• •••• •••• ••••")
        #expect(result.kinds == [.cardNumber, .pattern("policy"), .pattern("last four")])
    }

    @Test("a pattern that matches only what is already masked, or nothing, names nothing")
    func patternWithoutChange() throws {
        let masker = ChatMasker(patterns: [try MaskingPattern(name: "bullets", expression: "•+"), try MaskingPattern(name: "empty", expression: "x*")])
        let result = masker.mask("4111111111111111")
        #expect(result.text == "••••••••••••1111")
        #expect(result.kinds == [.cardNumber])
    }

    @Test("with masking off, patterns mask nothing either")
    func offMasksNoPattern() throws {
        let masker = ChatMasker(isEnabled: false, patterns: [try MaskingPattern(name: "all", expression: ".+")])
        #expect(masker.mask("anything at all").kinds.isEmpty)
    }

    @Test("a pattern's matches are counted in Unicode scalars around emoji and other scripts")
    func patternAroundAstralScalars() throws {
        let masker = ChatMasker(patterns: [try MaskingPattern(name: "code", expression: "K-[0-9]+")])
        let result = masker.mask("😀👍🏽 K-42 ünïcödé K-7 🇫🇷")
        #expect(result.text == "😀👍🏽 •••• ünïcödé ••• 🇫🇷")
    }

    @Test("a value without =, a bad name, a built-in kind's name or a broken expression is refused and says why")
    func refusals() {
        #expect(throws: MaskingPatternError.noName) { try MaskingPattern(argument: "just-a-regex") }
        #expect(throws: MaskingPatternError.badName("")) { try MaskingPattern(argument: "=abc") }
        #expect(throws: MaskingPatternError.badName("a/b")) { try MaskingPattern(argument: "a/b=abc") }
        #expect(throws: MaskingPatternError.badName(String(repeating: "n", count: 65))) {
            try MaskingPattern(name: String(repeating: "n", count: 65), expression: "abc")
        }
        #expect(throws: MaskingPatternError.reservedName("cardNumber")) { try MaskingPattern(argument: "cardNumber=\\d+") }
        #expect(throws: MaskingPatternError.badExpression(name: "empty", reason: "it is empty")) {
            try MaskingPattern(argument: "empty=")
        }
        #expect(throws: MaskingPatternError.badExpression(name: "broken", reason: "it is not a valid ICU regular expression")) {
            try MaskingPattern(argument: "broken=[a-")
        }
        #expect(
            MaskingPatternError.badExpression(name: "broken", reason: "it is not a valid ICU regular expression").description
                == "the regular expression of \"broken\" cannot be used: it is not a valid ICU regular expression")
    }

    @Test("the first = divides the name from the expression, which may hold more")
    func firstEqualsDivides() throws {
        let pattern = try MaskingPattern(argument: "kv=key=[a-z]+")
        #expect(pattern.name == "kv")
        #expect(pattern.source == "key=[a-z]+")
    }
}
