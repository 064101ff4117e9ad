import AssistCore
import CGtk
import Foundation

/// Runs one support session in a ``SupportPanel``: collects the pre-chat
/// form, connects a ``SupportClient``, and turns its events into what the
/// panel, the consent prompts, the connection banner and the desktop
/// notifications show. Views render and forward intent; every decision
/// comes from `AssistCore`.
@MainActor
final class SupportController {
    /// The panel to put in a window.
    let panel: SupportPanel
    /// Called when the session is over and the person pressed "Close" (or
    /// cancelled the pre-chat form).
    var onClose: () -> Void = {}
    /// Called with `true` when a session starts and `false` when it ends.
    var onActiveChanged: (Bool) -> Void = { _ in }
    /// Called with the session's transcript when a session starts (empty)
    /// and whenever the chat or its agents change.
    var onTranscriptChanged: (TranscriptDocument) -> Void = { _ in }

    private let configuration: Configuration
    /// Certificates and cookies, shared by the short-code requests and the
    /// support connection, so that a cookie one sets goes on the other.
    private let access: ServerAccess
    private let window: UnsafeMutablePointer<GtkWindow>
    private let banner: ConnectionBannerDriver
    private let consent: ConsentCoordinator
    private let notifier: DesktopNotifier
    private let baseTitle: String
    private var client: SupportClient?
    private var listeners: [Task<Void, Never>] = []
    private var prechatAnswer: CheckedContinuation<PrechatSubmission, any Error>?
    private var confirmation: ConfirmEndDialog?
    /// Documents the agent shared that are open; closed when the session ends.
    private var documents: [ObjectIdentifier: SharedDocumentWindow] = [:]
    /// Captures and sends the window while the person shares it.
    private var sharer: WindowSharer?
    /// Shows the screen or another window to the agent, from the desktop's stream.
    private var screenSharer: ScreenSharer?
    /// Makes the video tracks of shared screens, when the call media can
    /// (``ScreenVideoFactory``); the screen goes as tiles otherwise.
    private let screenVideo: (any ScreenVideoFactory)?
    /// The video track of the running screen share, once it has started.
    private var screenVideoTrack: ScreenVideoController?
    /// Covers what the agent may not see on the person's own screen while
    /// the screen is shared.
    private var screenMasks: OnScreenMasks?
    /// Shows the screen through the desktop, when the application has one
    /// (``AssistSDK/screenCapture``).
    private let screenCapture: (any ScreenCapture)?
    /// The desktop's dialog open for a request, until the person picked.
    private var screenChoice: (request: RequestID, task: Task<Void, Never>)?
    /// What the person picked, until the share starts.
    private var chosenStream: (any ScreenStream)?
    /// Lends the agent the person's pointer and keyboard on the shared
    /// screen, when the application has a screen capture.
    private let screenControl: ScreenControlCoordinator?
    /// Ctrl+Shift+Escape in the window takes control back from the agent.
    private var takeBackShortcut: TakeBackControlShortcut?
    /// Where the person's remembered screen choices are kept.
    private let rememberedScreenChoices: RememberedScreenChoices?
    /// The person's own record of what they allowed.
    private let activity: ActivityRecorder
    /// The agent's drawing over the window during the share.
    private var annotations: AnnotationLayer?
    /// Whether the person is showing a support code and waits for the agent
    /// who was given it, rather than for the queue.
    private var waitsForCodeAgent = false
    /// Whether the chat shows whole or as a card, and what came meanwhile.
    private var minimized: MinimizedChat
    /// The agent the person chats with, named on the minimized card.
    private var agentName: String?
    /// What the transcript will say: the chat, the person, the agents, the start.
    private var transcript = TranscriptRecord()
    /// The session's calls, when the application can take calls
    /// (``AssistSDK/callMedia``); `nil` otherwise.
    private let calls: CallController?
    /// Where the session is kept across runs of the app; `nil` when
    /// `keepSessionOnRestart` is off.
    private let keeping: KeptSessionStore?

