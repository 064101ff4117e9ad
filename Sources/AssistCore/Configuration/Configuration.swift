import Foundation

/// Everything a support session is configured with: the Live Assist
/// "Session Configuration" table and the chat seed's display, background,
/// pre-chat and queue settings, under the seeds' property names.
///
/// `Configuration()` has the defaults below. A configuration is usually
/// loaded from a JSON file (``init(contentsOf:)``), whose keys are exactly the
/// property names, then adjusted from the command line
/// (``apply(overrides:)``); both check it with ``validate(source:)``. The
/// delegates are set in code and are not part of JSON.
///
/// ## JSON
///
/// A configuration file is one JSON object. Its keys are the property names
/// below (except the delegates); a key left out keeps its value, an unknown
/// key is an error, and keys starting with `//` are comments. Seconds may be
/// integers or decimals; `server` is a URL string or `null`; `maskColor` is
/// `"#RRGGBB"` or `"#RRGGBBAA"`; `videoMode`, `queueStyle` and
/// `reconnectJitter` are case names; `hidingTags` and `maskingTags` are
/// arrays of strings; `prechatFields` and `prechatEntities` are arrays of the
/// objects described on ``PrechatField`` and ``PrechatEntity``. A file may
/// hold only some keys — the sample pre-chat forms hold only the two
/// pre-chat keys — and be layered over another with ``apply(contentsOf:)``.
///
/// ## Defaults
///
/// | Property | Seed default | Assist default | Why Assist differs |
/// |-|-|-|-|
/// | `server` | (required argument) | `nil` | Not configured until a file or the command line names one; the app says so instead of guessing a host. |
/// | `autoStart` | (argument) | `false` | The person asks for help before anything connects. |
/// | `destination` | `""` | `""` | |
/// | `videoMode` | `.full` | `.full` | |
/// | `correlationId` | `""` | `""` | |
/// | `auditName` | `""` | `""` | Sent URL-encoded (``auditNameURLEncoded``). |
/// | `acceptSelfSignedCerts` | `false` | `false` | Same meaning, and it covers the short-code requests as well as the WebSocket (``ServerAccess``). Off, a certificate the system's trust store does not verify fails with ``UntrustedCertificateError``, which is never retried; on, any certificate is accepted. |
/// | `useCookies` | `false` | `false` | Cookies the server or a load balancer sets on short-code answers are kept in memory for the session (``CookieJar``) and sent on every later short-code request and WebSocket upgrade; off, no request carries a `Cookie` header. Cookies set on the WebSocket upgrade's own answer are not seen: hummingbird's client does not hand that answer's headers on. |
/// | `isAgentWindowOnTop` | `false` | `false` | A request to the window manager for the call's agent video window (X11's `_NET_WM_STATE_ABOVE`); Wayland has no such request. |
/// | `useTestMediaSources` | (not in the seed) | `false` | Calls send a test picture and tone instead of the camera and the microphone. |
/// | `hidingTags` | `[]` (numbers) | `[]` (strings) | GTK widgets carry string tags the application assigns, not numeric view tags. |
/// | `maskingTags` | `[]` (numbers) | `[]` (strings) | As `hidingTags`. |
/// | `maskColor` | `.black` | ``RGBAColor/black`` | A toolkit-free RGBA value instead of `UIColor`. |
/// | `timeout` | `5.0` | `5.0` | |
/// | `sessionToken` | `""` | `""` | |
/// | `documentViewConstraints` | `nil` | omitted | Shared documents open in their own window, which the person and the window manager place; there is no host view to constrain. |
/// | `addSharedDocCloseListener` | `true` | `true` | |
/// | `keepAnnotationsOnChange` | `false` | `false` | |
/// | `screenShareScopes` | (not in the seed) | `[.window]` | What an agent may ask to see: the application's own window (the seed's co-browse); `.screen` adds the screen or another window through the desktop's ScreenCast portal. `assist-desktop` offers both. |
/// | `screenControl` | (not in the seed) | `false` | Whether an agent who sees the screen may ask to use the person's pointer and keyboard there, through the desktop's RemoteDesktop portal. `assist-desktop` allows it. |
/// | `screenShareRequestedDelegate` | built-in prompt | `nil` = built-in prompt | |
/// | `agentCobrowseDelegate` | built-in prompt | `nil` = built-in prompt | |
/// | `connectionDelegate` | `nil` | `nil` | |
/// | `pushDelegate` | `nil` | `nil` = built-in prompt | |
/// | `uui` | `""` | `""` | Sent hex-encoded (``uuiHex``). |
/// | `retryIntervals` | `[1, 2, 4, 8, 16, 32]` | `[1, 2, 4, 8, 16, 32]` | |
/// | `maxReconnectTimeouts` | `[5.0]` | `[5.0]` | |
/// | `initialConnectTimeout` | `30.0` | `30.0` | |
/// | `reconnectJitter` | (none) | `.none` | Assist addition; `.full` is opt-in. |
/// | `isProgrammaticUI` | `false` | omitted | Chooses storyboards or code for iOS views; a GTK app has no storyboards. |
/// | `allowMinimization` | `true` | `true` | |
/// | `allowURLPreview` | `true` | `true` | |
/// | `defaultToMinimized` | `true` | `false` | A desktop chat opens as a normal window; starting minimized would hide it from the person who just asked for help. |
/// | `allowBackgroundExecution` | `true` | omitted | A desktop process is never suspended: the session keeps running while its window is minimized or hidden. |
/// | `allowBackgroundNotifications` | `true` | `true` | Desktop notifications while the chat window is not focused. |
/// | `prechatFields` | `nil` | `[]` | An empty form is shown as no form. |
/// | `prechatEntities` | `nil` | `[]` | As `prechatFields`. |
/// | `eventList` | (empty) | omitted | Custom in-app URL tiles are not part of Assist. |
/// | `queueStyle` | `.position` | `.position` | |
/// | `minimumEstimatedWaitTime` | (unset) | `60` s | Estimates below one minute read as "about a minute". |
/// | `maximumEstimatedWaitTime` | (unset) | `600` s | Estimates over ten minutes read as "longer than usual". |
/// | `remoteLoggingEnabled` | `true` | `false` | A desktop application uploads nothing beyond the session itself unless its deployer opts in. |
/// | `visitorName` | `"Visitor"` | `"Visitor"` | |
/// | `keepSessionOnRestart` | (not in the seed) | `true` | A desktop app can be quit or killed in the middle of a session; launched again, it resumes the session (``KeptSessionStore``). |
/// | `sessionStateDirectory` | (not in the seed) | `""` | Where the kept session lives; empty means `$XDG_STATE_HOME/assist`. |
/// | `receivedFilesDirectory` | (not in the seed) | `""` | Where files the agent sends are saved; empty means the person's Downloads folder (XDG). |
/// | `chatTemplateURL` | (the template chapter's entry-point URL) | `""` | Empty: the app's native chat. An `http`/`https` URL: the chat is that web template page (template mode). |
/// | `customerData` | (the template chapter's customer object) | `[:]` | Given to the template only when its URL has `postChatAttributes=true`. |
public struct Configuration: Sendable {
    // MARK: Connection

