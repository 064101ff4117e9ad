@testable import AssistServer
import Testing

@Suite("Estimated wait from recent handle times")
struct WaitEstimatorTests {
    @Test("position 0 estimates no wait, even with no history")
    func nextInLine() {
        #expect(WaitEstimator().estimate(position: 0, agentsServing: 0, destination: "support") == 0)
    }

    @Test("with no history or no agent online there is no estimate")
    func nothingToGoOn() {
        var estimator = WaitEstimator()
        #expect(estimator.estimate(position: 2, agentsServing: 1, destination: "support") == nil)
        estimator.record(handleSeconds: 300, destination: "support")
        #expect(estimator.estimate(position: 2, agentsServing: 0, destination: "support") == nil)
    }

    @Test("the estimate is ceil(q / k) rounds of the mean handle time")
    func roundsOfHandleTime() {
        var estimator = WaitEstimator()
        for seconds in [200.0, 300, 400] { estimator.record(handleSeconds: seconds, destination: "support") }
        #expect(estimator.estimate(position: 1, agentsServing: 1, destination: "support") == 300)
        #expect(estimator.estimate(position: 3, agentsServing: 2, destination: "support") == 600)
        #expect(estimator.estimate(position: 4, agentsServing: 2, destination: "support") == 600)
    }

    @Test("a destination with fewer than three sessions borrows every destination's mean")
    func sparseDestinationBorrows() {
        var estimator = WaitEstimator()
        for seconds in [100.0, 100, 100] { estimator.record(handleSeconds: seconds, destination: "billing") }
        estimator.record(handleSeconds: 500, destination: "support")
        #expect(estimator.estimate(position: 1, agentsServing: 1, destination: "support") == 200)
        #expect(estimator.estimate(position: 1, agentsServing: 1, destination: "billing") == 100)
    }

    @Test("only the last 20 sessions count, and impossible durations are ignored")
    func recentOnly() {
        var estimator = WaitEstimator()
        for _ in 0..<20 { estimator.record(handleSeconds: 1_000, destination: "support") }
        for _ in 0..<20 { estimator.record(handleSeconds: 60, destination: "support") }
        estimator.record(handleSeconds: -5, destination: "support")
        estimator.record(handleSeconds: .infinity, destination: "support")
        #expect(estimator.estimate(position: 1, agentsServing: 1, destination: "support") == 60)
    }
}
