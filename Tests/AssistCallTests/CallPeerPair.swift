import AssistCore
import CGtk
import Foundation

@testable import AssistCall

/// Two native peers in one process, the offerer's signals passed straight
/// to the answerer and back, with test sources and no audio device.
@MainActor
final class CallPeerPair {
    let offerer: CallPeer
    let answerer: CallPeer
    /// Every description each side produced, in order.
    private(set) var offers: [String] = []
    private(set) var answers: [String] = []
    /// Failures either side reported.
    private(set) var failures: [CallMediaError] = []
    /// The states the offerer went through.
    private(set) var offererStates: [CallConnectionState] = []

    convenience init(offering offererTracks: CallTracks, answering answererTracks: CallTracks) {
        self.init(offering: Self.configuration(offererTracks), answering: Self.configuration(answererTracks))
    }

    init(offering offererConfiguration: CallPeerConfiguration, answering answererConfiguration: CallPeerConfiguration) {
        GtkTestDisplay.start()
        offerer = CallPeer(configuration: offererConfiguration)
        answerer = CallPeer(configuration: answererConfiguration)
        offerer.onEvent = { [unowned self] event in self.offererSaid(event) }
        answerer.onEvent = { [unowned self] event in self.answererSaid(event) }
    }

    static func configuration(_ tracks: CallTracks) -> CallPeerConfiguration {
        CallPeerConfiguration(tracks: tracks, source: .testSources, audioOutput: .discard)
    }

    /// Starts the call: the offerer offers, the answerer answers.
    func start() throws {
        try offerer.startOffering()
    }

    func stop() {
        offerer.stop()
        answerer.stop()
    }

    private func offererSaid(_ event: CallPeerEvent) {
        switch event {
        case .localDescription(let description):
            offers.append(description.sdp)
            record { () throws(CallMediaError) in try answerer.receiveOffer(description.sdp) }
        case .localCandidate(let mLineIndex, let candidate):
            record { () throws(CallMediaError) in try answerer.addRemoteCandidate(candidate, mLineIndex: mLineIndex) }
        case .connectionStateChanged(let state):
            offererStates.append(state)
        case .failed(let error):
            failures.append(error)
        case .localCandidatesComplete:
            break
        }
    }

    private func answererSaid(_ event: CallPeerEvent) {
        switch event {
        case .localDescription(let description):
            answers.append(description.sdp)
            record { () throws(CallMediaError) in try offerer.receiveAnswer(description.sdp) }
        case .localCandidate(let mLineIndex, let candidate):
            record { () throws(CallMediaError) in try offerer.addRemoteCandidate(candidate, mLineIndex: mLineIndex) }
        case .failed(let error):
            failures.append(error)
        case .connectionStateChanged, .localCandidatesComplete:
            break
        }
    }

    private func record(_ step: () throws(CallMediaError) -> Void) {
        do { try step() } catch { failures.append(error) }
    }
}

/// A display for the views, and GLib's main context turned by hand.
@MainActor
enum GtkTestDisplay {
    /// Initialises GTK (once; GTK ignores later calls).
    static func start() {
        gtk_init()
    }

    /// Turns GLib's main context — where the peers' events and frames
    /// arrive — until `condition` holds or `timeout` passes; returns whether
    /// it holds.
    @discardableResult
    static func run(for timeout: Duration, until condition: () -> Bool = { false }) -> Bool {
        let deadline = ContinuousClock.now.advanced(by: timeout)
        while !condition() {
            guard ContinuousClock.now < deadline else { return false }
            if g_main_context_iteration(nil, 0) == 0 { usleep(2_000) }
        }
        return true
    }
}

/// What tests read in SDP texts.
enum SDPLines {
    /// The direction (`sendrecv`, `recvonly`, …) of the first m-line of `media`
    /// ("audio" or "video"), or `nil` when there is no such m-line.
    static func direction(of media: String, in sdp: String) -> String? {
        let sections = sdp.components(separatedBy: "m=").dropFirst()
        guard let section = sections.first(where: { $0.hasPrefix(media + " ") }) else { return nil }
        let directions = ["sendrecv", "sendonly", "recvonly", "inactive"]
        return section.components(separatedBy: .newlines).lazy
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .compactMap { line in directions.first { line == "a=" + $0 } }
            .first
    }
}
