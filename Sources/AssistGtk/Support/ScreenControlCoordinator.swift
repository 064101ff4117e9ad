import AssistCore
import CGtk

/// Lends the agent the person's pointer and keyboard on the shared screen
/// (`docs/protocol.md` §12.9) once the person accepted Assist's prompt and
/// the desktop's own dialog, and performs the agent's input while the agent
/// holds control.
///
/// The desktop's control session replaces the share's stream (so the agent
/// sees what it acts on) and lasts as long as the share: when the person
/// takes control back, nothing more is performed, and a later request in the
/// same share is asked in Assist's prompt only — the desktop already lent
/// its devices for this share.
@MainActor
final class ScreenControlCoordinator {
    /// Sends the person's answer to the control request.
    var answer: (RequestID, Bool) -> Void = { _, _ in }
    /// Shows why the agent got no control.
    var showRefusal: (ScreenControlError) -> Void = { _ in }

    private let capture: any ScreenCapture
    private let parent: UnsafeMutablePointer<GtkWindow>
    /// The desktop's dialog open for a request, until the person confirmed.
    private var asking: (request: RequestID, task: Task<Void, Never>)?
    /// The desktop's pointer and keyboard, from the first grant of this share.
    private var performer: ScreenControlPerformer?

    /// A coordinator asking `capture`, with its dialog over `parent`.
    init(capture: any ScreenCapture, parent: UnsafeMutablePointer<GtkWindow>) {
        self.capture = capture
        self.parent = parent
    }

    /// The person accepted Assist's prompt for `request` during `sharer`'s
    /// share: the desktop asks in its dialog (unless it lent its devices
    /// earlier in this share), the share goes on with the control session's
    /// stream, and only then is the agent answered.
    func accepted(_ request: ConsentRequest, sharing sharer: ScreenSharer) {
        if performer != nil { return answer(request.id, true) }
        withdraw()
        let task = Task { [weak self, capture, parent] in
            let outcome: Result<any ScreenControl, ScreenControlError>
            do throws(ScreenControlError) {
                outcome = .success(try await capture.control(sharer.stream, parent: parent))
            } catch {
                outcome = .failure(error)
            }
            guard let self, !Task.isCancelled, asking?.request == request.id else {
                if case .success(let control) = outcome { control.stop(); control.stream.stop() }
                return
            }
            asking = nil
            lent(outcome, for: request.id, sharing: sharer)
        }
        asking = (request.id, task)
    }

    /// Whether the agent holds control now (the person may take it back).
    func controlChanged(_ share: ScreenShare) {
        performer?.isEnabled = share.hasControl
    }

    /// Performs the agent's `event` on `sharer`'s newest picture.
    func perform(_ event: InputEvent, sharing sharer: ScreenSharer) async -> InputOutcome {
        guard let performer, performer.isEnabled, let size = sharer.pictureSize else { return .noControl }
        return await performer.perform(event, pictureSize: size)
    }

    /// The agent withdrew the request, or the share is ending: the desktop's
    /// dialog closes without an answer.
    func withdraw(_ id: RequestID? = nil) {
        guard let asking, id == nil || asking.request == id else { return }
        asking.task.cancel()
        self.asking = nil
    }

    /// The share ended: the desktop's devices are given back (its session
    /// ends with the share's stream).
    func shareEnded() {
        withdraw()
        performer?.isEnabled = false
        performer?.control.stop()
        performer = nil
    }

    private func lent(
        _ outcome: Result<any ScreenControl, ScreenControlError>, for id: RequestID, sharing sharer: ScreenSharer
    ) {
        switch outcome {
        case .success(let control):
            do throws(ScreenChoiceError) {
                try sharer.replaceStream(with: control.stream)  // on failure the share ends, and its stream with it
            } catch {
                control.stop()
                showRefusal(.failed(detail: "the control session's stream did not start: \(error)"))
                return answer(id, false)
            }
            performer = ScreenControlPerformer(control: control)
            answer(id, true)
        case .failure(let error):
            if error != .cancelled { showRefusal(error) }
            answer(id, false)
        }
    }
}
