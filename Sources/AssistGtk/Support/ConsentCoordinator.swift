import AssistCore
import CGtk
import Foundation

/// Puts the agent's requests — co-browse, pushed content, calls — to whoever
/// decides them — the application's delegate or Assist's own prompt, by
/// ``PromptRouting`` — and hands the answer back.
///
/// The default prompt is a ``ConsentDialog`` driven by a ``ConsentPrompt``:
/// a countdown each second, and Decline when nobody answers in time.
/// An accepted pushed link opens in the browser; an accepted document goes
/// to ``onDocumentAccepted``.
@MainActor
final class ConsentCoordinator {
    private struct OpenPrompt {
        var prompt: ConsentPrompt
        let dialog: ConsentDialog
        let ticker: Task<Void, Never>
    }

    /// Sends an answer to the server.
    var onAnswer: (RequestID, Bool) -> Void = { _, _ in }
    /// Shows a document the person accepted.
    var onDocumentAccepted: (SharedDocument) -> Void = { _ in }
    /// The person opened a page or document an agent pushed.
    var onPushOpened: (ConsentRequest) -> Void = { _ in }
    /// The person accepted to show the screen: the desktop's dialog comes
    /// next, and the answer goes once they picked something there. With
    /// Assist's prompt, whether they ticked "Remember my choice"; `nil` when
    /// the application's delegate answered.
    var onScreenAccepted: (ConsentRequest, _ remember: Bool?) -> Void = { _, _ in }
    /// The person accepted to let the agent use their pointer and keyboard
    /// on the shared screen: the desktop's dialog comes next, and the answer
    /// goes once they confirmed there (§12.9).
    var onScreenControlAccepted: (ConsentRequest) -> Void = { _ in }
    /// Whether a screen choice is remembered for this server, so the prompt's
    /// check box starts ticked.
    var remembersScreenChoice: () -> Bool = { false }

    private let configuration: Configuration
    private let parent: () -> UnsafeMutablePointer<GtkWindow>?
    private let linkSource: UnsafeMutablePointer<GtkWidget>
    private var open: [RequestID: OpenPrompt] = [:]
    private var pendingDelegateAnswers: Set<RequestID> = []

    /// A coordinator whose prompts are modal over `parent()`; links open on
    /// behalf of `linkSource`'s window.
    init(
        configuration: Configuration, parent: @escaping () -> UnsafeMutablePointer<GtkWindow>?,
        linkSource: UnsafeMutablePointer<GtkWidget>
    ) {
        self.configuration = configuration
        self.parent = parent
        self.linkSource = linkSource
    }

    isolated deinit {
        for prompt in open.values {
            prompt.ticker.cancel()
            prompt.dialog.close()
        }
    }

    /// Puts `request` to its decider.
    func present(_ request: ConsentRequest) {
        switch PromptRouting(configuration: configuration).decider(for: request.subject.kind) {
        case .agentCobrowseDelegate:
            guard let delegate = configuration.agentCobrowseDelegate else { return presentDefault(request) }
            askDelegate(request) { await delegate.agentRequestedCobrowse(request.agent) }
        case .screenShareRequestedDelegate:
            guard let delegate = configuration.screenShareRequestedDelegate, case .screenShare(let scope) = request.subject else {
                return presentDefault(request)
            }
            askDelegate(request) { await delegate.assistSDKScreenShareRequested(by: request.agent, scope: scope) }
        case .pushAuthorizationDelegate:
            guard let delegate = configuration.pushDelegate, case .push(let content) = request.subject else {
                return presentDefault(request)
            }
            askDelegate(request) { await delegate.displayContentPushAuthorization(for: content, from: request.agent) }
        case .callRequestedDelegate:
            guard let delegate = configuration.callRequestedDelegate, case .call(let media) = request.subject else {
                return presentDefault(request)
            }
            askDelegate(request) { await delegate.assistSDKCallRequested(by: request.agent, media: media) }
        case .defaultPrompt:
            presentDefault(request)
        }
    }

    /// Closes the prompt of `id` without an answer: the agent withdrew the
    /// request or the session ended.
    func withdraw(_ id: RequestID) {
        pendingDelegateAnswers.remove(id)
        guard var entry = open.removeValue(forKey: id) else { return }
        _ = entry.prompt.withdraw()
        entry.ticker.cancel()
        entry.dialog.close()
    }

    private func askDelegate(_ request: ConsentRequest, decide: @escaping @MainActor () async -> Bool) {
        pendingDelegateAnswers.insert(request.id)
        Task { [weak self] in
            let accepted = await decide()
            guard let self, pendingDelegateAnswers.remove(request.id) != nil else { return }
            answered(request, accepted: accepted)
        }
    }

    private func presentDefault(_ request: ConsentRequest) {
        let dialog = ConsentDialog(
            request: request, parent: parent(), remembering: request.offersToRememberChoice && remembersScreenChoice())
        let prompt = ConsentPrompt(request: request, presentedAt: .now)
        dialog.update(secondsRemaining: prompt.secondsRemaining(at: .now))
        dialog.onAnswer = { [weak self] accepted in
            self?.personAnswered(request.id, accepted: accepted)
        }
        let ticker = Task { [weak self] in
            while !Task.isCancelled {
                do {
                    try await Task.sleep(for: .seconds(1))
                } catch {
                    return
                }
                self?.tick(request.id)
            }
        }
        open[request.id] = OpenPrompt(prompt: prompt, dialog: dialog, ticker: ticker)
        dialog.present()
    }

    private func tick(_ id: RequestID) {
        guard var entry = open[id] else { return }
        let now = ContinuousClock.now
        let action = entry.prompt.timeElapsed(now: now)
        open[id] = entry
        entry.dialog.update(secondsRemaining: entry.prompt.secondsRemaining(at: now))
        if case .sendAnswer(let accepted) = action {
            finish(id, accepted: accepted)
            entry.dialog.close()
        }
    }

    private func personAnswered(_ id: RequestID, accepted: Bool) {
        guard var entry = open[id] else { return }
        let action = accepted ? entry.prompt.accept(at: .now) : entry.prompt.decline(at: .now)
        open[id] = entry
        if case .sendAnswer(let answer) = action {
            finish(id, accepted: answer)
        }
    }

    private func finish(_ id: RequestID, accepted: Bool) {
        guard let entry = open.removeValue(forKey: id) else { return }
        entry.ticker.cancel()
        answered(entry.prompt.request, accepted: accepted, remember: entry.dialog.remembersChoice)
    }

    private func answered(_ request: ConsentRequest, accepted: Bool, remember: Bool? = nil) {
        if accepted, request.subject == .screenShare(.screen) { return onScreenAccepted(request, remember) }
        if accepted, request.subject == .control(.screen) { return onScreenControlAccepted(request) }
        onAnswer(request.id, accepted)
        guard accepted, case .push(let content) = request.subject else { return }
        onPushOpened(request)
        switch content {
        case .url(let url):
            LinkOpener.open(url.absoluteString, from: linkSource)
        case .document(let url, let mediaType):
            onDocumentAccepted(SharedDocument(url: url, mediaType: mediaType))
        }
    }
}
