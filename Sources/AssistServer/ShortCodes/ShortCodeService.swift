public import Foundation
import GRDB
import Prometheus
public import Logging

/// Creates and redeems short codes: the way a person on an existing call
/// and an agent meet in the same co-browse session.
///
/// A code is created for the consumer's application; the person reads it to
/// the agent; each side redeems it for the same session token and
/// correlation id. A code lives for ``timeToLive`` seconds (5 minutes by
/// default) or until both sides have redeemed it. A side that redeems again
/// before the code is spent gets the same pair, so a retry after a lost
/// answer works.
///
/// Codes are rows of `short_codes` and survive a restart. A code's session
/// token is stored only as its digest and sealed (``ShortCodeSchema``). Every call runs
/// one short SQLite transaction synchronously on the actor, so redemptions
/// and the rate limit are strictly serial.
public actor ShortCodeService {
    /// The default lifetime of a code, in seconds: 5 minutes.
    public static let defaultTimeToLive: TimeInterval = 300
    /// How long, in seconds, an expired or spent code is kept so that it is
    /// answered with 410 rather than 404: one hour.
    public static let defaultRetention: TimeInterval = 3600
    /// How many candidate codes ``create(auditName:)`` draws before giving up.
    static let maxCodeAttempts = 8

    /// How long a code is accepted, in seconds.
    public let timeToLive: TimeInterval
    /// How long an expired code is kept after expiring, in seconds.
    public let retention: TimeInterval

    private let writer: any DatabaseWriter
    private let sealer: TokenSealer
    private let metrics: ServerMetrics
    private let now: @Sendable () -> Date
    private let logger: Logger
    private var random: ErasedRandomSource
    private var limiter: RedemptionRateLimiter
    private var creationLimiter: CreationRateLimiter

    /// Creates the service.
    ///
    /// - Parameters:
    ///   - database: where codes are kept.
    ///   - metrics: updates `shortCodesIssued`, `…Redeemed`, `…Expired`, `…Rejected`.
    ///   - timeToLive: seconds a code is accepted (`--short-code-ttl`); > 0.
    ///   - retention: seconds an expired code is still answered with 410; ≥ 0.
    ///   - rateLimiter: the failed-redemption limit per address.
    ///   - creationLimiter: how many codes one address may create.
    ///   - now: the clock; tests pass a virtual one.
    ///   - random: the random source; the server uses the system's CSPRNG.
    ///   - logger: receives database failures and issued correlation ids,
    ///     never codes or tokens.
    public init(
        database: SupportDatabase,
        metrics: ServerMetrics,
        timeToLive: TimeInterval = defaultTimeToLive,
        retention: TimeInterval = defaultRetention,
        rateLimiter: RedemptionRateLimiter = RedemptionRateLimiter(),
        creationLimiter: CreationRateLimiter = CreationRateLimiter(),
        now: @escaping @Sendable () -> Date = { Date() },
        random: some RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(),
        logger: Logger = Logger(label: "assist.shortcodes")
    ) {
        precondition(timeToLive > 0, "a short code must live for a positive time")
        precondition(retention >= 0, "retention cannot be negative")
        self.writer = database.writer
        self.sealer = database.tokenSealer
        self.metrics = metrics
        self.timeToLive = timeToLive
        self.retention = retention
        self.limiter = rateLimiter
        self.creationLimiter = creationLimiter
        self.now = now
        self.random = ErasedRandomSource(base: random)
        self.logger = logger
    }

    /// Creates a code that expires ``timeToLive`` seconds from now.
    ///
    /// - Parameters:
    ///   - auditName: identifies the consumer in event logs; empty means
    ///     none. The HTTP route checks its length.
    ///   - address: the client's address, for the creation limit; `nil`
    ///     (the server's own use) is not limited.
    /// - Throws: ``ShortCodeRefusal/tooManyCodes`` when `address` has created
    ///   ``CreationRateLimiter/maxCodes`` codes within its window, a database
    ///   error, or ``ShortCodeCreationError`` if no free code was drawn.
    public func create(auditName: String? = nil, from address: String? = nil) throws -> ShortCodeIssue {
        let createdAt = now()
        if let address, !creationLimiter.admit(address, at: createdAt) {
            metrics.shortCodesRejected.increment()
            throw ShortCodeRefusal.tooManyCodes
        }
        let sessionToken = ShortCodeGenerator.sessionToken(using: &random)
        var record = ShortCodeRecord(
            code: "",
            sessionTokenSha256: SecretDigest(of: sessionToken).bytes,
            sessionTokenSealed: try sealer.seal(sessionToken),
            correlationId: ShortCodeGenerator.correlationID(using: &random),
            auditName: auditName.flatMap { $0.isEmpty ? nil : $0 },
            createdAt: createdAt,
            expiresAt: createdAt.addingTimeInterval(timeToLive),
            expiryCounted: false)
        for _ in 0..<Self.maxCodeAttempts {
            record.code = ShortCodeGenerator.code(using: &random)
            let candidate = record
            let inserted = try writer.write { db in
                guard try !ShortCodeRecord.exists(db, key: candidate.code) else { return false }
                try candidate.insert(db)
                return true
            }
            if inserted {
                metrics.shortCodesIssued.increment()
                logger.debug("Issued a short code", metadata: ["cid": "\(record.correlationId)"])
                return ShortCodeIssue(
                    code: ShortCodeFormat.grouped(record.code), sessionToken: sessionToken,
                    correlationID: record.correlationId, expiresAt: record.expiresAt)
            }
        }
        throw ShortCodeCreationError.noFreeCode(attempts: Self.maxCodeAttempts)
    }

    /// Redeems `code` for one side of the call.
    ///
    /// - Parameters:
    ///   - code: as typed: any case, with or without separators.
    ///   - role: which side redeems it.
    ///   - address: the client's address, for the rate limit.
    ///   - auditName: the consumer's audit name, recorded if the code was
    ///     created without one.
    /// - Returns: the code's session token and correlation id — the same pair
    ///   for both sides and for a repeated redemption by one side.
    /// - Throws: ``ShortCodeRefusal/tooManyAttempts`` while `address` is
    ///   limited (checked first, whatever the code), then
    ///   ``ShortCodeRefusal/unknownShortCode``, ``ShortCodeRefusal/spentShortCode``
    ///   or ``ShortCodeRefusal/expiredShortCode`` — each counted as a failure
    ///   of `address` — or ``ShortCodeRefusal/internalError``.
    public func redeem(
        _ code: String, by role: ShortCodeRole, from address: String, auditName: String? = nil
    ) throws(ShortCodeRefusal) -> ShortCodeGrant {
        let moment = now()
        guard limiter.permits(address, at: moment) else {
            metrics.shortCodesRejected.increment()
            throw .tooManyAttempts
        }
        let outcome: Result<Redemption, ShortCodeRefusal>
        do {
            outcome = try writer.write { [sealer] db in
                try Self.redeem(
                    ShortCodeFormat.canonical(code), by: role, at: moment, sealer: sealer,
                    auditName: auditName.flatMap { $0.isEmpty ? nil : $0 }, in: db)
            }
        } catch {
            logger.error("Short-code redemption failed in the database", metadata: ["error": "\(error)"])
            throw .internalError
        }
        switch outcome {
        case .success(let redemption):
            if redemption.isFirst {
                metrics.shortCodesRedeemed.increment()
            }
            return redemption.grant
        case .failure(let refusal):
            limiter.recordFailure(of: address, at: moment)
            metrics.shortCodesRejected.increment()
            throw refusal
        }
    }

    /// The grant of the code `sessionToken` belongs to, if that code has not
    /// expired and the consumer has redeemed it — what the session hub
    /// checks before letting a consumer's `hello` join by `sessionToken`.
    /// Only reads, so callers need not wait for the actor.
    public nonisolated func grant(forSessionToken sessionToken: String) throws -> ShortCodeGrant? {
        let moment = now()
        let digest = SecretDigest(of: sessionToken).bytes
        let record = try writer.read { db in
            try ShortCodeRecord.filter(Column("session_token_sha256") == digest).fetchOne(db)
        }
        guard let record, !record.isExpired(at: moment), record.consumerRedeemedAt != nil else { return nil }
        return ShortCodeGrant(
            sessionToken: sessionToken, correlationID: record.correlationId, auditName: record.auditName)
    }

    /// Counts codes that expired before both sides redeemed them (each once,
    /// in `shortCodesExpired`) and deletes codes that expired more than
    /// ``retention`` seconds ago. Call it periodically, e.g. every minute.
    ///
    /// - Returns: the number of codes newly counted as expired.
    @discardableResult
    public func purgeExpired() throws -> Int {
        let moment = now()
        let retention = retention
        let newlyExpired = try writer.write { db in
            let expired = ShortCodeRecord.filter(Column("expires_at") <= moment.timeIntervalSince1970)
            let unspent = Column("consumer_redeemed_at") == nil || Column("agent_redeemed_at") == nil
            let counted = try expired.filter(Column("expiry_counted") == false && unspent)
                .updateAll(db, Column("expiry_counted").set(to: true))
            try ShortCodeRecord
                .filter(Column("expires_at") <= moment.timeIntervalSince1970 - retention)
                .deleteAll(db)
            return counted
        }
        if newlyExpired > 0 {
            metrics.shortCodesExpired.increment(by: Int64(newlyExpired))
        }
        return newlyExpired
    }

    /// Any random source, as a concrete generator the generic
    /// ``ShortCodeGenerator`` functions can take `inout`.
    private struct ErasedRandomSource: RandomNumberGenerator {
        var base: any RandomNumberGenerator

        mutating func next() -> UInt64 {
            base.next()
        }
    }

    /// A successful redemption, and whether it was this side's first.
    private struct Redemption: Sendable {
        var grant: ShortCodeGrant
        var isFirst: Bool
    }

    private static func redeem(
        _ code: String?, by role: ShortCodeRole, at moment: Date, sealer: TokenSealer, auditName: String?,
        in db: Database
    ) throws -> Result<Redemption, ShortCodeRefusal> {
        guard let code, var record = try ShortCodeRecord.fetchOne(db, key: code) else {
            return .failure(.unknownShortCode)
        }
        if record.isSpent {
            return .failure(.spentShortCode)
        }
        if record.isExpired(at: moment) {
            return .failure(.expiredShortCode)
        }
        if record.redeemedAt(by: role) != nil {
            return .success(Redemption(grant: try record.grant(openedBy: sealer), isFirst: false))
        }
        record.markRedeemed(by: role, at: moment)
        if role == .consumer, record.auditName == nil {
            record.auditName = auditName
        }
        let grant = try record.grant(openedBy: sealer)
        try record.update(db)
        return .success(Redemption(grant: grant, isFirst: true))
    }
}
