import Foundation

/// Where a transcript is saved and in which format, decided from the file
/// the person chose: the name's own extension wins (`.html`, `.htm`,
/// `.txt`); a name without one gets the extension of the format chosen in
/// the list of types, or of HTML when none was.
public struct TranscriptSaveTarget: Sendable, Hashable {
    /// The file to write.
    public let file: URL
    /// The format to write it in.
    public let format: TranscriptFileFormat

    /// The target for `chosen`, the file picked in the dialog, with
    /// `selectedFormat` the type picked in its list, if any.
    public init(chosen: URL, selectedFormat: TranscriptFileFormat?) {
        if let format = TranscriptFileFormat(fileName: chosen.lastPathComponent) {
            file = chosen
            self.format = format
        } else {
            let format = selectedFormat ?? .html
            file = chosen.deletingLastPathComponent().appendingPathComponent(
                chosen.lastPathComponent + "." + format.fileExtension)
            self.format = format
        }
    }

    /// The name the save dialog proposes: "Support transcript" and the
    /// session's start (or `date`) as year, month, day, hour and minute,
    /// with no character a file system refuses.
    public static func suggestedName(
        for document: TranscriptDocument, at date: Date, format: TranscriptFileFormat,
        timeZone: TimeZone = .current
    ) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: document.startedAt ?? date)
        func two(_ value: Int?) -> String {
            let value = value ?? 0
            return value < 10 ? "0\(value)" : "\(value)"
        }
        let stamp = "\(parts.year ?? 0)-\(two(parts.month))-\(two(parts.day)) \(two(parts.hour))\(two(parts.minute))"
        return localized("Support transcript {date}", ["date": stamp]) + "." + format.fileExtension
    }
}
