import AssistCore
import Foundation

/// What the demo agent does next, decided from what the server tells it.
/// Pure: the driver performs the sends after their delays.
///
/// It takes the longest-waiting person when it has room, greets them,
/// answers what they write, asks once per session to see their window,
/// thanks them for their answer, and says so when the first picture of the
/// shared window really arrives; the first time, it also draws a ring on
/// the window to show what annotations look like.
///
/// A demo agent that signs in again (after a server restart, or its own
/// dropped connection) is sent its sessions' transcripts. A message of its
/// own among them proves that everything before it was answered by an
/// earlier run: the steps planned for those messages are dropped
/// (``isCurrent(_:)``), so the person is not greeted, asked or answered twice.
struct DemoAgentScript: Sendable {
    /// One thing to send, after a pause that makes the demo readable; the
    /// steps of one answer go in order, each paused after the one before.
    struct Step: Sendable, Hashable {
        let message: AgentMessage
        let delay: Duration
        /// The session the step answers for, and what the script knew of it
        /// then; `nil` for steps that stand on their own.
        var session: SessionID? = nil
        var epoch = 0
    }

    /// The question asking to see the window, recognised in a transcript.
    static let shareQuestion = "Thanks for explaining. To see what you see, may I look at this app's window?"
    /// The question asking to see the screen, asked of an app that offers
    /// it (§12.8), recognised in a transcript.
    static let screenQuestion =
        "Thanks for explaining. To see what you see, may I look at your screen? You choose what I see."

    /// How many sessions the demo agent takes at once.
    let capacity: Int
    private var visitors: [SessionID: String] = [:]
    /// Sessions whose app offers its screen: the agent asks for it.
    private var offersScreen: Set<SessionID> = []
    /// What each session's current share shows.
    private var shared: [SessionID: SharedSource] = [:]
    private var askedToShare: Set<SessionID> = []
    /// Sessions whose current share has shown the agent a picture.
    private var sawPicture: Set<SessionID> = []
    /// Sessions the agent has drawn on.
    private var drewOn: Set<SessionID> = []
    /// Per session, how many of its own earlier messages the agent has met
    /// in transcripts: steps planned before the last one are stale.
    private var epochs: [SessionID: Int] = [:]
    private var accepting = false
    private var counter = 0
    /// Prefixes this run's message and request IDs: a demo agent restarted
    /// with the server counts from one again, and the hub would take a
    /// reused ID for a repeat of a message it already has.
    private let run: String

    /// A script for an agent taking `capacity` sessions at once; `run`
    /// must differ between runs that may meet the same sessions.
    init(capacity: Int, run: String = String(UInt32.random(in: .min ... .max), radix: 36)) {
        self.capacity = capacity
        self.run = run
    }

    /// The answer to a person who asks the demo agent for a call: it has no
    /// camera or microphone, and says who can call.
    static let cannotCall =
        "I'm only a demo agent, so I can't take calls. A person at the agent console can call you back."

    /// The steps that answer `message`.
    mutating func handle(_ message: ServerToAgentMessage) -> [Step] {
        switch message {
        case .queueSnapshot(let snapshot):
            guard !snapshot.entries.isEmpty, visitors.count < capacity, !accepting else { return [] }
            accepting = true
            return [Step(message: .acceptNext, delay: .seconds(2))]
        case .sessionAssigned(let assignment):
            accepting = false
            let name = Self.greetingName(of: assignment)
            visitors[assignment.sessionID] = name
            if assignment.shareScopes.contains(.screen) { offersScreen.insert(assignment.sessionID) }
            return [chat(assignment.sessionID, "Hi \(name), I'm Alex, the demo agent. How can I help you today?", after: .seconds(1))]
        case .chat(let sessionID, let message) where message.author == .consumer:
            guard visitors[sessionID] != nil else { return [] }
            if askedToShare.insert(sessionID).inserted {
                let scope: ShareScope = offersScreen.contains(sessionID) ? .screen : .window
                return [
                    chat(sessionID, scope == .screen ? Self.screenQuestion : Self.shareQuestion, after: .seconds(1)),
                    step(
                        .requestScreenShare(sessionID: sessionID, requestID: nextRequestID(), scope: scope), for: sessionID,
                        after: .seconds(1)),
                ]
            }
            return [chat(sessionID, "Got it: \"\(message.text.prefix(80))\". Anything else I can do?", after: .seconds(1))]
        case .chat(let sessionID, let message):
            // Its own words from an earlier run, in a transcript sent again.
            guard case .agent = message.author, visitors[sessionID] != nil else { return [] }
            epochs[sessionID, default: 0] += 1
            if message.text == Self.shareQuestion || message.text == Self.screenQuestion { askedToShare.insert(sessionID) }
            return []
        case .consumerAnswered(let sessionID, _, .screenShare, _, let source):
            shared[sessionID] = source
            let text =
                switch source {
                case .appWindow?: "Thank you. The picture of your window is on its way."
                case .monitor?: "Thank you. The picture of your screen is on its way."
                case .window?: "Thank you. The picture of the window you chose is on its way."
                case nil: "No problem, we can carry on in the chat."
                }
            return [chat(sessionID, text, after: .milliseconds(500))]
        case .screenShareEnd(let sessionID, _):
            sawPicture.remove(sessionID)
            let what = shared.removeValue(forKey: sessionID) == .monitor ? "your screen" : "your window"
            return [chat(sessionID, "Sharing stopped. I can no longer see \(what).", after: .milliseconds(500))]
        case .sessionEnded(let sessionID, _, _):
            visitors[sessionID] = nil
            offersScreen.remove(sessionID)
            shared[sessionID] = nil
            epochs[sessionID] = nil
            askedToShare.remove(sessionID)
            sawPicture.remove(sessionID)
            drewOn.remove(sessionID)
            return []
        case .callAsked(let sessionID, _):
            guard visitors[sessionID] != nil else { return [] }
            return [chat(sessionID, Self.cannotCall, after: .milliseconds(500))]
        case .annotationsCleared(let sessionID, _, .person):
            return [chat(sessionID, "I see you cleared my drawing.", after: .milliseconds(500))]
        case .error(let report) where report.code == .queueEmpty || report.code == .notAllowed:
            accepting = false
            return []
        default:
            return []
        }
    }

