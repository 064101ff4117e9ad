import AssistCore
import Foundation
import Testing

@Suite("Connection banner")
struct ConnectionBannerTests {
    private let start = ContinuousClock.now

    private func at(_ seconds: Double) -> ContinuousClock.Instant {
        start.advanced(by: .seconds(seconds))
    }

    @Test("the banner is hidden when connected")
    func connected() {
        var banner = ConnectionBanner()
        #expect(banner.content(at: start) == nil)
        banner.receive(.disconnected(reason: ConnectionError.closedByServer), at: start)
        banner.receive(.connected, at: at(1))
        #expect(banner.content(at: at(1)) == nil)
    }

    @Test("a lost connection says so, with the reason, Retry now and Give up")
    func disconnected() {
        var banner = ConnectionBanner()
        banner.receive(.disconnected(reason: ConnectionError.closedByServer), at: start)
        #expect(banner.content(at: start) == ConnectionBannerContent(
            title: "Connection lost", detail: "The support server closed the connection.",
            actions: [.retryNow, .giveUp], tone: .progress))
    }

    @Test("a coming retry counts down the seconds with the attempt number")
    func countdown() {
        var banner = ConnectionBanner()
        banner.receive(.disconnected(reason: ConnectionError.closedByServer), at: start)
        banner.receive(.willRetry(inSeconds: 4, attempt: 3, of: 6), at: start)
        let content = banner.content(at: start)
        #expect(content?.title == "Reconnecting in 4 s (attempt 3 of 6)")
        #expect(content?.detail == "The support server closed the connection.")
        #expect(content?.actions == [.retryNow, .giveUp])
        #expect(banner.content(at: at(0.5))?.title == "Reconnecting in 4 s (attempt 3 of 6)")
        #expect(banner.content(at: at(1))?.title == "Reconnecting in 3 s (attempt 3 of 6)")
        #expect(banner.content(at: at(3.9))?.title == "Reconnecting in 1 s (attempt 3 of 6)")
        #expect(banner.content(at: at(4))?.title == "Reconnecting… (attempt 3 of 6)")
    }

    @Test("the driver is told when the countdown next ticks")
    func nextChange() {
        var banner = ConnectionBanner()
        banner.receive(.willRetry(inSeconds: 4, attempt: 1, of: 6), at: start)
        #expect(banner.nextChange(after: start) == at(1))
        #expect(banner.nextChange(after: at(2.5)) == at(3))
        #expect(banner.nextChange(after: at(3.5)) == at(4))
        #expect(banner.nextChange(after: at(4)) == nil)
    }

    @Test("seconds remaining round up and stop at zero")
    func secondsRemaining() {
        #expect(ConnectionBanner.secondsRemaining(until: at(10), at: at(6.8)) == 4)
        #expect(ConnectionBanner.secondsRemaining(until: at(10), at: at(7)) == 3)
        #expect(ConnectionBanner.secondsRemaining(until: at(10), at: at(10)) == 0)
        #expect(ConnectionBanner.secondsRemaining(until: at(10), at: at(12)) == 0)
    }

    @Test("during an attempt the banner says Reconnecting and offers Give up")
    func reconnecting() {
        var banner = ConnectionBanner()
        banner.receive(.reconnecting(attempt: 2, of: 6), at: start)
        #expect(banner.content(at: start)?.title == "Reconnecting… (attempt 2 of 6)")
        #expect(banner.content(at: start)?.actions == [.giveUp])
        banner.receive(.reconnecting(attempt: 9, of: nil), at: start)
        #expect(banner.content(at: start)?.title == "Reconnecting… (attempt 9)")
    }

    @Test("Reconnected shows briefly, then the banner hides")
    func reconnected() {
        var banner = ConnectionBanner()
        banner.receive(.disconnected(reason: ConnectionError.closedByServer), at: start)
        banner.receive(.reconnected, at: at(5))
        #expect(banner.content(at: at(5)) == ConnectionBannerContent(
            title: "Reconnected", detail: nil, actions: [], tone: .success))
        #expect(banner.nextChange(after: at(5)) == at(8))
        #expect(banner.content(at: at(7.9)) != nil)
        #expect(banner.content(at: at(8)) == nil)
        #expect(banner.nextChange(after: at(8)) == nil)
    }

    @Test("termination with a reason says Could not reconnect, why, and offers Start again")
    func terminatedWithReason() {
        var banner = ConnectionBanner()
        banner.receive(.terminated(reason: ConnectionError.timedOut(after: 5)), at: start)
        #expect(banner.content(at: start) == ConnectionBannerContent(
            title: "Could not reconnect", detail: "The support server did not answer in time.",
            actions: [.startAgain], tone: .failure))
    }

    @Test("termination on purpose says Disconnected and offers Start again")
    func terminatedOnPurpose() {
        var banner = ConnectionBanner()
        banner.receive(.terminated(reason: nil), at: start)
        #expect(banner.content(at: start)?.title == "Disconnected")
        #expect(banner.content(at: start)?.actions == [.startAgain])
    }

    @Test("actions have the labels the issue names")
    func labels() {
        #expect(ConnectionBannerAction.allCases.map(\.label) == ["Retry now", "Give up", "Start again"])
    }
}