    /// A controller for a session with `configuration`, shown in `window`;
    /// it takes calls with `callMedia`'s media and shows the screen with
    /// `screenCapture` when given.
    init(
        configuration: Configuration, window: UnsafeMutablePointer<GtkWindow>,
        callMedia: (any CallMediaFactory)? = nil, screenCapture: (any ScreenCapture)? = nil
    ) {
        self.configuration = configuration
        self.screenCapture = screenCapture
        screenVideo = callMedia as? any ScreenVideoFactory
        screenControl = screenCapture.map { ScreenControlCoordinator(capture: $0, parent: window) }
        rememberedScreenChoices = RememberedScreenChoices(
            configuration: configuration, environment: ProcessInfo.processInfo.environment)
        activity = ActivityRecorder(configuration: configuration)
        access = ServerAccess(configuration: configuration)
        self.window = window
        keeping = KeptSessionStore(configuration: configuration, environment: ProcessInfo.processInfo.environment)
        panel = SupportPanel(configuration: configuration)
        minimized = MinimizedChat(configuration: configuration)
        banner = ConnectionBannerDriver(view: panel.banner)
        consent = ConsentCoordinator(configuration: configuration, parent: { [window] in window }, linkSource: panel.widget)
        notifier = DesktopNotifier(window: window, allowBackgroundNotifications: configuration.allowBackgroundNotifications)
        baseTitle = gtk_window_get_title(window).map { String(cString: $0) } ?? "Assist"
        calls = callMedia.map { [panel] media in
            CallController(
                configuration: configuration, factory: media, bar: panel.call, parent: { [window] in window },
                linkSource: panel.widget)
        }
        wireViews()
    }

    isolated deinit {
        for listener in listeners { listener.cancel() }
    }

    /// Whether a session is in progress (connecting, waiting or chatting).
    private(set) var isActive = false {
        didSet { if isActive != oldValue { onActiveChanged(isActive) } }
    }

    /// Resumes the session kept from an earlier run on this server, if
    /// there is one; otherwise — or when the server no longer has it, which
    /// a notice says — shows the pre-chat form (unless there is nothing to
    /// ask) and connects. Returns once the server welcomed the session.
    ///
    /// - Throws: ``CancellationError`` when the person cancelled the form,
    ///   or why the session could not start (shown in the panel too).
    func start() async throws {
        if let kept = keptSession() {
            do {
                try await resume(kept)
                return
            } catch let closure as LinkClosure where closure.code == .resumeRejected {
                stopListening()
                client = nil
                panel.notice.render(.keptSessionGone)
            }
        }
        let submission = try await collectPrechat()
        try await connect(with: submission, configuration: configuration)
    }

    /// The session kept for this server, if any; an unreadable one is
    /// logged (it was moved aside) and counts as none.
    private func keptSession() -> KeptSession? {
        do {
            return try keeping?.load(for: configuration)
        } catch {
            FileHandle.standardError.write(Data("assist: \(error.description)\n".utf8))
            return nil
        }
    }

    /// Gets a support code from the server, shows it in large type, and
    /// joins the session the agent who is given the code joins.
    func startWithSupportCode() async throws {
        let codes = try shortCodeClient()
        panel.supportCode.render(code: nil, status: localized("Asking the support server for a code…"))
        panel.show(.supportCode)
        isActive = true
        do {
            let auditName = configuration.auditName.isEmpty ? nil : configuration.auditName
            let code = try await codes.createCode(auditName: auditName)
            let escalation = try await codes.redeem(code, auditName: auditName)
            panel.supportCode.render(code: code, status: localized("Waiting for the agent to enter the code…"))
            waitsForCodeAgent = true
            var escalated = configuration
            escalated.sessionToken = escalation.sessionToken
            escalated.correlationId = escalation.correlationID
            let submission = try PrechatForm(fields: []).submission(visitorName: configuration.visitorName)
            try await connect(with: submission, configuration: escalated, showConnecting: false)
        } catch {
            showEnded(UserFacingError(error), title: localized("No support code"))
            throw error
        }
    }

    /// Ends the session without asking (``AssistSDK/endSupport()``).
    func end() async {
        prechatAnswer?.resume(throwing: CancellationError())
        prechatAnswer = nil
        guard let client else { return finishWithoutSession() }
        await client.endSupport()
    }

    // MARK: Starting

    private func collectPrechat() async throws -> PrechatSubmission {
        let form = PrechatForm(fields: configuration.prechatFields)
        if form.isEmpty {
            return try form.submission(visitorName: configuration.visitorName)
        }
        let view = PrechatFormView(form: form, visitorName: configuration.visitorName)
        panel.showPrechat(view)
        isActive = true
        return try await withCheckedThrowingContinuation { continuation in
            prechatAnswer = continuation
            view.onSubmit = { [weak self] submission in
                self?.prechatAnswer?.resume(returning: submission)
                self?.prechatAnswer = nil
            }
        }
    }