    /// The support server, e.g. `http://127.0.0.1:8080`: an `http`, `https`,
    /// `ws` or `wss` URL with a host. `nil` until configured; the application
    /// must tell the person no server is set rather than guess one.
    public var server: URL?

    /// Whether support starts as soon as the application opens (pre-chat
    /// form, then the queue), instead of when the person asks for help.
    public var autoStart = false

    /// The agent or agent group to reach: its user name when local to the
    /// gateway, otherwise a full SIP URI. Leave empty when escalating an
    /// existing call with ``sessionToken`` and ``correlationId``.
    public var destination = ""

    /// Whose video the session shows.
    public var videoMode = VideoMode.full

    /// The id of the co-browsing session, when joining one that already exists.
    public var correlationId = ""

    /// The name identifying the person in the server's event logs; sent
    /// URL-encoded (see ``auditNameURLEncoded``).
    public var auditName = ""

    /// Whether a server certificate that does not verify — self-signed, or
    /// signed by nobody the system trusts — is accepted on `https` and `wss`,
    /// for the WebSocket and the short-code requests alike. For development
    /// servers only; off, such a server is refused with an
    /// ``UntrustedCertificateError``.
    public var acceptSelfSignedCerts = false

    /// Whether cookies the support server, or a load balancer in front of it,
    /// sets on its answers are kept for the session and sent back on later
    /// requests and WebSocket upgrades (sticky sessions); see ``CookieJar``.
    public var useCookies = false

