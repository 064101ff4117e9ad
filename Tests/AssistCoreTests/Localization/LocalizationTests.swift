import AssistCore
import Foundation
import Testing

/// The English side of ``localized(_:_:)`` and ``localizedPlural(_:_:count:_:)``
/// (a sentence with no translation); the German catalog is read by the app in
/// Tests/ui/test_german.py.
@Suite("Localized sentences")
struct LocalizationTests {
    @Test("a sentence without a translation is its English text")
    func untranslated() {
        #expect(localized("A sentence no catalog has, 7f3a.") == "A sentence no catalog has, 7f3a.")
    }

    @Test("placeholders are filled wherever they stand, and an unknown one stays")
    func placeholders() {
        #expect(localized("{who} sent {what} to {who}", ["who": "Sam", "what": "a file"]) == "Sam sent a file to Sam")
        #expect(localized("Saved as {name} in {folder}", ["name": "a.txt"]) == "Saved as a.txt in {folder}")
    }

    @Test("a value holding a placeholder's name is not filled again")
    func valuesAreNotReread() {
        #expect(localized("{author}: {text}", ["author": "{text}", "text": "hello"]) == "{text}: hello")
    }

    @Test("the plural form follows the count, which fills {count}", arguments: [(1, "1 new message"), (0, "0 new messages"), (3, "3 new messages")])
    func plural(count: Int, expected: String) {
        #expect(localizedPlural("{count} new message", "{count} new messages", count: count) == expected)
    }

    @Test("the locale folder is the one beside an installed data folder, else the source tree's .build/locale")
    func localeFolder() {
        let installed: Set = ["/opt/assist/share/locale"]
        #expect(Localization.localeDirectory(forDataDirectory: "/opt/assist/share/assist", isDirectory: installed.contains)
            == "/opt/assist/share/locale")
        let sourceTree: Set = ["/home/ann/assist/.build/locale"]
        #expect(Localization.localeDirectory(forDataDirectory: "/home/ann/assist/data", isDirectory: sourceTree.contains)
            == "/home/ann/assist/.build/locale")
        #expect(Localization.localeDirectory(forDataDirectory: "/tmp/data", isDirectory: { _ in false }) == nil)
    }
}
