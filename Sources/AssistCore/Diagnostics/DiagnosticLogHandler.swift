import Foundation
import Logging

/// A swift-log handler that keeps what is logged as ``DiagnosticLine``s in a
/// ``DiagnosticBuffer``, for upload. The client logs no chat text and no
/// form answers, so nothing personal reaches the buffer.
public struct DiagnosticLogHandler: LogHandler {
    /// Where the lines go.
    public let buffer: DiagnosticBuffer
    /// The lowest level kept.
    public var logLevel: Logger.Level
    /// Metadata added to every line.
    public var metadata: Logger.Metadata = [:]
    private let now: @Sendable () -> Date

    /// A handler keeping lines at `level` and above in `buffer`.
    public init(buffer: DiagnosticBuffer, level: Logger.Level = .info, now: @escaping @Sendable () -> Date = Date.init) {
        self.buffer = buffer
        logLevel = level
        self.now = now
    }

    /// One of the handler's metadata values.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Keeps the event as a line.
    public func log(event: LogEvent) {
        let merged = metadata.merging(event.metadata ?? [:]) { _, new in new }
        buffer.append(
            DiagnosticLine(
                at: now(), level: event.level.rawValue, message: "\(event.message)",
                metadata: merged.isEmpty ? nil : merged.mapValues { "\($0)" }))
    }
}