    /// Seconds to wait for the support server to answer an HTTP request —
    /// support codes (``ShortCodeClient/init(configuration:access:)``) and
    /// diagnostic uploads — and for **Retry now** when no automatic
    /// reconnection is configured; at least 0. The WebSocket's first
    /// connection waits ``initialConnectTimeout`` (the reconnection seed's key).
    public var timeout: TimeInterval = 5.0

    /// A gateway session token, when escalating an existing call to add
    /// co-browsing (with ``correlationId``). When set, ``uui`` is ignored.
    public var sessionToken = ""

    /// User-to-user information placed in the SIP User-to-User header, sent
    /// hex-encoded (see ``uuiHex``). Only honoured when anonymous consumer
    /// access is in trusted mode, and ignored when ``sessionToken`` is set.
    public var uui = ""

    // MARK: Reconnection

    /// The seconds to wait before each automatic reconnection attempt, one
    /// attempt per element; empty means no automatic reconnection. Each at
    /// least 0.
    public var retryIntervals: [TimeInterval] = [1.0, 2.0, 4.0, 8.0, 16.0, 32.0]

    /// The seconds each reconnection attempt may take before it fails,
    /// matched by position with ``retryIntervals``; when shorter, its last
    /// value serves the remaining attempts. Each at least 0, and not empty
    /// while ``retryIntervals`` is not.
    public var maxReconnectTimeouts: [TimeInterval] = [5.0]

    /// Seconds the first WebSocket connection attempt may take before it
    /// fails; at least 0.
    public var initialConnectTimeout: TimeInterval = 30.0

    /// How the waits in ``retryIntervals`` are spread out. `.none` keeps the
    /// seed's exact intervals; `.full` (opt-in) randomises each wait between
    /// zero and its interval.
    public var reconnectJitter = ReconnectJitter.none

    // MARK: Co-browsing

    /// Whether the agent's window is kept above other windows. A request to
    /// the window manager, which may not honour it.
    public var isAgentWindowOnTop = false

    /// Whether a call sends a test picture and tone instead of the camera
    /// and the microphone: for demonstrations and tests on machines without
    /// devices. Not in the seed.
    public var useTestMediaSources = false

    /// Tags of widgets the agent sees covered by black rectangles. The seed's
    /// numeric view tags become the string tags the application assigns to
    /// its GTK widgets.
    public var hidingTags: [String] = []

    /// Tags of widgets the agent sees as boxes of ``maskColor``. String tags,
    /// as ``hidingTags``.
    public var maskingTags: [String] = []

    /// The colour of the boxes the agent sees in place of masked widgets.
    public var maskColor = RGBAColor.black

    /// Whether a document the agent shares shows a Close link, so either side
    /// can close it. `false` keeps it open until the agent closes it.
    public var addSharedDocCloseListener = true

    /// Whether the agent's annotations stay when the content under them
    /// changes; `false` clears them.
    public var keepAnnotationsOnChange = false

    /// What an agent may ask the person to show: ``ShareScope/window``, the
    /// application's own window with its masks, and ``ShareScope/screen``,
    /// the screen or another window the person picks in the desktop's own
    /// dialog. The screen is offered only when the application also has a
    /// screen capture installed (AssistGtk's `AssistSDK.screenCapture`). Empty:
    /// the agent cannot ask to see anything. In JSON an array of the names.
    public var screenShareScopes: [ShareScope] = [.window]

    /// Whether an agent who sees the screen (``ShareScope/screen``) may ask
    /// to use the person's pointer and keyboard there: after the app's own
    /// prompt, the desktop asks in its RemoteDesktop dialog. Offered only when
    /// the screen is, and the application's screen capture can control
    /// (AssistGtk's `ScreenCapture.canControl()`).
    public var screenControl = false

    // MARK: Chat window

    /// The person's name as the agent sees it.
    public var visitorName = "Visitor"

    /// What the person is told while waiting.
    public var queueStyle = QueueStyle.position

