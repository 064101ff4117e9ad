/// Whether a party's microphone and camera are on (`callMediaState`,
/// `docs/protocol.md` §13.2). It only informs the other side.
public struct CallMediaState: Sendable, Hashable {
    /// The microphone is on (not muted).
    public var microphone: Bool
    /// The camera is on.
    public var camera: Bool

    /// A state with each device on or off.
    public init(microphone: Bool, camera: Bool) {
        self.microphone = microphone
        self.camera = camera
    }
}
