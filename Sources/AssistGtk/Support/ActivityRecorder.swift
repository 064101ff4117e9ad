import AssistCore
import Foundation

/// Writes the person's own record (``ActivityLog``) as a session goes: every
/// share's start and end with what was shared, control given and ended,
/// calls, opened pages and documents, files sent and received. Each happening
/// is written once; a record that cannot be written is said on stderr and the
/// session goes on.
@MainActor
final class ActivityRecorder {
    private let log: ActivityLog?
    private let server: String
    private var sharing: String?
    private var controlling: String?
    private var calling: String?
    private var recordedFiles: Set<String> = []

    /// A recorder into `configuration`'s folder (nothing is written without one).
    init(configuration: Configuration) {
        log = ActivityLog(configuration: configuration, environment: ProcessInfo.processInfo.environment)
        server = configuration.server?.absoluteString ?? ""
    }

    /// A share started with `share`'s agent.
    func shareStarted(_ share: ScreenShare) {
        if sharing != nil { shareEnded() }
        sharing = share.agent.name
        record(.shareStarted, share.agent.name, share.source.rawValue)
    }

    /// The share (and with it any control) ended.
    func shareEnded() {
        controlChanged(nil)
        guard let agent = sharing else { return }
        sharing = nil
        record(.shareEnded, agent)
    }

    /// Control of the shared window is now held by `share`'s agent, or by nobody.
    func controlChanged(_ share: ScreenShare?) {
        if let share, share.hasControl {
            guard controlling == nil else { return }
            controlling = share.agent.name
            record(.controlGranted, share.agent.name, share.source == .appWindow ? nil : ShareScope.screen.rawValue)
        } else if let agent = controlling {
            controlling = nil
            record(.controlEnded, agent)
        }
    }

    /// A call with `agent` started with `tracks`, or the call ended (`nil`).
    func callChanged(_ tracks: CallTracks?, agent: String) {
        if let tracks {
            guard calling == nil else { return }
            calling = agent
            record(.callStarted, agent, tracks.sendsVideo || tracks.receivesVideo ? "video" : "audio")
        } else if let agent = calling {
            calling = nil
            record(.callEnded, agent)
        }
    }

    /// The person opened what `request` pushed.
    func pushOpened(_ request: ConsentRequest) {
        guard case .push(let content) = request.subject else { return }
        switch content {
        case .url(let url): record(.pageOpened, request.agent.name, url.absoluteString)
        case .document(let url, _): record(.documentOpened, request.agent.name, url.absoluteString)
        }
    }

    /// The chat now holds `entries`: each file that went out or was saved is
    /// written once.
    func chatChanged(_ entries: [ChatEntry], agent: String) {
        for entry in entries where !recordedFiles.contains(entry.id) {
            switch entry.file {
            case .uploaded?:
                recordedFiles.insert(entry.id)
                record(.fileSent, agent, entry.attachment?.name ?? entry.text)
            case .saved(let path)?:
                recordedFiles.insert(entry.id)
                record(.fileReceived, entry.authorName, entry.attachment?.name ?? URL(fileURLWithPath: path).lastPathComponent)
            default:
                break
            }
        }
    }

    private func record(_ kind: ActivityEvent.Kind, _ agent: String, _ subject: String? = nil) {
        guard let log else { return }
        let now = Date()
        do throws(ActivityLogError) {
            try log.append(ActivityEvent(time: now, kind: kind, agent: agent, server: server, subject: subject), now: now)
        } catch {
            FileHandle.standardError.write(Data("assist: the activity record could not be written: \(error.message)\n".utf8))
        }
    }
}
