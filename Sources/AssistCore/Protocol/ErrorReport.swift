/// The body of an `error` frame: what went wrong, for the peer's program and
/// for a person reading logs.
public struct ErrorReport: Sendable, Hashable {
    /// What went wrong.
    public var code: ErrorCode
    /// A sentence for logs; not meant for the person being helped.
    public var message: String
    /// The `type` of the frame that caused the error, when known.
    public var refType: String?
    /// The `seq` of the frame that caused the error, when it had one.
    public var refSeq: Int?

    /// Creates an error report.
    public init(code: ErrorCode, message: String, refType: String? = nil, refSeq: Int? = nil) {
        self.code = code
        self.message = message
        self.refType = refType
        self.refSeq = refSeq
    }
}
