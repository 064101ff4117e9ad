/// Estimates how long a waiting person will wait, from how long recent
/// sessions took to handle.
///
/// The estimate for queue position `q` (people to be served first) with `k`
/// online agents serving the destination is `ceil(q / k) × h`, where `h` is
/// the mean handle time (assignment to end) of the destination's last
/// ``sampleSize`` sessions — or of all destinations' when it has fewer than
/// three. Position 0 (an agent can take the person now) estimates 0. With no
/// history, or no agent online, there is no estimate.
struct WaitEstimator: Sendable {
    /// How many recent handle times are averaged.
    static let sampleSize = 20

    private var byDestination: [String: [Double]] = [:]
    private var overall: [Double] = []

    /// Records the handle time of a session that just ended.
    mutating func record(handleSeconds: Double, destination: String) {
        guard handleSeconds.isFinite, handleSeconds >= 0 else { return }
        Self.append(handleSeconds, to: &byDestination[destination, default: []])
        Self.append(handleSeconds, to: &overall)
    }

    /// The estimated wait in whole seconds, or `nil` when there is nothing to base it on.
    func estimate(position: Int, agentsServing: Int, destination: String) -> Int? {
        if position == 0 { return 0 }
        guard agentsServing > 0, let handle = meanHandleSeconds(destination: destination) else { return nil }
        let rounds = (Double(position) / Double(agentsServing)).rounded(.up)
        return Int((rounds * handle).rounded())
    }

    /// `h`: the mean handle time estimates for `destination` are based on —
    /// its own recent sessions', or all destinations' when it has fewer than
    /// three — or `nil` with no history at all.
    func meanHandleSeconds(destination: String) -> Double? {
        let local = byDestination[destination] ?? []
        let samples = local.count >= 3 ? local : overall
        guard !samples.isEmpty else { return nil }
        return samples.reduce(0, +) / Double(samples.count)
    }

    private static func append(_ value: Double, to samples: inout [Double]) {
        samples.append(value)
        if samples.count > sampleSize { samples.removeFirst(samples.count - sampleSize) }
    }
}
