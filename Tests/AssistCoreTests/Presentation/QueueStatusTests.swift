import AssistCore
import Testing

@Suite("Queue status")
struct QueueStatusTests {
    private func status(_ style: QueueStyle, _ update: QueueUpdate?) -> QueueStatus {
        QueueStatus(style: style, update: update, minimumEstimatedWait: 120, maximumEstimatedWait: 600)
    }

    @Test("position 0 says the person is next")
    func positionZero() {
        let line = status(.position, QueueUpdate(position: 0))
        #expect(line.text == "You're next in line")
        #expect(line.accessibleDescription == "You are next in line")
    }

    @Test("positions 1 and N say the number in line")
    func positionN() {
        #expect(status(.position, QueueUpdate(position: 1)).text == "You are number 1 in line")
        #expect(status(.position, QueueUpdate(position: 7)).text == "You are number 7 in line")
        #expect(status(.position, QueueUpdate(position: 7)).accessibleDescription == "You are number 7 in line")
    }

    @Test("before the first update every style only says the person is waiting")
    func noUpdateYet() {
        for style in QueueStyle.allCases {
            #expect(status(style, nil).text == "Waiting for an agent…")
            #expect(status(style, nil).accessibleDescription == "Waiting for an agent")
        }
    }

    @Test("the none style shows neither position nor estimate")
    func noneStyle() {
        #expect(status(.none, QueueUpdate(position: 4, estimatedWaitSeconds: 300)).text == "Waiting for an agent…")
    }

    @Test("an estimate within the bounds is shown in whole minutes, rounded up")
    func estimateWithin() {
        let line = status(.estimatedWaitTime, QueueUpdate(position: 3, estimatedWaitSeconds: 250))
        #expect(line.text == "Estimated wait: about 5 min")
        #expect(line.accessibleDescription == "Estimated wait: about 5 minutes")
    }

    @Test("an estimate below the minimum is shown as the minimum")
    func estimateBelowMinimum() {
        #expect(status(.estimatedWaitTime, QueueUpdate(position: 0, estimatedWaitSeconds: 10)).text
            == "Estimated wait: about 2 min")
    }

    @Test("an estimate of exactly the maximum is still shown in minutes")
    func estimateAtMaximum() {
        #expect(status(.estimatedWaitTime, QueueUpdate(position: 9, estimatedWaitSeconds: 600)).text
            == "Estimated wait: about 10 min")
    }

    @Test("an estimate above the maximum gives the generic message")
    func estimateAboveMaximum() {
        let line = status(.estimatedWaitTime, QueueUpdate(position: 9, estimatedWaitSeconds: 601))
        #expect(line.text == "The wait is longer than usual")
    }

    @Test("an update without an estimate says the person is waiting")
    func estimateUnknown() {
        #expect(status(.estimatedWaitTime, QueueUpdate(position: 2)).text == "Waiting for an agent…")
    }

    @Test("one minute is singular and zero reads less than a minute")
    func singularAndZero() {
        let oneMinute = QueueStatus(
            style: .estimatedWaitTime, update: QueueUpdate(position: 0, estimatedWaitSeconds: 45),
            minimumEstimatedWait: 0, maximumEstimatedWait: 600)
        #expect(oneMinute.text == "Estimated wait: about 1 min")
        #expect(oneMinute.accessibleDescription == "Estimated wait: about 1 minute")
        let zero = QueueStatus(
            style: .estimatedWaitTime, update: QueueUpdate(position: 0, estimatedWaitSeconds: 0),
            minimumEstimatedWait: 0, maximumEstimatedWait: 600)
        #expect(zero.text == "Estimated wait: less than a minute")
    }

    @Test("the configuration supplies the style and bounds")
    func fromConfiguration() {
        var configuration = Configuration()
        configuration.queueStyle = .estimatedWaitTime
        configuration.maximumEstimatedWaitTime = 300
        #expect(QueueStatus(configuration: configuration, update: QueueUpdate(position: 1, estimatedWaitSeconds: 400)).text
            == "The wait is longer than usual")
        #expect(QueueStatus(configuration: configuration, update: QueueUpdate(position: 1, estimatedWaitSeconds: 30)).text
            == "Estimated wait: about 1 min")
    }
}