    private func connect(
        with submission: PrechatSubmission, configuration: Configuration, showConnecting: Bool = true
    ) async throws {
        isActive = true
        if showConnecting {
            panel.status.showConnecting(to: configuration.server?.absoluteString ?? "")
            panel.show(.status)
        }
        let screen = await screenAbilities()
        let client: SupportClient
        do {
            client = try SupportClient(
                configuration: configuration, submission: submission, access: access, takesCalls: calls != nil,
                sharesScreen: screen.shares, controlsScreen: screen.controls,
                streamsScreen: screen.shares && screenVideo != nil, keeping: keeping)
        } catch {
            showEnded(error, title: localized("Support could not start"))
            throw error
        }
        self.client = client
        transcript = TranscriptRecord(personName: submission.visitorName, startedAt: Date())
        onTranscriptChanged(transcript.document)
        listen(to: client)
        await client.saveReceivedFiles(in: ReceivedFilesFolder.url(for: configuration))
        do {
            try await client.start()
            transcript.sessionID = await client.sessionID?.rawValue
            onTranscriptChanged(transcript.document)
        } catch {
            showEnded(UserFacingError(error), title: localized("Could not connect"))
            throw error
        }
    }

    /// Shows the kept session as it was — the queue or the chat with its
    /// transcript — and resumes it.
    ///
    /// - Throws: the ``LinkClosure`` with ``CloseCode/resumeRejected`` when
    ///   the server no longer has the session (nothing is shown then), or
    ///   why it could not resume (shown in the panel; the record stays).
    private func resume(_ kept: KeptSession) async throws {
        isActive = true
        let screen = await screenAbilities()
        let client: SupportClient
        do {
            client = try SupportClient(
                configuration: configuration, resuming: kept, access: access, takesCalls: calls != nil,
                sharesScreen: screen.shares, controlsScreen: screen.controls,
                streamsScreen: screen.shares && screenVideo != nil, keeping: keeping)
        } catch {
            showEnded(error, title: localized("Support could not resume"))
            throw error
        }
        self.client = client
        listen(to: client)
        await client.saveReceivedFiles(in: ReceivedFilesFolder.url(for: configuration))
        panel.chat.render(entries: await client.transcript.entries)
        show(await client.phase)
        do {
            try await client.start()
        } catch let closure as LinkClosure where closure.code == .resumeRejected {
            throw closure
        } catch {
            showEnded(UserFacingError(error), title: localized("Could not connect"))
            throw error
        }
    }

    private func stopListening() {
        for listener in listeners { listener.cancel() }
        listeners = []
    }

    private func shortCodeClient() throws(UserFacingError) -> ShortCodeClient {
        guard let client = ShortCodeClient(configuration: configuration, access: access) else {
            throw UserFacingError(message: localized("No support server is configured."), remedy: .checkSettings)
        }
        return client
    }

    /// Routes `client`'s events for as long as it is the session's client:
    /// once it is replaced (its kept session was gone), what it still
    /// publishes is not shown.
    private func listen(to client: SupportClient) {
        listeners.append(
            Task { [weak self] in
                for await event in client.events where self?.client === client { self?.handle(event) }
            })
        listeners.append(
            Task { [weak self] in
                for await event in client.connectionEvents where self?.client === client { self?.handle(event) }
            })
    }

    // MARK: Events

