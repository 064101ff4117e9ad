/// What a probe measured against a server the relay is compared with, in
/// the same run: an echo floor or the Mosquitto peer.
struct BaselineMeasurement {
    /// The timed samples that came back or got through.
    let sample: LatencySample
    /// Timed samples that never did.
    let lost: Int
    /// Connections (an echo) or publisher–subscriber pairs (Mosquitto) the samples were spread over.
    let channels: Int
    /// The server's CPU time while the samples, warm-up included, went through it.
    let cpu: CPUCost

    /// Whether every timed sample arrived and there was at least one.
    var isComplete: Bool { lost == 0 && sample.count > 0 }
}
