import AssistCore

/// Performs an agent's input on the shared screen through the desktop's
/// ``ScreenControl`` (`docs/protocol.md` §12.9), one event at a time in the
/// order they came, as ``ScreenInputPlan`` decides — and never into the
/// app's own windows: a click whose pointer lands over one of them is not
/// pressed, and no key is pressed while one of them has the focus.
@MainActor
final class ScreenControlPerformer {
    /// How long the desktop gets to move the pointer and tell the app's
    /// windows whether it is over one of them, before a click is pressed.
    static let settle = Duration.milliseconds(120)

    /// The desktop's pointer and keyboard.
    let control: any ScreenControl
    /// Whether the agent holds control now: an event waiting for its turn
    /// when the person took control back is not performed.
    var isEnabled = true
    /// The event before, which the next one waits for.
    private var previous: Task<Void, Never>?

    /// A performer through `control`.
    init(control: any ScreenControl) {
        self.control = control
    }

    /// Performs `event` on a picture of `size` after every event before it,
    /// and answers what happened.
    func perform(_ event: InputEvent, pictureSize size: (width: Int, height: Int)) async -> InputOutcome {
        let before = previous
        let turn = Task { @MainActor [weak self] () -> InputOutcome in
            await before?.value
            return await self?.performNow(event, size: size) ?? .noControl
        }
        previous = Task { _ = await turn.value }
        return await turn.value
    }

    private func performNow(_ event: InputEvent, size: (width: Int, height: Int)) async -> InputOutcome {
        guard isEnabled else { return .noControl }
        switch ScreenInputPlan(event, pictureWidth: size.width, pictureHeight: size.height) {
        case .refuse(let outcome):
            return outcome
        case .click(let x, let y):
            await control.movePointer(x: x, y: y, inPictureOf: size.width, size.height)
            try? await Task.sleep(for: Self.settle)
            guard isEnabled else { return .noControl }
            if AppWindows.containPointer() { return ScreenInputPlan.refusedOverApp }
            await control.click()
            return .performed
        case .keys(let keysyms):
            if AppWindows.haveFocus() { return ScreenInputPlan.refusedOverApp }
            await control.press(keysyms: keysyms)
            return .performed
        }
    }
}
