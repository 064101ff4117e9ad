import Foundation

/// One line of a session's diagnostic log, as the app sends it to the
/// support server with ``Configuration/remoteLoggingEnabled``
/// (`docs/protocol.md` §11.5). It describes what the connection and the
/// session did — close codes, retries, errors — never what anyone wrote.
public struct DiagnosticLine: Sendable, Hashable, Codable {
    /// When it was logged, in whole milliseconds since 1970.
    public let at: Int
    /// The swift-log level's name: `trace` … `critical`.
    public let level: String
    /// What happened, 1–1,000 characters.
    public let message: String
    /// Details such as `{"close": "1001"}`: at most 20 entries, keys of at
    /// most 64 characters and values of at most 256.
    public let metadata: [String: String]?

    /// A line logged at `date`, cut to the limits (§11.5) so that a line
    /// this app sends is never refused.
    public init(at date: Date, level: String, message: String, metadata: [String: String]?) {
        at = Int((date.timeIntervalSince1970 * 1000).rounded(.down))
        self.level = level
        self.message = String(message.prefix(Self.maxMessage))
        self.metadata = metadata.map { entries in
            Dictionary(
                entries.sorted { $0.key < $1.key }.prefix(Self.maxMetadataEntries)
                    .map { (String($0.key.prefix(Self.maxMetadataKey)), String($0.value.prefix(Self.maxMetadataValue))) },
                uniquingKeysWith: { first, _ in first })
        }
    }

    /// The longest message, in characters.
    public static let maxMessage = 1_000
    /// The most metadata entries.
    public static let maxMetadataEntries = 20
    /// The longest metadata key, in characters.
    public static let maxMetadataKey = 64
    /// The longest metadata value, in characters.
    public static let maxMetadataValue = 256
    /// The most lines in one upload.
    public static let maxLinesPerUpload = 100
    /// The levels a line may name.
    public static let levels: Set<String> = ["trace", "debug", "info", "notice", "warning", "error", "critical"]
}
