import Foundation

extension ChatEntry {
    /// The local time the entry was written, hour and minute as the
    /// person's locale writes them ("14:05" in German, "2:05 PM" in US English).
    public func timeText(in timeZone: TimeZone = .current, locale: Locale = Localization.formattingLocale) -> String {
        TranscriptFormatting(locale: locale, timeZone: timeZone).time(time)
    }

    /// Whether the entry offers a Retry button: only the person's messages
    /// that were not sent.
    public var offersRetry: Bool { delivery == .failed }

    /// What a screen reader announces when the entry arrives: the author and
    /// the text of an agent's or the service's message; `nil` for the
    /// person's own.
    public var announcement: String? {
        isOwn ? nil : "\(authorName): \(text)"
    }

    /// What a screen reader reads for the entry's row: author, time, text
    /// and, for the person's messages, the delivery state and what was
    /// hidden (``maskingNote``).
    public func accessibleSummary(in timeZone: TimeZone = .current, locale: Locale = Localization.formattingLocale) -> String {
        let line = carriesFile
            ? localized("{author} at {time}: file {name}", ["author": authorName, "time": timeText(in: timeZone, locale: locale), "name": text])
            : localized("{author} at {time}: {text}", ["author": authorName, "time": timeText(in: timeZone, locale: locale), "text": text])
        return [deliveryText, maskingNote].compactMap(\.self).reduce(line) { "\($0). \($1)" }
    }
}
