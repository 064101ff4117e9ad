import AssistGtk
import Foundation

extension CallMediaEvent {
    /// What a ``CallPeer`` that only answers reports to the GTK layer, or
    /// `nil` for what it need not hear (its own offers, passing states). A
    /// failure is written to standard error, naming `media` ("the call's
    /// media"), and reads as the media stopping.
    init?(answering event: CallPeerEvent, media: String) {
        switch event {
        case .localDescription(let description) where description.kind == .answer:
            self = .answerCreated(sdp: description.sdp)
        case .localDescription:
            return nil  // the person's side only answers (§13.3, §13.5)
        case .localCandidate(let index, let candidate):
            self = .candidateGathered(sdpMLineIndex: index, candidate: candidate)
        case .localCandidatesComplete:
            // Bundled: every candidate is on the first m-line, so that is the one that ends.
            self = .candidateGathered(sdpMLineIndex: 0, candidate: "")
        case .connectionStateChanged(.connected):
            self = .connected
        case .connectionStateChanged(.disconnected), .connectionStateChanged(.failed):
            self = .disconnected
        case .connectionStateChanged:
            return nil
        case .failed(let error):
            FileHandle.standardError.write(Data("assist: \(media) failed: \(error)\n".utf8))
            self = .disconnected
        }
    }
}
