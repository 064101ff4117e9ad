import Foundation

/// Finds US social security numbers in chat text.
///
/// A social security number is written `AAA-GG-SSSS` or `AAA GG SSSS` (the
/// same separator twice), standing on its own: not glued to a word, not
/// after `+`, and not part of a longer written number (`1-123-45-6789`,
/// `123-45-6789-0`). Numbers the Social Security Administration never
/// issues are left alone: area `000`, `666` or `900`–`999`, group `00`,
/// serial `0000`.
///
/// Nine digits in a row (`123456789`) are as often an order number, a
/// ZIP+4 or a phone fragment, so they count only right after a cue — `SSN`,
/// `SS#` or `social security` within the ``cueDistance`` scalars before the
/// digits.
enum SocialSecurityNumberFinder {
    /// How far before nine undivided digits a cue is looked for, in Unicode scalars.
    static let cueDistance = 32
    private static let cues = ["ssn", "ss#", "social security"]

    /// The runs of `scalars` that are social security numbers, separators included.
    static func numbers(in scalars: [Unicode.Scalar]) -> [ScalarRun] {
        let groups = scalars.digitRuns()
        var numbers: [ScalarRun] = []
        for (index, group) in groups.enumerated() {
            if group.count == 9 {
                if standsAlone(group, in: scalars), isIssuable(scalars.digitValues(in: group)), hasCue(before: group, in: scalars) {
                    numbers.append(group)
                }
                continue
            }
            guard group.count == 3, index + 2 < groups.count else { continue }
            let serialGroup = groups[index + 1]
            let serial = groups[index + 2]
            let separator = scalars[group.end]
            guard serialGroup.count == 2, serial.count == 4, separator.isGroupSeparator,
                serialGroup.start == group.end + 1, serial.start == serialGroup.end + 1,
                scalars[serialGroup.end] == separator
            else { continue }
            let number = ScalarRun(start: group.start, end: serial.end)
            if standsAlone(number, in: scalars), isIssuable(scalars.digitValues(in: number)) {
                numbers.append(number)
            }
        }
        return numbers
    }

    /// Whether nine digits could be an issued number: area not 000, 666 or
    /// 900–999, group not 00, serial not 0000.
    static func isIssuable(_ digits: [Int]) -> Bool {
        guard digits.count == 9 else { return false }
        let area = digits[0] * 100 + digits[1] * 10 + digits[2]
        let group = digits[3] * 10 + digits[4]
        let serial = digits[5...].reduce(0) { $0 * 10 + $1 }
        return area != 0 && area != 666 && area < 900 && group != 0 && serial != 0
    }

    private static func standsAlone(_ run: ScalarRun, in scalars: [Unicode.Scalar]) -> Bool {
        !scalars.isWordPart(at: run.start - 1) && !scalars.has("+", at: run.start - 1)
            && !continuesNumber(separatorAt: run.start - 1, digitAt: run.start - 2, in: scalars)
            && !scalars.isWordPart(at: run.end)
            && !continuesNumber(separatorAt: run.end, digitAt: run.end + 1, in: scalars)
    }

    /// Whether a separator (space, hyphen, dot or slash) sits between the
    /// number and another digit, making both one longer number.
    private static func continuesNumber(separatorAt separator: Int, digitAt digit: Int, in scalars: [Unicode.Scalar]) -> Bool {
        guard scalars.indices.contains(separator), scalars.indices.contains(digit) else { return false }
        return [" ", "-", ".", "/"].contains(scalars[separator]) && scalars[digit].isASCIIDigit
    }

    private static func hasCue(before run: ScalarRun, in scalars: [Unicode.Scalar]) -> Bool {
        let window = String(String.UnicodeScalarView(scalars[max(0, run.start - cueDistance)..<run.start])).lowercased()
        return cues.contains { cue in
            var searchFrom = window.startIndex
            while let found = window.range(of: cue, options: [], range: searchFrom..<window.endIndex) {
                let before = found.lowerBound == window.startIndex ? nil : window[window.index(before: found.lowerBound)]
                if before.map({ !($0.isLetter || $0.isNumber) }) ?? true { return true }
                searchFrom = found.upperBound
            }
            return false
        }
    }
}