    /// With ``QueueStyle/estimatedWaitTime``: the shortest estimate shown, in
    /// seconds; shorter estimates are shown as this one. At least 0 and not
    /// above ``maximumEstimatedWaitTime``.
    public var minimumEstimatedWaitTime: TimeInterval = 60

    /// With ``QueueStyle/estimatedWaitTime``: the longest estimate shown, in
    /// seconds; longer ones give way to a generic "longer than usual" message.
    public var maximumEstimatedWaitTime: TimeInterval = 600

    /// Whether the person may minimize the chat window.
    public var allowMinimization = true

    /// Whether links the agent types are shown with a preview.
    public var allowURLPreview = true

    /// Whether the chat window opens minimized. The seed's `true` is for a
    /// phone's thumbnail view; a desktop window opens normally (`false`).
    public var defaultToMinimized = false

    /// Whether chat activity raises desktop notifications while the chat
    /// window is not focused. (The seed's `allowBackgroundExecution`, which
    /// it requires, has no desktop counterpart: the process keeps running.)
    public var allowBackgroundNotifications = true

    /// Whether session logs, with no personal information, are sent to the
    /// support server. Off unless the deployer opts in (the seed says on).
    public var remoteLoggingEnabled = false

    // MARK: Keeping the session

    /// Whether the session in progress is kept on disk (``KeptSessionStore``)
    /// so that the app, launched again after quitting or a crash, resumes
    /// it; ending support deletes it. Not in the seed.
    public var keepSessionOnRestart = true

    /// The folder the kept session is written to, an absolute path; empty
    /// (the default) means `$XDG_STATE_HOME/assist`, or
    /// `~/.local/state/assist`. Not in the seed.
    public var sessionStateDirectory = ""

    /// The folder files the agent sends in chat are saved into, an absolute
    /// path; empty (the default) means the person's Downloads folder
    /// (`XDG_DOWNLOAD_DIR`), made when missing. Not in the seed.
    public var receivedFilesDirectory = ""

    // MARK: Chat template

    /// The chat template's entry-point URL, e.g.
    /// `https://host/system/templates/chat/assist/index.html?entryPointId=1`;
    /// empty (the default) means the app's own chat. When set, the app shows
    /// this page instead (template mode). An `http` or `https` URL with a
    /// host; anything else is refused when the configuration is validated.
    public var chatTemplateURL = ""

    /// The customer's data for the chat template's auto-login and SSO: field
    /// name → value, optionally with `SAMLResponse`. Given to the page (its
    /// `MobileInterface.OnCustomerDataReceived`) only when
    /// ``chatTemplateURL`` has `postChatAttributes=true`.
    public var customerData: [String: String] = [:]

    // MARK: Pre-chat

    /// The pre-chat form shown before the person joins the queue; empty for
    /// none. Labels are unique.
    public var prechatFields: [PrechatField] = []

    /// Records to find or create from the pre-chat answers; every field
    /// mapping names the label of one of ``prechatFields``.
    public var prechatEntities: [PrechatEntity] = []

    // MARK: Delegates

    /// Told about connection loss, retries, reconnection and termination.
    /// Held weakly, as delegates are: the application keeps it alive.
    public weak var connectionDelegate: (any ConnectionStatusDelegate)?

    /// Decides an agent's screen-share requests instead of the built-in
    /// prompt. Not called when ``agentCobrowseDelegate`` is set. Held weakly.
    public weak var screenShareRequestedDelegate: (any ScreenShareRequestedDelegate)?

    /// Told about agents joining and leaving, and decides co-browse requests;
    /// when set, ``screenShareRequestedDelegate`` is not called and no
    /// built-in prompt is shown. Held weakly.
    public weak var agentCobrowseDelegate: (any AgentCobrowseDelegate)?

    /// Decides whether content an agent pushes is shown, instead of the
    /// built-in prompt. Held weakly.
    public weak var pushDelegate: (any PushAuthorizationDelegate)?

    /// Decides whether an agent's call is taken, instead of the built-in
    /// call prompt. Held weakly.
    public weak var callRequestedDelegate: (any CallRequestedDelegate)?

    /// A configuration with every default listed in the table above.
    public init() {}
}