    private func handle(_ event: SupportEvent) {
        switch event {
        case .phaseChanged(let phase):
            show(phase)
        case .transcriptChanged(let chat):
            panel.chat.render(entries: chat.entries)
            activity.chatChanged(chat.entries, agent: agentName ?? "")
            transcript.chat = chat
            onTranscriptChanged(transcript.document)
        case .messageArrived(let entry):
            notifier.messageArrived(entry)
            minimized.received(entry)
            panel.minimizedChat.render(minimized, agentName: agentName)
        case .agentTypingChanged(let name):
            panel.chat.render(typingAgentName: name)
        case .agentJoined(let agent):
            transcript.agentJoined(agent.name)
            onTranscriptChanged(transcript.document)
            if let delegate = configuration.agentCobrowseDelegate {
                delegate.agentJoinedSession(agent)
            } else {
                panel.notice.render(AgentPresenceNotice(joined: agent))
            }
        case .agentLeft(let agent):
            calls?.agentLeft()
            if let delegate = configuration.agentCobrowseDelegate {
                delegate.agentLeftSession(agent)
            } else {
                panel.notice.render(AgentPresenceNotice(left: agent))
            }
        case .consentRequested(var request):
            if case .screenShare(.screen) = request.subject, let screenCapture { request.screenPick = screenCapture.pick }
            consent.present(request)
        case .consentWithdrawn(let id):
            consent.withdraw(id)
            screenControl?.withdraw(id)
            if screenChoice?.request == id { cancelScreenChoice() }
        case .screenShareStarted(let share):
            startSharing(share)
        case .screenShareEnded:
            stopSharingLocally()
        case .keyframeRequested:
            sharer?.requestKeyframe()
            screenSharer?.requestKeyframe()
            screenVideoTrack?.requestKeyframe()
        case .controlChanged(let share):
            activity.controlChanged(share)
            screenControl?.controlChanged(share)
            panel.sharing.render(SharingIndicator(share))
        case .annotationsChanged(let share):
            annotations?.show(share.annotations.strokes)
            panel.sharing.render(SharingIndicator(share))
        case .agentInput(let id, let event):
            if let screenSharer, let screenControl {
                Task { [weak self] in
                    let outcome = await screenControl.perform(event, sharing: screenSharer)
                    self?.perform { await $0.reportInput(id, outcome: outcome) }
                }
            } else {
                let outcome = sharer.map { inputPerformer(for: $0).perform(event) } ?? .noControl
                perform { await $0.reportInput(id, outcome: outcome) }
            }
        case .callMessage(let message):
            calls?.receive(message)
            showAskForCall()
        case .screenSignal(_, let signal):
            screenVideoTrack?.receive(signal)
        case .serverReportedProblem(let report):
            FileHandle.standardError.write(Data("assist: the server refused a frame: \(report.message)\n".utf8))
        }
    }

    private func handle(_ event: ConnectionEvent) {
        guard isActive else { return }
        banner.receive(event)
        switch event {
        case .connected, .reconnected: calls?.connectionChanged(isUp: true)
        case .disconnected: calls?.connectionChanged(isUp: false)
        case .willRetry, .reconnecting, .terminated: break
        }
    }

    private func show(_ phase: SupportPhase) {
        switch phase {
        case .connecting:
            panel.show(.status)
        case .waiting(let update):
            panel.queue.render(QueueStatus(configuration: configuration, update: update))
            panel.show(waitsForCodeAgent ? .supportCode : .queue)
        case .withAgent(let agent):
            waitsForCodeAgent = false
            panel.showAgent(agent)
            agentName = agent.name
            showChat()
            showAskForCall()
        case .ended(let ending):
            showEnded(ending.error, title: localized("Support ended"))
        }
    }

    /// Shows the chat whole, or as the minimized card while it is minimized.
    private func showChat() {
        panel.minimizedChat.render(minimized, agentName: agentName)
        if minimized.isMinimized {
            panel.show(.minimizedChat)
            gtk_widget_grab_focus(panel.minimizedChat.openButton)
        } else {
            panel.show(.chat)
            gtk_widget_grab_focus(panel.chat.composer.textView)
        }
    }

    private func showEnded(_ error: UserFacingError, title: String) {
        calls?.sessionEnded()
        Widgets.setVisible(panel.askForCallButton, false)
        stopSharingLocally()
        waitsForCodeAgent = false
        confirmation?.close()
        confirmation = nil
        for document in documents.values { document.close() }
        banner.hide()
        panel.notice.render(nil)
        panel.status.showEnded(error, title: title)
        panel.show(.status)
        isActive = false
    }

    private func finishWithoutSession() {
        isActive = false
        onClose()
    }

    // MARK: Sharing

