import Foundation

/// How a transcript writes times: in a locale and a time zone, the person's
/// own unless given.
public struct TranscriptFormatting: Sendable {
    /// The language and conventions of dates and times.
    public let locale: Locale
    /// The time zone times are shown in.
    public let timeZone: TimeZone

    /// Formatting for `locale` in `timeZone`.
    public init(locale: Locale = Localization.formattingLocale, timeZone: TimeZone = .current) {
        self.locale = locale
        self.timeZone = timeZone
    }

    /// An entry's time: hour and minute as the locale writes them ("2:05 PM", "14:05").
    public func time(_ date: Date) -> String {
        formatter(template: "jmm").string(from: date)
    }

    /// The session's start: the date in full and the time ("November 27, 2026 at 2:05 PM").
    public func dateAndTime(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.dateStyle = .long
        formatter.timeStyle = .short
        return formatter.string(from: date)
    }

    /// A machine-readable timestamp with the offset, for HTML's `datetime`.
    public func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = timeZone
        return formatter.string(from: date)
    }

    /// The locale's language code ("en"), for a document's `lang`.
    public var languageCode: String {
        locale.language.languageCode?.identifier ?? "en"
    }

    private func formatter(template: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.setLocalizedDateFormatFromTemplate(template)
        return formatter
    }
}
