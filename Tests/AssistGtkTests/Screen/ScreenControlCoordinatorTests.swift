import AssistCore
import CGtk
import Testing

@testable import AssistGtk

@Suite("Screen control: the desktop's dialog, the stream it brings, the answer (protocol §12.9)", .serialized)
@MainActor
struct ScreenControlCoordinatorTests {
    typealias FakeStream = ScreenSharerTests.FakeStream

    /// Pointer and keyboard that record what they were asked.
    final class FakeControl: ScreenControl {
        let stream: any ScreenStream
        var actions: [String] = []
        var stops = 0

        init(stream: any ScreenStream) {
            self.stream = stream
        }

        func movePointer(x: Int, y: Int, inPictureOf width: Int, _ height: Int) async { actions.append("move \(x),\(y)") }
        func click() async { actions.append("click") }
        func press(keysyms: [UInt32]) async { actions.append("keys \(keysyms)") }
        func stop() { stops += 1 }
    }

    /// A capture whose control dialog answers as the test says.
    final class FakeCapture: ScreenCapture {
        var outcome: Result<FakeControl, ScreenControlError>
        var asked = 0

        init(_ outcome: Result<FakeControl, ScreenControlError>) {
            self.outcome = outcome
        }

        func isAvailable() async -> Bool { true }
        func canControl() async -> Bool { true }

        func choose(
            parent: UnsafeMutablePointer<GtkWindow>?, restoring token: String?, remember: Bool
        ) async throws(ScreenChoiceError) -> any ScreenStream {
            FakeStream()
        }

        func control(
            _ stream: any ScreenStream, parent: UnsafeMutablePointer<GtkWindow>?
        ) async throws(ScreenControlError) -> any ScreenControl {
            asked += 1
            return try outcome.get()
        }
    }

    /// The answers and refusals a coordinator gave.
    final class Answers {
        var answers: [(RequestID, Bool)] = []
        var refusals: [ScreenControlError] = []
    }

    private let window: UnsafeMutablePointer<GtkWindow>

    init() {
        ViewHarness.start()
        window = GtkCast.pointer(gtk_window_new()!)
    }

    private func request(_ id: RequestID) -> ConsentRequest {
        ConsentRequest(id: id, agent: Agent(id: "sam", name: "Sam"), subject: .control(.screen))
    }

    private func coordinator(_ capture: FakeCapture, _ answers: Answers) -> ScreenControlCoordinator {
        let coordinator = ScreenControlCoordinator(capture: capture, parent: window)
        coordinator.answer = { id, accepted in answers.answers.append((id, accepted)) }
        coordinator.showRefusal = { answers.refusals.append($0) }
        return coordinator
    }

    private func picture() -> PixelBuffer {
        PixelBuffer(width: 64, height: 32, stride: 256, bytes: [UInt8](repeating: 0x7F, count: 64 * 32 * 4))
    }

    @Test("granted: the share goes on with the control session's stream, the agent is answered, a second grant asks the desktop no more")
    func grantedReplacesTheStream() async throws {
        let shared = FakeStream()
        let sharer = ScreenSharer(stream: shared) { _ in true }
        try sharer.start()
        let controlled = FakeStream()
        let capture = FakeCapture(.success(FakeControl(stream: controlled)))
        let answers = Answers()
        let coordinator = coordinator(capture, answers)
        coordinator.accepted(request("control-1"), sharing: sharer)
        await ViewHarness.run(for: .seconds(5)) { !answers.answers.isEmpty }
        #expect(answers.answers.map(\.0) == ["control-1"] && answers.answers.map(\.1) == [true])
        #expect(shared.stops == 1, "the first stream goes on beside the control session's")
        #expect(sharer.stream === controlled)
        #expect(controlled.onFrame != nil, "the control session's stream was not started")
        coordinator.accepted(request("control-2"), sharing: sharer)
        #expect(answers.answers.map(\.1) == [true, true])
        #expect(capture.asked == 1)
        coordinator.shareEnded()
        sharer.stop()
    }

    @Test("input goes only while the agent holds control: a point outside the picture is nothing there, after taking back no control")
    func inputFollowsTheGrant() async throws {
        let controlled = FakeStream()
        let control = FakeControl(stream: controlled)
        let sharer = ScreenSharer(stream: FakeStream()) { _ in true }
        try sharer.start()
        let answers = Answers()
        let coordinator = coordinator(FakeCapture(.success(control)), answers)
        coordinator.accepted(request("control-1"), sharing: sharer)
        await ViewHarness.run(for: .seconds(5)) { !answers.answers.isEmpty }
        #expect(await coordinator.perform(.click(x: 1, y: 1), sharing: sharer) == .noControl, "no picture yet")
        controlled.onFrame?(picture())
        #expect(await coordinator.perform(.click(x: 64, y: 1), sharing: sharer) == .nothingThere)
        #expect(await coordinator.perform(.text("a\u{7}"), sharing: sharer) == .nothingThere)
        coordinator.controlChanged(ScreenShare(requestID: "share-1", agent: Agent(id: "sam", name: "Sam"), source: .monitor))
        #expect(await coordinator.perform(.click(x: 1, y: 1), sharing: sharer) == .noControl)
        #expect(control.actions.isEmpty, "the desktop got input it should not have")
        coordinator.shareEnded()
        #expect(control.stops == 1)
        sharer.stop()
    }

    @Test("remote interaction left off is declined with its sentence; a closed dialog is declined without one")
    func refusals() async throws {
        for (error, said) in [(ScreenControlError.interactionNotAllowed, true), (.cancelled, false), (.unavailable, true)] {
            let shared = FakeStream()
            let sharer = ScreenSharer(stream: shared) { _ in true }
            try sharer.start()
            let answers = Answers()
            let coordinator = coordinator(FakeCapture(.failure(error)), answers)
            coordinator.accepted(request("control-1"), sharing: sharer)
            await ViewHarness.run(for: .seconds(5)) { !answers.answers.isEmpty }
            #expect(answers.answers.map(\.1) == [false])
            #expect(answers.refusals == (said ? [error] : []))
            #expect(shared.stops == 0, "the share's stream stopped")
            sharer.stop()
        }
    }

    @Test("a request withdrawn while the desktop's dialog is open is not answered")
    func withdrawn() async throws {
        let sharer = ScreenSharer(stream: FakeStream()) { _ in true }
        try sharer.start()
        let answers = Answers()
        let controlled = FakeStream()
        let coordinator = coordinator(FakeCapture(.success(FakeControl(stream: controlled))), answers)
        coordinator.accepted(request("control-1"), sharing: sharer)
        coordinator.withdraw("control-1")
        await ViewHarness.run(for: .milliseconds(300))
        #expect(answers.answers.isEmpty)
        #expect(controlled.stops == 1, "the control session a withdrawn request got was not closed")
        sharer.stop()
    }
}