    /// Starts showing the host window to the share's agent, with that
    /// agent's permissions and the configuration's tags, and shows the bar.
    private func startSharing(_ share: ScreenShare) {
        stopSharingLocally(keepingChosen: share.source != .appWindow)
        guard let client else { return }
        activity.shareStarted(share)
        guard share.source == .appWindow else { return startScreenSharing(share, client: client) }
        let sharer = WindowSharer(
            window: GtkCast.pointer(window), permissions: share.permissions,
            rules: MaskingRules(configuration: configuration)
        ) { bytes in await client.sendCobrowseFrame(bytes) }
        let layer = AnnotationLayer(window: GtkCast.pointer(window), overlay: panel.widget)
        sharer.capture.annotationLayer = layer
        sharer.onContentChanged = { [weak self, weak layer] tiles in
            guard let layer, !layer.strokes.isEmpty else { return }
            self?.perform { await $0.contentChanged(in: tiles) }
        }
        self.sharer = sharer
        annotations = layer
        panel.sharing.render(SharingIndicator(share))
        sharer.start()
    }

    /// Performs the agent's input on the shared window; the Sharing bar
    /// never takes it.
    private func inputPerformer(for sharer: WindowSharer) -> AgentInputPerformer {
        AgentInputPerformer(window: GtkCast.pointer(window), capture: sharer.capture, protected: [panel.sharing.widget])
    }

    /// Shows the stream the person picked in the desktop's dialog to the
    /// share's agent, and covers what that agent may not see on the
    /// person's own screen for as long as it runs.
    private func startScreenSharing(_ share: ScreenShare, client: SupportClient) {
        guard let stream = chosenStream else {
            perform { await $0.stopSharing() }
            return
        }
        chosenStream = nil
        screenMasks = OnScreenMasks(
            window: GtkCast.pointer(window), overlay: panel.widget, permissions: share.permissions,
            rules: MaskingRules(configuration: configuration))
        let sharer = ScreenSharer(stream: stream) { bytes in await client.sendCobrowseFrame(bytes) }
        if screenCapture?.pick == .wholeScreen { sharer.cover = { [weak self] picture in self?.coverAppWindow(in: &picture) } }
        sharer.onEnded = { [weak self] in
            self?.stopSharingLocally()
            self?.perform { await $0.stopSharing() }
        }
        screenSharer = sharer
        if let screenVideo {
            screenVideoTrack = ScreenVideoController(
                factory: screenVideo, sharer: sharer,
                send: { [weak self] signal in self?.perform { await $0.sendScreenSignal(signal, for: share.requestID) } },
                iceServers: { await client.iceServers })
        }
        panel.sharing.render(SharingIndicator(share))
        do {
            try sharer.start()
        } catch {
            stopSharingLocally()
            perform { await $0.stopSharing() }
            panel.notice.render(AgentPresenceNotice(screenNotShared: error))
        }
    }

    /// Paints the app window's masks into a picture of the whole X screen
    /// where the window lies, beside the masks on the screen itself.
    private func coverAppWindow(in picture: inout PixelBuffer) {
        guard let masks = screenMasks?.masks, !masks.isEmpty,
            let origin = WindowPlacement.originOnX11Screen(of: GtkCast.pointer(window))
        else { return }
        picture.cover(masks, offsetBy: origin.x, origin.y)
    }

    /// Whether the app can offer the screen — a screen capture is installed,
    /// the configuration names the scope, and the desktop's service answers
    /// (asked only then, so an app that never offers the screen never asks)
    /// — and control of it: the configuration allows it and the desktop can
    /// lend a pointer and a keyboard.
    private func screenAbilities() async -> (shares: Bool, controls: Bool) {
        guard let screenCapture, configuration.screenShareScopes.contains(.screen), await screenCapture.isAvailable()
        else { return (false, false) }
        return (true, configuration.screenControl ? await screenCapture.canControl() : false)
    }

    /// The person accepted Assist's prompt to let the agent use the pointer
    /// and keyboard on the shared screen: the desktop asks next.
    private func lendScreenControl(for request: ConsentRequest) {
        guard let screenControl, let screenSharer else { return perform { await $0.answer(request.id, accepted: false) } }
        screenControl.accepted(request, sharing: screenSharer)
    }

