import Foundation

/// The queue line the person reads while waiting for an agent, decided from
/// the configured ``QueueStyle`` and the latest ``QueueUpdate``.
///
/// | Style | Update | ``text`` |
/// |-|-|-|
/// | any | none yet | "Waiting for an agent…" |
/// | `.none` | any | "Waiting for an agent…" |
/// | `.position` | position 0 | "You're next in line" |
/// | `.position` | position N | "You are number N in line" |
/// | `.estimatedWaitTime` | no estimate | "Waiting for an agent…" |
/// | `.estimatedWaitTime` | estimate ≤ maximum | "Estimated wait: about N min" |
/// | `.estimatedWaitTime` | estimate > maximum | "The wait is longer than usual" |
///
/// An estimate below the minimum is shown as the minimum; minutes are
/// rounded up, and an estimate of 0 reads "less than a minute".
/// ``accessibleDescription`` is the same line spelt out for screen readers
/// (no ellipsis, "minutes" instead of "min").
public struct QueueStatus: Sendable, Hashable {
    /// The line shown in the waiting view.
    public let text: String
    /// The line as a screen reader announces it.
    public let accessibleDescription: String

    /// Decides the line.
    ///
    /// - Parameters:
    ///   - style: what the person is told while waiting.
    ///   - update: the latest queue update, or `nil` before the first one.
    ///   - minimumEstimatedWait: seconds; shorter estimates are shown as this.
    ///   - maximumEstimatedWait: seconds; longer estimates give way to a
    ///     generic message.
    public init(
        style: QueueStyle,
        update: QueueUpdate?,
        minimumEstimatedWait: TimeInterval,
        maximumEstimatedWait: TimeInterval
    ) {
        switch (style, update) {
        case (.position, let update?):
            self = Self.position(update.position)
        case (.estimatedWaitTime, let update?):
            guard let seconds = update.estimatedWaitSeconds else {
                self = .waiting
                return
            }
            self = Self.estimate(
                TimeInterval(seconds), minimum: minimumEstimatedWait, maximum: maximumEstimatedWait)
        case (.position, nil), (.estimatedWaitTime, nil), (.none, _):
            self = .waiting
        }
    }

    /// Decides the line with the style and bounds of `configuration`.
    public init(configuration: Configuration, update: QueueUpdate?) {
        self.init(
            style: configuration.queueStyle,
            update: update,
            minimumEstimatedWait: configuration.minimumEstimatedWaitTime,
            maximumEstimatedWait: configuration.maximumEstimatedWaitTime)
    }

    private init(text: String, accessibleDescription: String) {
        self.text = text
        self.accessibleDescription = accessibleDescription
    }

    private static let waiting = QueueStatus(text: localized("Waiting for an agent…"), accessibleDescription: localized("Waiting for an agent"))

    private static func position(_ position: Int) -> QueueStatus {
        if position <= 0 {
            return QueueStatus(text: localized("You're next in line"), accessibleDescription: localized("You are next in line"))
        }
        let line = localized("You are number {position} in line", ["position": String(position)])
        return QueueStatus(text: line, accessibleDescription: line)
    }

    private static func estimate(_ seconds: TimeInterval, minimum: TimeInterval, maximum: TimeInterval) -> QueueStatus {
        if seconds > maximum {
            let line = localized("The wait is longer than usual")
            return QueueStatus(text: line, accessibleDescription: line)
        }
        let minutes = Int((max(seconds, minimum, 0) / 60).rounded(.up))
        switch minutes {
        case 0:
            let line = localized("Estimated wait: less than a minute")
            return QueueStatus(text: line, accessibleDescription: line)
        case 1:
            return QueueStatus(
                text: localized("Estimated wait: about 1 min"), accessibleDescription: localized("Estimated wait: about 1 minute"))
        default:
            return QueueStatus(
                text: localized("Estimated wait: about {minutes} min", ["minutes": String(minutes)]),
                accessibleDescription: localizedPlural(
                    "Estimated wait: about {count} minute", "Estimated wait: about {count} minutes", count: minutes))
        }
    }
}
