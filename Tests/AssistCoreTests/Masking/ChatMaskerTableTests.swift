import AssistCore
import Testing

/// One row of the masking table: a message, what it must become, and the
/// kinds the receipt names.
struct MaskingRow: CustomTestStringConvertible, Sendable {
    let why: String
    let text: String
    let masked: String
    let kinds: [SensitiveDataKind]

    /// A row whose text must be masked to `masked`.
    static func masks(_ why: String, _ text: String, to masked: String, _ kinds: [SensitiveDataKind]) -> MaskingRow {
        MaskingRow(why: why, text: text, masked: masked, kinds: kinds)
    }

    /// A row whose text must go as it is.
    static func keeps(_ why: String, _ text: String) -> MaskingRow {
        MaskingRow(why: why, text: text, masked: text, kinds: [])
    }

    var testDescription: String { why }
}

@Suite("Chat masking, row by row")
struct ChatMaskerTableTests {
    static let mustMask: [MaskingRow] = [
        .masks("a card in groups of four keeps its last four digits", "My card is 4111 1111 1111 1111, thanks",
            to: "My card is •••• •••• •••• 1111, thanks", [.cardNumber]),
        .masks("a card as one run of digits", "4111111111111111", to: "••••••••••••1111", [.cardNumber]),
        .masks("a card in groups joined by hyphens, the expiry left alone", "card 5555-5555-5555-4444 exp 12/27",
            to: "card ••••-••••-••••-4444 exp 12/27", [.cardNumber]),
        .masks("a 15-digit card in 4-6-5 groups", "Amex 3782 822463 10005", to: "Amex •••• •••••• •0005", [.cardNumber]),
        .masks("a 13-digit card", "4222222222222.", to: "•••••••••2222.", [.cardNumber]),
        .masks("a card followed by the expiry written as a fifth group", "4111 1111 1111 1111 1225",
            to: "•••• •••• •••• 1111 1225", [.cardNumber]),
        .masks("a card in a line of its own", "number:\n6011111111111117\n", to: "number:\n••••••••••••1117\n", [.cardNumber]),
        .masks("a social security number with hyphens", "SSN 123-45-6789.", to: "SSN •••-••-••••.", [.socialSecurityNumber]),
        .masks("a social security number with spaces", "my number is 123 45 6789", to: "my number is ••• •• ••••",
            [.socialSecurityNumber]),
        .masks("nine undivided digits right after the cue SSN", "ssn: 123456789", to: "ssn: •••••••••", [.socialSecurityNumber]),
        .masks("nine undivided digits after the words social security", "Social Security no. 078051120",
            to: "Social Security no. •••••••••", [.socialSecurityNumber]),
        .masks("an IBAN in groups of four, its country letters too", "IBAN DE89 3704 0044 0532 0130 00 please",
            to: "IBAN •••• •••• •••• •••• •••• •• please", [.iban]),
        .masks("an IBAN in lower case, in one word", "de89370400440532013000", to: "••••••••••••••••••••••", [.iban]),
        .masks("an IBAN with letters in its account part", "GB82 WEST 1234 5698 7654 32",
            to: "•••• •••• •••• •••• •••• ••", [.iban]),
        .masks("an IBAN followed by a four-letter word", "BE68 5390 0754 7034 then", to: "•••• •••• •••• •••• then", [.iban]),
        .masks("the shortest IBAN, Norway's 15 characters", "NO9386011117947", to: "•••••••••••••••", [.iban]),
        .masks("several numbers in one message, each kind named once, IBANs first",
            "Card 5555555555554444 or 4111 1111 1111 1111, SSN 078-05-1120, IBAN GB82WEST12345698765432",
            to: "Card ••••••••••••4444 or •••• •••• •••• 1111, SSN •••-••-••••, IBAN ••••••••••••••••••••••",
            [.iban, .cardNumber, .socialSecurityNumber]),
        .masks("Unicode text around a card", "Ma carte : 4111111111111111 — merci 😊",
            to: "Ma carte : ••••••••••••1111 — merci 😊", [.cardNumber]),
        .masks("a card written straight after Japanese words", "カード番号4111111111111111です",
            to: "カード番号••••••••••••1111です", [.cardNumber]),
        .masks("a card between emoji and combining marks", "👍🏽 4111111111111111 é", to: "👍🏽 ••••••••••••1111 é",
            [.cardNumber]),
    ]

    static let mustKeep: [MaskingRow] = [
        .keeps("a card-length number that fails the Luhn check", "My card is 4111 1111 1111 1112"),
        .keeps("an order number that fails the Luhn check", "Order 12345678901234 has shipped"),
        .keeps("a Luhn-valid number inside a longer run of digits", "reference 41111111111111110000"),
        .keeps("a Luhn-valid number glued to letters", "ORD4111111111111111"),
        .keeps("an international phone number that happens to pass Luhn", "Call me on +4915112345678"),
        .keeps("US phone numbers", "(555) 123-4567, 555-123-4567 or 1-800-555-0199"),
        .keeps("two phone numbers side by side", "555-123-4567 555-987-6543"),
        .keeps("dates and times", "On 2024-01-15, 15/01/2024 or 20240115 at 12:30"),
        .keeps("a timestamp that fails the Luhn check", "logged 20240115123045"),
        .keeps("an amount with thousands separators", "It cost $1,234,567.89 in 2023"),
        .keeps("social security numbers that are never issued: area 000", "000-12-3456"),
        .keeps("area 666", "666-12-3456"),
        .keeps("areas 900–999", "900-12-3456 and 999-99-9999"),
        .keeps("group 00", "123-00-4567"),
        .keeps("serial 0000", "123-45-0000"),
        .keeps("nine undivided digits without a cue", "order 123456789 is ready"),
        .keeps("a cue too far before nine digits", "SSN? I'll tell you later, but first here is my order: 123456789"),
        .keeps("the cue inside another word", "classn 123456789"),
        .keeps("an SSN shape inside a longer written number", "123-45-6789-0 and 1-123-45-6789"),
        .keeps("an SSN shape with mixed separators", "123-45 6789"),
        .keeps("an IBAN with a wrong check digit", "DE89 3704 0044 0532 0130 01"),
        .keeps("an IBAN shape glued to letters", "XDE89370400440532013000"),
        .keeps("a short code and a version", "code 4F7K-92QX, version 2.14.3"),
        .keeps("plain prose", "Hello, I cannot sign in since yesterday."),
    ]

    @Test("numbers that must be masked are, and the kinds are named", arguments: mustMask)
    func masks(_ row: MaskingRow) {
        let result = ChatMasker().mask(row.text)
        #expect(result.text == row.masked)
        #expect(result.kinds == row.kinds)
        #expect(result.text.unicodeScalars.count == row.text.unicodeScalars.count)
    }

    @Test("numbers that must not be masked are left alone", arguments: mustKeep)
    func keeps(_ row: MaskingRow) {
        let result = ChatMasker().mask(row.text)
        #expect(result.text == row.text)
        #expect(result.kinds.isEmpty)
    }

    @Test("with masking off every must-mask row goes unchanged", arguments: mustMask)
    func off(_ row: MaskingRow) {
        let result = ChatMasker(isEnabled: false).mask(row.text)
        #expect(result == MaskedText(text: row.text, kinds: []))
    }
}
