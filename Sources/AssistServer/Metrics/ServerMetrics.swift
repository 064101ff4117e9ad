public import AssistCore
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
    /// Chat messages in which the server masked sensitive data (§11.7).
    public let messagesMasked: Counter
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
    /// Calls agents proposed (§13).
    public let callsRequested: Counter
    /// Calls the person accepted.
    public let callsAccepted: Counter
    /// Calls the person declined.
    public let callsDeclined: Counter
    /// Accepted calls not ended yet.
    public let callsActive: Gauge
    /// `callSignal` and `callMediaState` frames relayed between the parties of a call.
    public let callSignalsRelayed: Counter
    /// `screenSignal` frames relayed for shared screens sent as video tracks.
    public let screenSignalsRelayed: Counter
    /// 1 while this server's hub decides (one server alone, or a cluster's
    /// leader), 0 while it follows a leader or has none.
    public let leading: Gauge
    /// Times this cluster node's lease ran out before it renewed it: each
    /// time, it stopped leading or following and joined again.
    public let leaseLapses: Counter

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
        messagesMasked = counter("chat_messages_masked", "Chat messages in which sensitive data was masked.")
        reconnectsResumed = counter("reconnects_resumed", "Connections that resumed a session after a drop.")
        framesRelayed = counter("cobrowse_frames_relayed", "Co-browse frames relayed to agents.")
        frameBytesRelayed = counter("cobrowse_relayed", unit: "bytes_total", "Bytes of co-browse frames relayed to agents.")
        shortCodesIssued = counter("short_codes_issued", "Short codes created.")
        shortCodesRedeemed = counter("short_codes_redeemed", "Successful short-code redemptions.")
        shortCodesExpired = counter("short_codes_expired", "Short codes that expired before both sides used them.")
        shortCodesRejected = counter(
            "short_codes_rejected", "Refused redemptions: unknown, expired, spent or rate-limited.")
        diagnosticLines = counter("diagnostic_lines", "Diagnostic lines received from apps with remote logging on.")
        callsRequested = counter("calls_requested", "Calls agents proposed.")
        callsAccepted = counter("calls_accepted", "Calls the person accepted.")
        callsDeclined = counter("calls_declined", "Calls the person declined.")
        callsActive = gauge("calls_active", "Accepted calls not ended yet.")
        callSignalsRelayed = counter("call_signals_relayed", "Call signaling frames relayed between the parties.")
        screenSignalsRelayed = counter(
            "screen_signals_relayed", "Signaling frames of shared screens sent as video tracks, relayed.")
        leading = gauge("leading", "1 while this server's hub decides (alone, or as its cluster's leader), else 0.")
        leaseLapses = counter(
            "cluster_lease_lapses", "Times this cluster node's lease ran out before it was renewed (it then joined again).")
    }

    /// Counts a call that ended, under its reason (`assist_calls_ended_total{reason="…"}`).
    public func callEnded(_ reason: CallEndReason) {
        registry.makeCounter(
            descriptor: .init(namespace: "assist", metricName: "calls_ended", unitName: "total", helpText: "Calls that ended, by reason."),
            labels: [("reason", reason.isKnown ? reason.rawValue : "other")]
        ).increment()
    }

    /// The registry rendered as Prometheus text.
    public func render() -> String {
        registry.emitToString()
    }
}
