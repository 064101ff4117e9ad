import Foundation

/// One line of the person's activity record as the Activity window shows it:
/// when, and one sentence of what they allowed.
public struct ActivityLine: Sendable, Hashable {
    /// The date and time, written for the person's locale.
    public let time: String
    /// What happened, e.g. "You shared your whole screen with Casey."
    public let sentence: String
    /// The support server, for the line's detail.
    public let server: String

    /// The line for `event`, its time written for `locale` in `timeZone`.
    public init(_ event: ActivityEvent, locale: Locale = Localization.formattingLocale, timeZone: TimeZone = .current) {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.dateStyle = .medium
        formatter.timeStyle = .short
        time = formatter.string(from: event.time)
        server = event.server
        sentence = Self.sentence(event)
    }

    private static func sentence(_ event: ActivityEvent) -> String {
        let name = event.agent.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? localized("The agent") : event.agent
        let subject = event.subject ?? ""
        switch event.kind {
        case .shareStarted:
            switch SharedSource(rawValue: subject) {
            case .monitor: return localized("You shared your whole screen with {name}.", ["name": name])
            case .window: return localized("You shared a window you chose with {name}.", ["name": name])
            case .appWindow, nil: return localized("You shared this app's window with {name}.", ["name": name])
            }
        case .shareEnded: return localized("{name} stopped seeing what you shared.", ["name": name])
        case .controlGranted:
            return subject == ShareScope.screen.rawValue
                ? localized("You let {name} use your mouse and keyboard.", ["name": name])
                : localized("You let {name} control this app's window.", ["name": name])
        case .controlEnded: return localized("{name}'s control ended.", ["name": name])
        case .callStarted:
            return subject == "video"
                ? localized("You took a video call with {name}.", ["name": name])
                : localized("You took a voice call with {name}.", ["name": name])
        case .callEnded: return localized("The call with {name} ended.", ["name": name])
        case .pageOpened: return localized("You opened {address}, sent by {name}.", ["address": subject, "name": name])
        case .documentOpened: return localized("You opened the document {address}, sent by {name}.", ["address": subject, "name": name])
        case .fileSent: return localized("You sent the file {file} to {name}.", ["file": subject, "name": name])
        case .fileReceived: return localized("You received the file {file} from {name}.", ["file": subject, "name": name])
        }
    }
}
