public import Prometheus

/// The figures `GET /metrics` reports, in the Prometheus text format. Every
/// part of the server is handed this one value and updates its own figures.
public struct ServerMetrics: Sendable {
    /// The registry the figures live in; `GET /metrics` renders it.
    public let registry: PrometheusCollectorRegistry

    /// Sessions with an agent.
    public let sessionsActive: Gauge
    /// Sessions waiting in a queue.
    public let sessionsQueued: Gauge
    /// Sessions that ended, for any reason.
    public let sessionsEnded: Counter
    /// Agents connected now.
    public let agentsOnline: Gauge
    /// Chat messages relayed between a consumer and an agent.
    public let messagesRelayed: Counter
    /// Connections (consumer or agent) that resumed a session after a drop.
    public let reconnectsResumed: Counter
    /// Co-browse frames relayed to agents.
    public let framesRelayed: Counter
    /// Bytes of co-browse frames relayed to agents.
    public let frameBytesRelayed: Counter
    /// Short codes created.
    public let shortCodesIssued: Counter
    /// Successful short-code redemptions (by a consumer or an agent).
    public let shortCodesRedeemed: Counter
    /// Short codes that expired unused or half-used.
    public let shortCodesExpired: Counter
    /// Redemptions refused: unknown, expired or spent codes, and rate-limited attempts.
    public let shortCodesRejected: Counter
    /// Diagnostic lines apps sent with `remoteLoggingEnabled` (§11.5).
    public let diagnosticLines: Counter

    /// Creates every figure in `registry`.
    public init(registry: PrometheusCollectorRegistry = PrometheusCollectorRegistry()) {
        self.registry = registry
        func gauge(_ name: String, _ help: String) -> Gauge {
            registry.makeGauge(descriptor: .init(namespace: "assist", metricName: name, unitName: "", helpText: help))
        }
        func counter(_ name: String, unit: String = "total", _ help: String) -> Counter {
            registry.makeCounter(descriptor: .init(namespace: "assist", metricName: name, unitName: unit, helpText: help))
        }
        sessionsActive = gauge("sessions_active", "Sessions with an agent.")
        sessionsQueued = gauge("sessions_queued", "Sessions waiting for an agent.")
        sessionsEnded = counter("sessions_ended", "Sessions that ended.")
        agentsOnline = gauge("agents_online", "Agents connected now.")
        messagesRelayed = counter("messages_relayed", "Chat messages relayed between consumers and agents.")
        reconnectsResumed = counter("reconnects_resumed", "Connections that resumed a session after a drop.")
        framesRelayed = counter("cobrowse_frames_relayed", "Co-browse frames relayed to agents.")
        frameBytesRelayed = counter("cobrowse_relayed", unit: "bytes_total", "Bytes of co-browse frames relayed to agents.")
        shortCodesIssued = counter("short_codes_issued", "Short codes created.")
        shortCodesRedeemed = counter("short_codes_redeemed", "Successful short-code redemptions.")
        shortCodesExpired = counter("short_codes_expired", "Short codes that expired before both sides used them.")
        shortCodesRejected = counter(
            "short_codes_rejected", "Refused redemptions: unknown, expired, spent or rate-limited.")
        diagnosticLines = counter("diagnostic_lines", "Diagnostic lines received from apps with remote logging on.")
    }

    /// The registry rendered as Prometheus text.
    public func render() -> String {
        registry.emitToString()
    }
}
