/// Finds international bank account numbers (IBANs) in chat text.
///
/// An IBAN is two letters (the country), two check digits and up to 30
/// letters and digits, 15–34 characters in all, in either case; written as
/// one word (`DE89370400440532013000`) or in groups of four joined by single
/// spaces, the last group shorter (`DE89 3704 0044 0532 0130 00`). It counts
/// only when its ISO 13616 check passes: moved four characters to the end,
/// with letters as 10–35, it leaves 1 when divided by 97. Grouped
/// characters that go on past an IBAN (a four-letter word after it) are
/// searched for one among their whole groups, longest first.
enum IBANFinder {
    /// IBANs are this many characters long.
    static let lengths = 15...34

    /// The runs of `scalars` that are IBANs, from the country's first letter
    /// to the last character, spaces included.
    static func ibans(in scalars: [Unicode.Scalar]) -> [ScalarRun] {
        let words = scalars.wordRuns()
        var ibans: [ScalarRun] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            guard startsLikeIBAN(word, in: scalars) else {
                index += 1
                continue
            }
            if lengths.contains(word.count) {
                if passesCheck(word, in: scalars) { ibans.append(word) }
                index += 1
                continue
            }
            guard word.count == 4 else {
                index += 1
                continue
            }
            var groups = [word]
            var next = index + 1
            while next < words.count, let last = groups.last, last.count == 4,
                words[next].start == last.end + 1, scalars[last.end] == " ", (1...4).contains(words[next].count),
                groups.reduce(0, { $0 + $1.count }) + words[next].count <= lengths.upperBound
            {
                groups.append(words[next])
                next += 1
            }
            if let found = longestIBAN(in: groups, scalars: scalars) {
                ibans.append(found.run)
                index += found.groups
            } else {
                index += 1
            }
        }
        return ibans
    }

    /// Whether the letters and digits of `run` (spaces skipped) pass the
    /// ISO 13616 mod-97 check.
    static func passesCheck(_ run: ScalarRun, in scalars: [Unicode.Scalar]) -> Bool {
        let characters = scalars[run.start..<run.end].filter { $0 != " " }
        guard characters.count >= 4 else { return false }
        var remainder = 0
        for scalar in characters.dropFirst(4) + characters.prefix(4) {
            guard let value = value(of: scalar) else { return false }
            remainder = (remainder * (value >= 10 ? 100 : 10) + value) % 97
        }
        return remainder == 1
    }

    /// The longest run of whole `groups`, from the first, that is an IBAN,
    /// and how many groups it takes.
    private static func longestIBAN(in groups: [ScalarRun], scalars: [Unicode.Scalar]) -> (run: ScalarRun, groups: Int)? {
        for count in stride(from: groups.count, through: 1, by: -1) {
            let run = ScalarRun(start: groups[0].start, end: groups[count - 1].end)
            let characters = groups.prefix(count).reduce(0) { $0 + $1.count }
            if lengths.contains(characters), passesCheck(run, in: scalars) { return (run, count) }
        }
        return nil
    }

    private static func startsLikeIBAN(_ word: ScalarRun, in scalars: [Unicode.Scalar]) -> Bool {
        word.count >= 4
            && scalars[word.start].isASCIILetter && scalars[word.start + 1].isASCIILetter
            && scalars[word.start + 2].isASCIIDigit && scalars[word.start + 3].isASCIIDigit
    }

    /// A digit's value, or a letter's: A (or a) is 10, …, Z is 35.
    private static func value(of scalar: Unicode.Scalar) -> Int? {
        if scalar.isASCIIDigit { return Int(scalar.value) - 48 }
        guard scalar.isASCIILetter else { return nil }
        let upper = scalar.value >= 97 ? scalar.value - 32 : scalar.value
        return Int(upper) - 55
    }
}
