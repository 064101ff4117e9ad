import Foundation

/// What the app shows of a call while there is one to show: a sentence on
/// where it stands, what the agent turned off, the always-visible sign while
/// the microphone or camera is live, and which controls work.
///
/// Made from the call's ``CallMachine`` and what the agent last said of its
/// own devices; `nil` (``init(machine:agentName:agentMedia:)`` fails) when
/// there is no call, no ask and no prompt — then nothing is shown.
public struct CallIndicator: Sendable, Hashable {
    /// Where the call stands, in a sentence.
    public var title: String
    /// What the agent turned off, or an empty string.
    public var detail: String
    /// "Microphone on", "Microphone and camera on", …; empty while nothing
    /// of the person's is captured.
    public var liveSign: String
    /// The microphone button's label: "Mute" or "Unmute".
    public var microphoneLabel: String
    /// The camera button's label: "Camera off" or "Camera on".
    public var cameraLabel: String
    /// Whether the microphone button shows.
    public var showsMicrophone: Bool
    /// Whether the camera button shows (the call sends video).
    public var showsCamera: Bool
    /// The hang-up button's label: "End call", or "Cancel" for an ask.
    public var hangUpLabel: String
    /// Whether the hang-up button shows.
    public var showsHangUp: Bool
    /// Whether the agent's video is shown (the call receives video).
    public var showsAgentVideo: Bool

    /// The indicator for `machine`'s call with `agentName`, whose devices are
    /// as `agentMedia` (from `callMediaState`; `nil` before any).
    public init?(machine: CallMachine, agentName: String, agentMedia: CallMediaState? = nil) {
        let name = agentName.trimmingCharacters(in: .whitespaces).isEmpty ? localized("the agent") : agentName
        let intents = machine.permittedIntents
        let tracks = machine.tracks
        let local = machine.localMedia
        showsMicrophone = intents.contains(.toggleMicrophone)
        showsCamera = intents.contains(.toggleCamera)
        microphoneLabel = local.microphone ? localized("Mute") : localized("Unmute")
        cameraLabel = local.camera ? localized("Camera off") : localized("Camera on")
        showsHangUp = intents.contains(.hangUp)
        hangUpLabel = localized("End call")
        showsAgentVideo = false
        liveSign = ""
        detail = ""
        let activeTitle = tracks.map { $0.sendsVideo || $0.receivesVideo } == true
            ? localized("Video call with {name}", ["name": name])
            : localized("Call with {name}", ["name": name])
        switch machine.state {
        case .idle, .ended, .ringing:
            return nil
        case .asked(let media):
            title = media == .video
                ? localized("You asked {name} for a video call", ["name": name])
                : localized("You asked {name} for a call", ["name": name])
            hangUpLabel = localized("Cancel")
        case .connecting:
            title = localized("Connecting the call with {name}…", ["name": name])
        case .active:
            title = activeTitle
            showsAgentVideo = tracks?.receivesVideo == true
        case .reconnecting:
            title = localized("The call with {name} is reconnecting…", ["name": name])
            showsAgentVideo = tracks?.receivesVideo == true
        }
        if tracks != nil {
            liveSign = Self.liveSign(microphone: local.microphone, camera: local.camera && tracks?.sendsVideo == true)
        }
        if let agentMedia {
            detail = Self.agentDetail(name: name, media: agentMedia, video: tracks?.receivesVideo == true)
        }
    }

    private static func liveSign(microphone: Bool, camera: Bool) -> String {
        switch (microphone, camera) {
        case (true, true): localized("Microphone and camera on")
        case (true, false): localized("Microphone on")
        case (false, true): localized("Camera on")
        case (false, false): ""
        }
    }

    private static func agentDetail(name: String, media: CallMediaState, video: Bool) -> String {
        let who = name.prefix(1).uppercased() + name.dropFirst()
        switch (media.microphone, media.camera || !video) {
        case (false, false): return localized("{name} muted their microphone and turned their camera off.", ["name": who])
        case (false, true): return localized("{name} muted their microphone.", ["name": who])
        case (true, false): return localized("{name} turned their camera off.", ["name": who])
        case (true, true): return ""
        }
    }
}
