/// Finds payment card numbers in chat text.
///
/// A card number is 13–19 digits that pass the Luhn check, written either
/// as one run of digits or in groups of 3–6 digits joined by one space or
/// one hyphen (the same one throughout: `4111 1111 1111 1111`,
/// `3782-822463-10005`). Not a card number:
/// - digits glued to a letter, or part of a longer run of digits
///   (`x4111111111111111`, a 20-digit reference);
/// - a run right after `+` (an international phone number);
/// - groups joined by different separators (`555-123-4567 555 …`, two
///   phone numbers side by side).
///
/// Grouped digits that go on past a card number (`4111 1111 1111 1111 1225`,
/// the expiry typed after it) are searched for a card among their whole
/// groups, leftmost and longest first.
enum CardNumberFinder {
    /// Card numbers are this many digits long.
    static let lengths = 13...19
    /// A group of a grouped card number has this many digits.
    static let groupLengths = 3...6

    /// The runs of `scalars` that are card numbers, from their first digit to
    /// their last, separators included.
    static func cards(in scalars: [Unicode.Scalar]) -> [ScalarRun] {
        let groups = scalars.digitRuns()
        var cards: [ScalarRun] = []
        var index = 0
        while index < groups.count {
            let group = groups[index]
            guard groupLengths.contains(group.count) else {
                if lengths.contains(group.count), standsAlone(group, in: scalars), passesLuhn(group, in: scalars) {
                    cards.append(group)
                }
                index += 1
                continue
            }
            var chain = [group]
            var next = index + 1
            while next < groups.count, groupLengths.contains(groups[next].count),
                let last = chain.last, groups[next].start == last.end + 1, scalars[last.end].isGroupSeparator
            {
                chain.append(groups[next])
                next += 1
            }
            cards += cardsAmong(chain, in: scalars)
            index = next
        }
        return cards
    }

    /// Whether the digits of `run` pass the Luhn check (ISO/IEC 7812-1).
    static func passesLuhn(_ run: ScalarRun, in scalars: [Unicode.Scalar]) -> Bool {
        var sum = 0
        for (position, digit) in scalars.digitValues(in: run).reversed().enumerated() {
            let weighted = position.isMultiple(of: 2) ? digit : digit * 2
            sum += weighted > 9 ? weighted - 9 : weighted
        }
        return sum.isMultiple(of: 10)
    }

    /// The card numbers made of whole groups of `chain` (groups joined by
    /// single separators), leftmost first, each as long as it can be.
    private static func cardsAmong(_ chain: [ScalarRun], in scalars: [Unicode.Scalar]) -> [ScalarRun] {
        var cards: [ScalarRun] = []
        var first = 0
        while first < chain.count {
            var found: Int?
            for last in stride(from: chain.count - 1, to: first, by: -1) {
                let candidate = ScalarRun(start: chain[first].start, end: chain[last].end)
                let digits = chain[first...last].reduce(0) { $0 + $1.count }
                guard lengths.contains(digits), usesOneSeparator(chain[first...last], in: scalars) else { continue }
                let opensCleanly = first > 0 || startsCleanly(candidate, in: scalars)
                let closesCleanly = last < chain.count - 1 || !scalars.isWordPart(at: candidate.end)
                if opensCleanly, closesCleanly, passesLuhn(candidate, in: scalars) {
                    cards.append(candidate)
                    found = last
                    break
                }
            }
            first = (found ?? first) + 1
        }
        return cards
    }

    private static func usesOneSeparator(_ groups: ArraySlice<ScalarRun>, in scalars: [Unicode.Scalar]) -> Bool {
        Set(groups.dropLast().map { scalars[$0.end] }).count <= 1
    }

    private static func standsAlone(_ run: ScalarRun, in scalars: [Unicode.Scalar]) -> Bool {
        startsCleanly(run, in: scalars) && !scalars.isWordPart(at: run.end)
    }

    /// Not glued to a word before it, and not an international phone number.
    private static func startsCleanly(_ run: ScalarRun, in scalars: [Unicode.Scalar]) -> Bool {
        !scalars.isWordPart(at: run.start - 1) && !scalars.has("+", at: run.start - 1)
    }
}
