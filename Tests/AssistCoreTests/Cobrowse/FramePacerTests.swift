import AssistCore
import Testing

@Suite("Frame pacer: at most the frame rate, and only after a change")
struct FramePacerTests {
    private let interval = 1.0 / 15

    @Test("a burst of changes within one interval gives one capture now and one scheduled")
    func burst() {
        var pacer = FramePacer()
        #expect(pacer.contentChanged(at: 10) == .captureNow)
        pacer.captured(at: 10)
        #expect(pacer.contentChanged(at: 10.01) == .captureAt(10 + interval))
        #expect(pacer.contentChanged(at: 10.02) == .none)
        #expect(pacer.contentChanged(at: 10.05) == .none)
        #expect(pacer.isCapturePending)
        #expect(pacer.timerFired(at: 10 + interval) == .captureNow)
        pacer.captured(at: 10 + interval)
        #expect(!pacer.isCapturePending)
        #expect(pacer.timerFired(at: 10.2) == .none)
    }

    @Test("an idle window gives nothing, and a change after a long idle is captured at once")
    func idle() {
        var pacer = FramePacer()
        #expect(pacer.timerFired(at: 0) == .none)
        #expect(pacer.contentChanged(at: 1) == .captureNow)
        pacer.captured(at: 1)
        for second in 2...20 { #expect(pacer.timerFired(at: Double(second)) == .none) }
        #expect(pacer.contentChanged(at: 30) == .captureNow)
    }

    @Test("a keyframe request asks for a capture like a change")
    func keyframeRequest() {
        var pacer = FramePacer(maximumRate: 10)
        #expect(pacer.keyframeRequested(at: 5) == .captureNow)
        pacer.captured(at: 5)
        #expect(pacer.keyframeRequested(at: 5.04) == .captureAt(5.1))
        #expect(pacer.contentChanged(at: 5.05) == .none)
    }

    @Test("a timer that fires early is armed again for the due time")
    func earlyTimer() {
        var pacer = FramePacer(maximumRate: 10)
        _ = pacer.contentChanged(at: 0)
        pacer.captured(at: 0)
        #expect(pacer.contentChanged(at: 0.02) == .captureAt(0.1))
        #expect(pacer.timerFired(at: 0.099) == .captureAt(0.1))
        #expect(pacer.timerFired(at: 0.1) == .captureNow)
    }

    @Test("a capture made for another reason keeps the next one an interval away")
    func outsideCapture() {
        var pacer = FramePacer(maximumRate: 10)
        _ = pacer.contentChanged(at: 0)
        pacer.captured(at: 0)
        #expect(pacer.contentChanged(at: 0.05) == .captureAt(0.1))
        pacer.captured(at: 0.08)
        #expect(pacer.timerFired(at: 0.1) == .captureAt(0.18))
        #expect(pacer.timerFired(at: 0.18) == .captureNow)
    }

    @Test("continuous changes for 10 s give at most 151 captures, never closer than the interval")
    func rateCap() {
        var pacer = FramePacer()
        var captures: [Double] = []
        var timer: Double?
        func perform(_ action: FramePacer.Action, at now: Double) {
            switch action {
            case .captureNow:
                captures.append(now)
                pacer.captured(at: now)
            case .captureAt(let time):
                timer = time
            case .none:
                break
            }
        }
        for step in 0...10_000 {
            let now = Double(step) / 1_000
            if let due = timer, due <= now {
                timer = nil
                perform(pacer.timerFired(at: now), at: now)
            }
            perform(pacer.contentChanged(at: now), at: now)
        }
        #expect(captures.count <= 151)
        #expect(captures.count >= 140, "changes every millisecond should be captured close to the rate")
        #expect(zip(captures, captures.dropFirst()).allSatisfy { $1 - $0 >= interval - 1e-9 })
    }
}