    /// The person accepted Assist's prompt to show the screen: the desktop's
    /// own dialog lets them pick a monitor or a window, and only then is the
    /// agent answered — with what they picked, or declined when they
    /// cancelled or the desktop could not share (which a notice says).
    ///
    /// With `remember` (the prompt's check box; `nil`: as before) the pick is
    /// kept for this server (``RememberedScreenChoices``) and the next share
    /// starts with it, without the desktop's dialog; unticked, what was kept
    /// is forgotten.
    private func chooseScreen(for request: ConsentRequest, remember: Bool?) {
        guard let screenCapture else { return perform { await $0.answer(request.id, accepted: false) } }
        cancelScreenChoice()
        let remembered = rememberedScreenChoice()
        let keep = remember ?? (remembered != nil)
        let token = keep ? remembered : nil
        let task = Task { [weak self, window] in
            let outcome: Result<any ScreenStream, ScreenChoiceError>
            do throws(ScreenChoiceError) {
                outcome = .success(try await screenCapture.choose(parent: window, restoring: token, remember: keep))
            } catch {
                outcome = .failure(error)
            }
            guard let self, !Task.isCancelled, self.screenChoice?.request == request.id else {
                if case .success(let stream) = outcome { stream.stop() }
                return
            }
            self.screenChoice = nil
            if case .success(let stream) = outcome { self.keepScreenChoice(keep ? stream.restoreToken : nil) }
            self.screenChosen(outcome, for: request.id)
        }
        screenChoice = (request.id, task)
    }

    /// The token remembered for this server, if the person asked to remember.
    private func rememberedScreenChoice() -> String? {
        guard let server = configuration.server?.absoluteString else { return nil }
        return rememberedScreenChoices?.token(forServer: server)
    }

    /// Keeps `token` for this server, or forgets what was kept when `nil`;
    /// a file that cannot be written is said on stderr (the share goes on).
    private func keepScreenChoice(_ token: String?) {
        guard let server = configuration.server?.absoluteString, let choices = rememberedScreenChoices else { return }
        do throws(RememberedScreenChoicesError) {
            if let token { try choices.remember(token, forServer: server) } else { try choices.forget(server: server) }
        } catch {
            FileHandle.standardError.write(Data("assist: the screen choice could not be kept: \(error.message)\n".utf8))
        }
    }

    /// What the person picked in the desktop's dialog goes to the agent; a
    /// dialog cancelled or failed declines, and a failure is said.
    private func screenChosen(_ outcome: Result<any ScreenStream, ScreenChoiceError>, for id: RequestID) {
        switch outcome {
        case .success(let stream):
            chosenStream?.stop()
            chosenStream = stream
            let source = stream.source
            perform { await $0.answer(id, accepted: true, sharing: source) }
        case .failure(let error):
            if error != .cancelled { panel.notice.render(AgentPresenceNotice(screenNotShared: error)) }
            perform { await $0.answer(id, accepted: false) }
        }
    }

    /// Closes the desktop's dialog, if it is open (the agent withdrew the
    /// request, or the session ended).
    private func cancelScreenChoice() {
        screenChoice?.task.cancel()
        screenChoice = nil
    }

    /// Stops capturing at once and hides the bar (the share ended on either
    /// side); the stream the person just picked is kept only for the share
    /// it was picked for.
    private func stopSharingLocally(keepingChosen: Bool = false) {
        if !keepingChosen {
            cancelScreenChoice()
            chosenStream?.stop()
            chosenStream = nil
        }
        activity.shareEnded()
        screenControl?.shareEnded()
        screenVideoTrack?.stop()
        screenVideoTrack = nil
        screenSharer?.stop()
        screenSharer = nil
        screenMasks?.remove()
        screenMasks = nil
        sharer?.stop()
        sharer = nil
        annotations?.remove()
        annotations = nil
        panel.sharing.render(nil)
    }

    // MARK: Intents