    /// A picture of a session's shared window arrived (a relayed frame): the
    /// first one of a share gets a word in the chat, with what was seen.
    mutating func pictureArrived(session sessionID: SessionID, width: Int, height: Int) -> [Step] {
        guard visitors[sessionID] != nil, sawPicture.insert(sessionID).inserted else { return [] }
        if let source = shared[sessionID], source != .appWindow {
            let what = source == .monitor ? "your screen" : "the window you chose"
            return [
                chat(
                    sessionID,
                    "I can see \(what) now (\(width) × \(height) pixels). Parts of this app you keep private are covered, "
                        + "on your screen too.",
                    after: .milliseconds(1500))
            ]
        }
        let seen = chat(
            sessionID,
            "I can see your window now (\(width) × \(height) pixels). Fields you keep private are covered for me.",
            after: .milliseconds(1500))
        guard drewOn.insert(sessionID).inserted else { return [seen] }
        return [
            seen,
            chat(
                sessionID,
                "Next I draw a ring in the middle of your window, the way I can point at things. It is not part of "
                    + "what you share, it goes when what is under it changes, and Clear drawing takes it off.",
                after: .seconds(1)),
            step(.annotate(sessionID: sessionID, stroke: ring(width: width, height: height)), for: sessionID, after: .seconds(1)),
        ]
    }

    /// Whether `step` is still wanted: no message of the agent's own from an
    /// earlier run has turned up in its session's transcript since it was planned.
    func isCurrent(_ step: Step) -> Bool {
        guard let session = step.session else { return true }
        return epochs[session, default: 0] == step.epoch
    }

    /// A ring around the middle of a window of `width` × `height` pixels.
    private mutating func ring(width: Int, height: Int) -> AnnotationStroke {
        counter += 1
        let radius = Double(max(8, min(width, height) / 6))
        let points = (0...48).map { step in
            let angle = Double(step) / 48 * 2 * Double.pi
            return AnnotationStroke.Point(
                x: min(max(0, width / 2 + Int((radius * cos(angle)).rounded())), width - 1),
                y: min(max(0, height / 2 + Int((radius * sin(angle)).rounded())), height - 1))
        }
        return AnnotationStroke(
            id: AnnotationID("demo-\(run)-ring-\(counter)"), color: RGBAColor8(red: 0xE6, green: 0x61, blue: 0x00),
            width: 4, points: points)
    }

    /// Whom to greet: the name the person typed into a pre-chat field
    /// labelled "Name", as a human agent reading the form would; else the
    /// app's visitor name; else "there".
    static func greetingName(of assignment: SessionAssignment) -> String {
        let typed = assignment.preChat.first { $0.label.caseInsensitiveCompare("Name") == .orderedSame }?.value
            .trimmingCharacters(in: .whitespaces)
        if let typed, !typed.isEmpty { return typed }
        return assignment.visitorName ?? "there"
    }

    private mutating func chat(_ sessionID: SessionID, _ text: String, after delay: Duration) -> Step {
        counter += 1
        return step(
            .chat(sessionID: sessionID, clientMessageID: ClientMessageID("demo-\(run)-\(counter)"), text: text),
            for: sessionID, after: delay)
    }

    /// A step sending `message` for `session` after `delay`, marked with
    /// what the script knows of the session now.
    private func step(_ message: AgentMessage, for session: SessionID, after delay: Duration) -> Step {
        Step(message: message, delay: delay, session: session, epoch: epochs[session, default: 0])
    }

    private mutating func nextRequestID() -> RequestID {
        counter += 1
        return RequestID("demo-\(run)-share-\(counter)")
    }
}
