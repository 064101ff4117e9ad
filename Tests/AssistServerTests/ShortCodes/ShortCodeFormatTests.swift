import AssistServer
import Testing

@Suite("Short-code format and generation")
struct ShortCodeFormatTests {
    @Test("the alphabet has 31 characters and none that look alike (0, O, 1, I, L)")
    func alphabetExcludesLookAlikes() {
        #expect(ShortCodeFormat.alphabet.count == 31)
        #expect(Set(ShortCodeFormat.alphabet).count == 31)
        for confusable in "0O1IL" {
            #expect(!ShortCodeFormat.alphabet.contains(confusable))
        }
        #expect(ShortCodeFormat.codeSpace == 852_891_037_441)
    }

    @Test("generated codes are 8 characters from the alphabet and use every character")
    func generatedCodesUseTheAlphabet() {
        var random = SeededGenerator(seed: 42)
        var seen = Set<Character>()
        for _ in 0..<500 {
            let code = ShortCodeGenerator.code(using: &random)
            #expect(code.count == 8)
            #expect(code.allSatisfy(ShortCodeFormat.alphabet.contains))
            seen.formUnion(code)
        }
        #expect(seen == Set(ShortCodeFormat.alphabet))
    }

    @Test("the same seed gives the same code and different seeds different codes")
    func generationFollowsTheRandomSource() {
        var first = SeededGenerator(seed: 7)
        var again = SeededGenerator(seed: 7)
        var other = SeededGenerator(seed: 8)
        let code = ShortCodeGenerator.code(using: &first)
        #expect(code == ShortCodeGenerator.code(using: &again))
        #expect(code != ShortCodeGenerator.code(using: &other))
    }

    @Test("session tokens are 256-bit URL-safe base64 and correlation ids 128-bit hex")
    func tokensAndCorrelationIDs() {
        var random = SeededGenerator(seed: 3)
        let token = ShortCodeGenerator.sessionToken(using: &random)
        let cid = ShortCodeGenerator.correlationID(using: &random)
        #expect(token.count == 43)
        #expect(token.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        #expect(cid.count == 32)
        #expect(cid.allSatisfy { "0123456789abcdef".contains($0) })
        #expect(token != ShortCodeGenerator.sessionToken(using: &random))
        #expect(cid != ShortCodeGenerator.correlationID(using: &random))
    }

    @Test("codes are shown as two groups of four")
    func grouping() {
        #expect(ShortCodeFormat.grouped("ABCDEFGH") == "ABCD-EFGH")
    }

    @Test(
        "codes are accepted in any case, with or without separators or spaces",
        arguments: ["ABCD-EFGH", "abcd-efgh", "ABCDEFGH", "abcdefgh", " AbCd EfGh ", "AB-CD-EF-GH"])
    func normalisation(typed: String) {
        #expect(ShortCodeFormat.canonical(typed) == "ABCDEFGH")
    }

    @Test(
        "text that cannot be a code is refused",
        arguments: ["", "ABCD-EFG", "ABCD-EFGHJ", "ABCD-EFG0", "ABCD-EFGO", "ABCD-EFG1", "ABCD-EFGI", "ABCD-EFGL", "ABCD_EFGH"])
    func malformedCodes(typed: String) {
        #expect(ShortCodeFormat.canonical(typed) == nil)
    }
}
