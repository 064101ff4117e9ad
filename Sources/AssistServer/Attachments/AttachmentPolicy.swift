import AssistCore
import Foundation

/// What files the server accepts in chat and how long it keeps them
/// (`--attachment-max-bytes`, `--attachment-type`, `--attachment-retention`).
public struct AttachmentPolicy: Sendable, Hashable {
    /// 25 MB, as the desktop counts sizes (powers of ten).
    public static let defaultMaxBytes: Int64 = 25_000_000
    /// Images, PDF documents and plain text: every type the server can
    /// recognise by content (``MediaTypeSniffer/knownMediaTypes``).
    public static let defaultMediaTypes = MediaTypeSniffer.knownMediaTypes
    /// Seven days after the session ended.
    public static let defaultRetention: TimeInterval = 7 * 86_400
    /// An upload that has not completed a day after it started is deleted.
    public static let abandonedUploadLifetime: TimeInterval = 86_400

    /// The largest file accepted, in bytes.
    public var maxBytes: Int64
    /// The media types accepted; each must be one the server can check by content.
    public var mediaTypes: Set<String>
    /// How long after its session ended a file is deleted, in seconds.
    public var retention: TimeInterval

    /// A policy; the defaults are the CLI's.
    public init(
        maxBytes: Int64 = defaultMaxBytes, mediaTypes: Set<String> = defaultMediaTypes,
        retention: TimeInterval = defaultRetention
    ) {
        self.maxBytes = maxBytes
        self.mediaTypes = mediaTypes
        self.retention = retention
    }
}
