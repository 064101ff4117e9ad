public import Foundation
import Prometheus
import Logging

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
/// Codes are kept by a ``ShortCodeStorage`` (SQLite, or PostgreSQL shared
/// by several servers) and survive a restart. A code's session token is
/// stored only as its digest and sealed with the ``TokenSealer``, whose key
/// is never in the database. Each call is one transaction of the storage,
/// which makes a redemption atomic across servers. The rate limits are kept
/// by a ``RateLimitLedger``: this server's memory, or PostgreSQL, where
/// every node of a cluster counts against the same limits. While a
/// redemption waits for the database, the actor serves other calls, and an
/// attempt not yet answered counts against its address's limit as if it
/// had failed.
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

    private let storage: any ShortCodeStorage
    private let sealer: TokenSealer
    private let metrics: ServerMetrics
    private let now: @Sendable () -> Date
    private let logger: Logger
    private var random: ErasedRandomSource
    private let rateLimits: any RateLimitLedger

    /// Creates the service.
    ///
    /// - Parameters:
    ///   - storage: where codes are kept.
    ///   - sealer: seals and opens codes' session tokens; every server
    ///     sharing `storage` must have the same key.
    ///   - metrics: updates `shortCodesIssued`, `…Redeemed`, `…Expired`, `…Rejected`.
    ///   - timeToLive: seconds a code is accepted (`--short-code-ttl`); > 0.
    ///   - retention: seconds an expired code is still answered with 410; ≥ 0.
    ///   - rateLimits: where the limits on failed redemptions and created
    ///     codes per address are counted; by default this server's memory.
    ///   - now: the clock; tests pass a virtual one.
    ///   - random: the random source; the server uses the system's CSPRNG.
    ///   - logger: receives database failures and issued correlation ids,
    ///     never codes or tokens.
    init(
        storage: any ShortCodeStorage,
        sealer: TokenSealer,
        metrics: ServerMetrics,
        timeToLive: TimeInterval = defaultTimeToLive,
        retention: TimeInterval = defaultRetention,
        rateLimits: any RateLimitLedger = InMemoryRateLimitLedger(),
        now: @escaping @Sendable () -> Date = { Date() },
        random: some RandomNumberGenerator & Sendable = SystemRandomNumberGenerator(),
        logger: Logger = Logger(label: "assist.shortcodes")
    ) {
        precondition(timeToLive > 0, "a short code must live for a positive time")
        precondition(retention >= 0, "retention cannot be negative")
        self.storage = storage
        self.sealer = sealer
        self.metrics = metrics
        self.timeToLive = timeToLive
        self.retention = retention
        self.rateLimits = rateLimits
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
    ///   as many codes within the window as its limit allows, a database
    ///   error (also when the limit could not be checked), or
    ///   ``ShortCodeCreationError`` if no free code was drawn.
    public func create(auditName: String? = nil, from address: String? = nil) async throws -> ShortCodeIssue {
        let createdAt = now()
        if let address {
            guard try await rateLimits.admitCreation(by: address, at: createdAt) else {
                metrics.shortCodesRejected.increment()
                throw ShortCodeRefusal.tooManyCodes
            }
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
            if try await storage.insertIfAbsent(record) {
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
    ///   of `address` — or ``ShortCodeRefusal/internalError``, also when the
    ///   limit could not be checked.
    public func redeem(
        _ code: String, by role: ShortCodeRole, from address: String, auditName: String? = nil
    ) async throws(ShortCodeRefusal) -> ShortCodeGrant {
        let moment = now()
        let admitted: Bool
        do {
            admitted = try await rateLimits.beginRedemption(by: address, at: moment)
        } catch {
            logger.error("Could not check the short-code rate limit in the database", metadata: ["error": "\(error)"])
            throw .internalError
        }
        guard admitted else {
            metrics.shortCodesRejected.increment()
            throw .tooManyAttempts
        }
        let outcome: ShortCodeRedemption
        do {
            outcome = try await redemption(
                of: code, by: role, at: moment, auditName: auditName.flatMap { $0.isEmpty ? nil : $0 })
        } catch {
            logger.error("Short-code redemption failed in the database", metadata: ["error": "\(error)"])
            await finishAttempt(by: address, at: moment, failed: false)
            throw .internalError
        }
        switch outcome {
        case .granted(let grant, let isFirst):
            await finishAttempt(by: address, at: moment, failed: false)
            if isFirst {
                metrics.shortCodesRedeemed.increment()
            }
            return grant
        case .refused(let refusal):
            await finishAttempt(by: address, at: moment, failed: true)
            metrics.shortCodesRejected.increment()
            throw refusal
        }
    }

    /// The grant of the code `sessionToken` belongs to, if that code has not
    /// expired and the consumer has redeemed it — what the session hub
    /// checks before letting a consumer's `hello` join by `sessionToken`.
    /// Only reads, so callers need not wait for the actor.
    public nonisolated func grant(forSessionToken sessionToken: String) async throws -> ShortCodeGrant? {
        let moment = now()
        let record = try await storage.code(forSessionTokenDigest: SecretDigest(of: sessionToken))
        guard let record, !record.isExpired(at: moment), record.consumerRedeemedAt != nil else { return nil }
        return ShortCodeGrant(
            sessionToken: sessionToken, correlationID: record.correlationId, auditName: record.auditName)
    }

    /// Counts codes that expired before both sides redeemed them (each once,
    /// in `shortCodesExpired`), deletes codes that expired more than
    /// ``retention`` seconds ago, then forgets rate-limit counts that no
    /// longer count. Call it periodically, e.g. every minute.
    ///
    /// - Returns: the number of codes newly counted as expired.
    @discardableResult
    public func purgeExpired() async throws -> Int {
        let moment = now()
        let newlyExpired = try await storage.purgeExpired(at: moment, retention: retention)
        if newlyExpired > 0 {
            metrics.shortCodesExpired.increment(by: Int64(newlyExpired))
        }
        try await rateLimits.purge(at: moment)
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

    /// What the storage did with the code typed as `code`: a code that
    /// cannot exist is refused as unknown without asking it. The grant is
    /// made (the token opened) before the redemption is written.
    private func redemption(
        of code: String, by role: ShortCodeRole, at moment: Date, auditName: String?
    ) async throws -> ShortCodeRedemption {
        guard let canonical = ShortCodeFormat.canonical(code) else { return .refused(.unknownShortCode) }
        let sealer = sealer
        return try await storage.redeem(canonical, by: role, at: moment, auditName: auditName) { record in
            try record.grant(openedBy: sealer)
        }
    }

    /// Tells the ledger that the redemption `address` began at `moment` is
    /// answered. If the ledger cannot be told, the attempt keeps counting as
    /// a failure until its window passes, which errs towards refusing.
    private func finishAttempt(by address: String, at moment: Date, failed: Bool) async {
        do {
            try await rateLimits.finishRedemption(by: address, at: moment, failed: failed)
        } catch {
            logger.warning(
                "Could not finish a short-code attempt in the rate limit; it counts as failed for a window",
                metadata: ["error": "\(error)"])
        }
    }
}
