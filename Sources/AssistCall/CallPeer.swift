import AssistCore
import AssistGtk
import CGstreamer

/// The native end of one call: one webrtcbin pipeline sending the person's
/// microphone (and camera, if the tracks say so) and receiving the agent's
/// audio and video, VP8 and Opus.
///
/// Nothing is captured until the call starts — ``startOffering()`` or the
/// first ``receiveOffer(_:)`` — and GStreamer itself is initialised only
/// then. Every event reaches ``onEvent`` on the main thread. The agent
/// always offers (`docs/protocol.md` §13.3), so the app answers; offering
/// is there for tests. webrtcbin 1.22 (Debian 12) has no `ice-restart`
/// offer option, so this side cannot restart ICE itself.
@MainActor
public final class CallPeer {
    /// What the peer sends and receives, and with what.
    public let configuration: CallPeerConfiguration
    /// Called on the main thread with every event.
    public var onEvent: (CallPeerEvent) -> Void = { _ in }
    /// The agent's video.
    public let remoteVideo = CallVideoView(accessibleLabel: "Agent's video", firstFrameMoment: "call-first-remote-frame")
    /// The person's own camera, as it is sent.
    public let selfView = CallVideoView(accessibleLabel: "Your camera")
    /// The connection's state now.
    public private(set) var connectionState = CallConnectionState.new
    /// Whether the microphone's audio is sent.
    public private(set) var microphoneEnabled = true
    /// Whether the camera's frames are sent.
    public private(set) var cameraEnabled = true

    private let counting = CallMediaCounting()
    private(set) var pipeline: CallPipeline?
    private var role: Role?
    private var offerPending = false
    private var candidatesBeforeOffer: [(mLineIndex: UInt32, candidate: String)] = []
    private var stopped = false
    /// The newest picture handed in before the pipeline existed.
    private var pictureBeforePipeline: PixelBuffer?

    private enum Role {
        case offering
        case answering
    }

    /// A peer for one call; nothing runs until the call starts.
    public init(configuration: CallPeerConfiguration) {
        self.configuration = configuration
    }

    isolated deinit {
        pipeline?.stop()
    }

    /// How many buffers passed each point of the pipeline so far.
    public var counters: CallMediaCounters { counting.snapshot }

    /// Starts the call as the offering side: builds the pipeline (capture
    /// starts), and reports an offer as soon as webrtcbin is ready.
    public func startOffering() throws(CallMediaError) {
        guard role == nil, !stopped else {
            throw CallMediaError(.outOfOrder, "the call has already started")
        }
        let payloadTypes = CallPipelineDescription.offeringPayloadTypes
        pipeline = try makePipeline(answering: false, payloadTypes: payloadTypes)
        sendPictureKeptForPipeline()
        role = .offering
    }

    /// Takes the remote side's offer and reports the answer. The first
    /// offer starts the call (capture starts), with the offer's payload
    /// numbers for VP8 and Opus; later ones renegotiate on the same pipeline.
    public func receiveOffer(_ sdp: String) throws(CallMediaError) {
        guard role != .offering, !stopped else {
            throw CallMediaError(.outOfOrder, "an offer reached the offering side, or a stopped call")
        }
        let offer = try OwnedSessionDescription(parsing: sdp, as: .offer)
        let pipeline: CallPipeline
        if let running = self.pipeline {
            pipeline = running
        } else {
            let offered = OfferedPayloadTypes(sdp: sdp)
            let defaults = CallPipelineDescription.offeringPayloadTypes
            pipeline = try makePipeline(
                answering: true, payloadTypes: (offered.vp8 ?? defaults.vp8, offered.opus ?? defaults.opus))
            self.pipeline = pipeline
            role = .answering
            sendPictureKeptForPipeline()
        }
        let applied = WebRTCPromise.make(expecting: nil) { [weak self] result in
            MainContext.post { self?.remoteOfferApplied(result) }
        }
        assist_webrtc_set_remote_description(pipeline.webrtc, offer.pointer, applied)
        gst_promise_unref(applied)
        for (mLineIndex, candidate) in candidatesBeforeOffer {
            assist_webrtc_add_ice_candidate(pipeline.webrtc, mLineIndex, candidate)
        }
        candidatesBeforeOffer.removeAll()
    }

    /// Takes the remote side's answer to this peer's offer.
    public func receiveAnswer(_ sdp: String) throws(CallMediaError) {
        guard role == .offering, offerPending, let pipeline, !stopped else {
            throw CallMediaError(.outOfOrder, "an answer arrived with no offer waiting for one")
        }
        let answer = try OwnedSessionDescription(parsing: sdp, as: .answer)
        offerPending = false
        let applied = WebRTCPromise.make(expecting: nil) { [weak self] result in
            guard case .failure(let error) = result else { return }
            MainContext.post { self?.report(.failed(error)) }
        }
        assist_webrtc_set_remote_description(pipeline.webrtc, answer.pointer, applied)
        gst_promise_unref(applied)
    }

    /// Takes one of the remote side's candidates for the m-line at
    /// `mLineIndex`. An empty candidate (end of candidates) needs nothing;
    /// candidates that arrive before the first offer wait for it.
    public func addRemoteCandidate(_ candidate: String, mLineIndex: Int) throws(CallMediaError) {
        guard let index = UInt32(exactly: mLineIndex) else {
            throw CallMediaError(.malformedDescription, "a candidate for m-line \(mLineIndex)")
        }
        guard !candidate.isEmpty, !stopped else { return }
        if let pipeline {
            assist_webrtc_add_ice_candidate(pipeline.webrtc, index, candidate)
        } else {
            candidatesBeforeOffer.append((index, candidate))
        }
    }

