/// A run of Unicode scalars of one chat text, as positions into its scalar
/// array: `start` included, `end` excluded.
struct ScalarRun: Hashable {
    /// The first scalar's position.
    var start: Int
    /// The position after the last scalar.
    var end: Int

    /// How many scalars it holds.
    var count: Int { end - start }
}

extension Unicode.Scalar {
    /// Whether this is one of `0`…`9`; other scripts' digits are not read as numbers.
    var isASCIIDigit: Bool { ("0"..."9").contains(self) }

    /// Whether this is one of `A`…`Z`, `a`…`z`.
    var isASCIILetter: Bool { ("A"..."Z").contains(self) || ("a"..."z").contains(self) }

    /// Whether this is an ASCII letter or digit: a number glued to one is
    /// part of a code or an identifier (`ORD4111…`). Other scripts' letters
    /// do not glue: Japanese and Chinese write a number straight after a word.
    var isWordPart: Bool { isASCIIDigit || isASCIILetter }

    /// Whether this separates the groups of a written number: one space or
    /// one hyphen.
    var isGroupSeparator: Bool { self == " " || self == "-" }
}

extension Array where Element == Unicode.Scalar {
    /// Every maximal run of `0`…`9`, in order.
    func digitRuns() -> [ScalarRun] {
        runs(where: \.isASCIIDigit)
    }

    /// Every maximal run of ASCII letters and digits, in order.
    func wordRuns() -> [ScalarRun] {
        runs(where: \.isWordPart)
    }

    /// Whether the scalar at `index` exists and is a word part.
    func isWordPart(at index: Int) -> Bool {
        indices.contains(index) && self[index].isWordPart
    }

    /// Whether the scalar at `index` exists and is `scalar`.
    func has(_ scalar: Unicode.Scalar, at index: Int) -> Bool {
        indices.contains(index) && self[index] == scalar
    }

    /// The digits of `run` as numbers 0…9, skipping anything else.
    func digitValues(in run: ScalarRun) -> [Int] {
        self[run.start..<run.end].compactMap { $0.isASCIIDigit ? Int($0.value) - 48 : nil }
    }

    private func runs(where belongs: (Unicode.Scalar) -> Bool) -> [ScalarRun] {
        var runs: [ScalarRun] = []
        var start: Int?
        for index in indices {
            if belongs(self[index]) {
                if start == nil { start = index }
            } else if let first = start {
                runs.append(ScalarRun(start: first, end: index))
                start = nil
            }
        }
        if let first = start { runs.append(ScalarRun(start: first, end: count)) }
        return runs
    }
}