    private func wireViews() {
        panel.onPrechatCancelled = { [weak self] in
            self?.prechatAnswer?.resume(throwing: CancellationError())
            self?.prechatAnswer = nil
            self?.finishWithoutSession()
        }
        panel.queue.onLeave = { [weak self] in self?.perform { await $0.endSupport() } }
        panel.onEndRequested = { [weak self] in self?.confirmEnd() }
        panel.onMinimizeRequested = { [weak self] in
            guard let self, minimized.minimize() else { return }
            showChat()
        }
        panel.onAskForCall = { [weak self] in
            self?.calls?.ask()
            self?.showAskForCall()
        }
        calls?.send = { [weak self] message in self?.perform { await $0.sendCallMessage(message) } }
        calls?.iceServers = { [weak self] in await self?.client?.iceServers ?? [] }
        calls?.agentName = { [weak self] in self?.agentName ?? "" }
        calls?.onStateChanged = { [weak self] in self?.showAskForCall() }
        panel.minimizedChat.onOpen = { [weak self] in
            guard let self else { return }
            minimized.restore()
            showChat()
        }
        panel.supportCode.onCancel = { [weak self] in
            guard let self else { return }
            if client == nil { finishWithoutSession() } else { perform { await $0.endSupport() } }
        }
        panel.chat.onSend = { [weak self] text in
            self?.perform { await $0.send(text) }
        }
        panel.chat.onRetry = { [weak self] _ in self?.perform { await $0.reconnect() } }
        panel.chat.onSendFile = { [weak self] file in self?.perform { await $0.sendFile(file) } }
        panel.chat.onCancelFile = { [weak self] id in self?.perform { await $0.cancelFile(id) } }
        panel.chat.onTypingChanged = { [weak self] isTyping in self?.perform { await $0.setTyping(isTyping) } }
        panel.notice.onDismiss = { [weak self] in self?.panel.notice.render(nil) }
        panel.sharing.onTakeBackControl = { [weak self] in self?.perform { await $0.stopControl() } }
        panel.sharing.onClearDrawings = { [weak self] in self?.perform { await $0.clearAnnotations() } }
        panel.sharing.onStop = { [weak self] in
            self?.stopSharingLocally()
            self?.perform { await $0.stopSharing() }
        }
        panel.banner.onAction = { [weak self] action in self?.bannerAction(action) }
        panel.status.onClose = { [weak self] in self?.finishWithoutSession() }
        panel.status.onPrimary = { [weak self] in self?.restart() }
        consent.onAnswer = { [weak self] id, accepted in self?.perform { await $0.answer(id, accepted: accepted) } }
        consent.onDocumentAccepted = { [weak self] document in self?.open(document) }
        consent.onPushOpened = { [weak self] request in self?.activity.pushOpened(request) }
        calls?.onMediaChanged = { [weak self] tracks in self?.activity.callChanged(tracks, agent: self?.agentName ?? "") }
        consent.onScreenAccepted = { [weak self] request, remember in self?.chooseScreen(for: request, remember: remember) }
        consent.remembersScreenChoice = { [weak self] in self?.rememberedScreenChoice() != nil }
        consent.onScreenControlAccepted = { [weak self] request in self?.lendScreenControl(for: request) }
        screenControl?.answer = { [weak self] id, accepted in self?.perform { await $0.answer(id, accepted: accepted) } }
        screenControl?.showRefusal = { [weak self] error in self?.panel.notice.render(AgentPresenceNotice(controlNotGiven: error)) }
        takeBackShortcut = TakeBackControlShortcut(on: window) { [weak self] in self?.perform { await $0.stopControl() } }
        notifier.onUnreadCountChanged = { [weak self] count in self?.showUnread(count) }
    }

    /// Shows "Ask for a call" while the app can take calls, an agent is
    /// with the person and no call is asked for or under way.
    private func showAskForCall() {
        Widgets.setVisible(panel.askForCallButton, agentName != nil && isActive && calls?.canAsk == true)
    }

    private func open(_ document: SharedDocument) {
        let viewer = SharedDocumentWindow(
            document: document, closable: configuration.addSharedDocCloseListener, parent: window)
        let key = ObjectIdentifier(viewer)
        viewer.onClosed = { [weak self] in self?.documents[key] = nil }
        documents[key] = viewer
        viewer.present()
    }

    private func perform(_ intent: @escaping @Sendable (SupportClient) async -> Void) {
        guard let client else { return }
        Task { await intent(client) }
    }

    private func confirmEnd() {
        let dialog = ConfirmEndDialog(parent: window)
        dialog.onConfirm = { [weak self] in self?.perform { await $0.endSupport() } }
        confirmation = dialog
        dialog.present()
    }

    private func bannerAction(_ action: ConnectionBannerAction) {
        let timeout = configuration.maxReconnectTimeouts.last ?? configuration.timeout
        switch action {
        case .retryNow:
            perform { await $0.connector?.reconnect(timeout) }
        case .giveUp:
            perform { await $0.connector?.disconnect() }
        case .startAgain:
            perform { await $0.reconnect() }
        }
    }

    private func restart() {
        stopListening()
        client = nil
        Task { [weak self] in try? await self?.start() }
    }

    private func showUnread(_ count: Int) {
        gtk_window_set_title(window, count > 0 ? "(\(count)) \(baseTitle)" : baseTitle)
    }
}