    /// Sends `picture` as the video's next frame when the configuration's
    /// source is ``CallMediaSource/pictures``; nothing otherwise. Before the
    /// call's pipeline exists (an answering peer waiting for the offer) the
    /// newest picture is kept and becomes the first frame: a still screen
    /// hands in no other.
    public func send(_ picture: PixelBuffer) {
        guard !stopped else { return }
        guard let pipeline else {
            pictureBeforePipeline = picture
            return
        }
        pipeline.push(picture)
    }

    /// Hands the newly made pipeline the picture kept while there was none.
    private func sendPictureKeptForPipeline() {
        guard let picture = pictureBeforePipeline else { return }
        pictureBeforePipeline = nil
        pipeline?.push(picture)
    }

    /// Makes the next frame of the pictures' video a key frame of the newest
    /// picture, for ``CallMediaSource/pictures``; nothing otherwise.
    func requestKeyframe() {
        guard !stopped else { return }
        pipeline?.requestKeyframe()
    }

    /// Sends the microphone's audio or stops sending it.
    public func setMicrophoneEnabled(_ enabled: Bool) {
        microphoneEnabled = enabled
        pipeline?.setMicrophoneEnabled(enabled)
    }

    /// Sends the camera's frames or stops sending them.
    public func setCameraEnabled(_ enabled: Bool) {
        cameraEnabled = enabled
        pipeline?.setCameraEnabled(enabled)
    }

    /// Ends the call's media: the pipeline stops, devices close, the views
    /// empty, and the state becomes ``CallConnectionState/closed``. Calling
    /// it again does nothing.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        pipeline?.stop()
        pipeline = nil
        candidatesBeforeOffer.removeAll()
        remoteVideo.clear()
        selfView.clear()
        change(to: .closed)
    }

    private func makePipeline(answering: Bool, payloadTypes: (vp8: Int, opus: Int)) throws(CallMediaError) -> CallPipeline {
        let remoteVideo = VideoFrameMailbox(counting: counting.videoDecoded) { [weak self] frame in
            self?.remoteVideo.show(frame)
        }
        let selfView = VideoFrameMailbox { [weak self] frame in
            self?.selfView.show(frame)
        }
        let pipeline = try CallPipeline(
            configuration: configuration, answering: answering, payloadTypes: payloadTypes, counting: counting,
            remoteVideo: remoteVideo, selfView: selfView
        ) { [weak self] notice in
            MainContext.post { self?.handle(notice) }
        }
        pipeline.setMicrophoneEnabled(microphoneEnabled)
        pipeline.setCameraEnabled(cameraEnabled)
        return pipeline
    }

    private func handle(_ notice: WebRTCNotice) {
        guard !stopped, let pipeline else { return }
        switch notice {
        case .negotiationNeeded:
            if role == .offering, !offerPending {
                createOffer(on: pipeline)
            }
        case .localCandidate(let mLineIndex, let candidate):
            report(.localCandidate(mLineIndex: mLineIndex, candidate: candidate))
        case .gatheringComplete:
            report(.localCandidatesComplete)
        case .connectionChanged(let peerConnection, let ice):
            change(to: CallConnectionState(peerConnection: peerConnection, ice: ice))
        case .pipelineError(let detail):
            report(.failed(CallMediaError(.mediaFailed, detail)))
        }
    }

    private func createOffer(on pipeline: CallPipeline) {
        offerPending = true
        pipeline.enforceDirections(configuration.tracks)
        let created = WebRTCPromise.make(expecting: "offer") { [weak self] result in
            MainContext.post { self?.localDescriptionCreated(result, kind: .offer) }
        }
        assist_webrtc_create_offer(pipeline.webrtc, created)
        gst_promise_unref(created)
    }

    private func remoteOfferApplied(_ result: Result<OwnedSessionDescription?, CallMediaError>) {
        guard !stopped, let pipeline else { return }
        if case .failure(let error) = result {
            report(.failed(error))
            return
        }
        pipeline.enforceDirections(configuration.tracks)
        let created = WebRTCPromise.make(expecting: "answer") { [weak self] result in
            MainContext.post { self?.localDescriptionCreated(result, kind: .answer) }
        }
        assist_webrtc_create_answer(pipeline.webrtc, created)
        gst_promise_unref(created)
    }

    private func localDescriptionCreated(
        _ result: Result<OwnedSessionDescription?, CallMediaError>, kind: CallSessionDescription.Kind
    ) {
        guard !stopped, let pipeline else { return }
        switch result {
        case .success(let description?):
            assist_webrtc_set_local_description(pipeline.webrtc, description.pointer, nil)
            report(.localDescription(CallSessionDescription(kind: kind, sdp: description.text)))
        case .success(nil):
            report(.failed(CallMediaError(.negotiationFailed, "webrtcbin made no \(kind.rawValue)")))
        case .failure(let error):
            if kind == .offer { offerPending = false }
            report(.failed(error))
        }
    }

    /// Takes the connection's new state. On connecting, the pictures'
    /// video starts with a key frame of the newest picture: frames encoded
    /// before the connection was up went nowhere, and a still screen makes
    /// no new ones, so without it the other side would see nothing until
    /// the screen changed.
    private func change(to state: CallConnectionState) {
        guard state != connectionState else { return }
        connectionState = state
        if state == .connected { pipeline?.requestKeyframe() }
        report(.connectionStateChanged(state))
    }

    private func report(_ event: CallPeerEvent) {
        onEvent(event)
    }
}
