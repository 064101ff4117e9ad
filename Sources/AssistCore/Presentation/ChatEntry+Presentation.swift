import Foundation

extension ChatEntry {
    /// The local time the entry was written, as `HH:mm` on a 24-hour clock.
    public func timeText(in timeZone: TimeZone = .current) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.hour, .minute], from: time)
        let hour = parts.hour ?? 0
        let minute = parts.minute ?? 0
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
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
    public func accessibleSummary(in timeZone: TimeZone = .current) -> String {
        let line = "\(authorName) at \(timeText(in: timeZone)): \(carriesFile ? "file " : "")\(text)"
        return [deliveryText, maskingNote].compactMap(\.self).reduce(line) { "\($0). \($1)" }
    }
}
