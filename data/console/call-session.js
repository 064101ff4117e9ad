// One call's media and signaling on the agent's side (docs/protocol.md §13.3):
// the agent's microphone and camera, the peer connection, the offers the agent
// makes with their `negotiation` numbers, candidates both ways, ICE restarts,
// and the person's sound and picture as they arrive. No DOM: `call-view.js`
// shows what this reports.

/** ICE states in which the call's media has stopped and an ICE restart can bring it back. */
const STOPPED_ICE_STATES = new Set(["disconnected", "failed"]);
/** ICE states in which media flows. */
const FLOWING_ICE_STATES = new Set(["connected", "completed"]);
/** `sdpMLineIndex` is 0–15 (§13.2). */
const MAX_MLINE_INDEX = 15;

/**
 * A `callSignal`'s `signal` the agent can receive, checked: `{ kind: "answer",
 * negotiation, sdp }`, `{ kind: "candidate", negotiation, sdpMLineIndex, candidate }`
 * or `{ kind: "restart" }`; `null` for anything else (an offer, which only the
 * agent makes, included).
 */
export function readSignal(signal) {
  const negotiation = Number.isSafeInteger(signal?.negotiation) && signal.negotiation >= 1;
  switch (signal?.kind) {
    case "answer":
      return negotiation && typeof signal.sdp === "string" && signal.sdp !== "" ? signal : null;
    case "candidate": {
      const index = signal.sdpMLineIndex;
      const indexValid = Number.isSafeInteger(index) && index >= 0 && index <= MAX_MLINE_INDEX;
      return negotiation && indexValid && typeof signal.candidate === "string" ? signal : null;
    }
    case "restart":
      return signal;
    default:
      return null;
  }
}

/**
 * The agent's side of one call, from the moment the agent starts it until it
 * ends. `media` is `"audio"` (voice) or `"video"` (voice and video).
 *
 * `events` are callbacks:
 * - `signal(signal)`: a `callSignal`'s `signal` to send to the person's app;
 * - `flowing(isFlowing)`: media started flowing (`true`) or stopped (`false`, ICE
 *   disconnected or failed);
 * - `localStream(stream)`: the agent's own camera and microphone, for the self-view;
 * - `remoteStream(stream)`: the person's sound and picture, once a track arrives;
 * - `failed(error)`: the peer connection could not be set up.
 */
export class CallSession {
  /** `"audio"` or `"video"`. */
  media;

  #iceServers;
  #events;
  #localStream = null;
  #microphone = null;
  #camera = null;
  #peer = null;
  #audioSender = null;
  #videoSender = null;
  #remoteStream = new MediaStream();
  /** The `negotiation` of the agent's newest offer; 0 before the first. */
  #negotiation = 0;
  /** Candidates of the newest negotiation that arrived before its answer. */
  #earlyCandidates = [];
  /** Negotiation steps run one after the other, in the order they were asked for. */
  #steps = Promise.resolve();
  #flowing = false;
  #ended = false;

  constructor(media, iceServers, events) {
    this.media = media;
    this.#iceServers = iceServers;
    this.#events = events;
  }

  /** Whether the agent's microphone is sending. */
  get microphoneOn() {
    return this.#microphone !== null && this.#microphone.enabled;
  }

  /** Whether the agent's camera is sending (always `false` in a voice call). */
  get cameraOn() {
    return this.#camera !== null;
  }

  /**
   * Opens the microphone, and the camera for a video call (the browser may ask
   * the agent first). Rejects when the browser refuses; nothing stays open then.
   */
  async acquire() {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: this.media === "video" });
    if (this.#ended) {
      stopAll(stream);
      return;
    }
    this.#localStream = stream;
    this.#microphone = stream.getAudioTracks()[0] ?? null;
    this.#camera = stream.getVideoTracks()[0] ?? null;
    this.#events.localStream(stream);
  }

  /** The person accepted: connect, and make the first offer (`negotiation` 1). */
  accepted() {
    if (this.#ended || this.#peer) return;
    try {
      this.#peer = new RTCPeerConnection({ iceServers: this.#iceServers });
    } catch (error) {
      this.#events.failed(error);
      return;
    }
    this.#peer.addEventListener("icecandidate", (event) => this.#localCandidate(event.candidate));
    this.#peer.addEventListener("iceconnectionstatechange", () => this.#iceChanged());
    this.#peer.addEventListener("track", (event) => this.#remoteTrack(event.track));
    const streams = this.#localStream ? [this.#localStream] : [];
    // A microphone muted while the call was ringing is not sent (a muted track would still send silence).
    const sound = this.microphoneOn ? this.#microphone : "audio";
    this.#audioSender = this.#peer.addTransceiver(sound, { direction: "sendrecv", streams }).sender;
    if (this.media === "video") {
      this.#videoSender = this.#peer.addTransceiver(this.#camera ?? "video", { direction: "sendrecv", streams }).sender;
    }
    this.#offer(false);
  }

  /** A checked `signal` from the person's app (`readSignal`). */
  received(signal) {
    if (this.#ended || !this.#peer) return;
    if (signal.kind === "restart") {
      this.#restart();
    } else if (signal.negotiation < this.#negotiation) {
      console.warn(`Assist console: dropped a call ${signal.kind} of negotiation ${signal.negotiation}; the newest is ${this.#negotiation}.`);
    } else if (signal.kind === "answer") {
      this.#step(() => this.#applyAnswer(signal));
    } else {
      this.#step(() => this.#applyCandidate(signal));
    }
  }

  /**
   * The agent's connection to the server was renewed: if the call's media
   * stopped meanwhile, offer again with an ICE restart (§13.3).
   */
  connectionResumed() {
    if (this.#ended || !this.#peer) return;
    if (STOPPED_ICE_STATES.has(this.#peer.iceConnectionState)) this.#restart();
  }

  /** Mutes or unmutes the agent: a muted microphone sends nothing at all. */
  async setMicrophone(on) {
    if (this.#ended || !this.#microphone) return;
    this.#microphone.enabled = on;
    await this.#audioSender?.replaceTrack(on ? this.#microphone : null);
  }

  /**
   * Turns the agent's camera off (it is released, so its light goes out) or on
   * again (opened anew). Rejects when the browser refuses to open it.
   */
  async setCamera(on) {
    if (this.#ended || this.media !== "video" || on === this.cameraOn) return;
    if (!on) {
      const camera = this.#camera;
      this.#camera = null;
      await this.#videoSender?.replaceTrack(null);
      this.#localStream?.removeTrack(camera);
      camera.stop();
      this.#events.localStream(this.#localStream);
      return;
    }
    const stream = await navigator.mediaDevices.getUserMedia({ video: true });
    const camera = stream.getVideoTracks()[0];
    if (this.#ended) {
      stopAll(stream);
      return;
    }
    this.#camera = camera;
    this.#localStream?.addTrack(camera);
    await this.#videoSender?.replaceTrack(camera);
    this.#events.localStream(this.#localStream);
  }

  /** Ends the call here: the peer connection closes, the microphone and camera are released. */
  end() {
    if (this.#ended) return;
    this.#ended = true;
    this.#peer?.close();
    this.#peer = null;
    if (this.#localStream) stopAll(this.#localStream);
    this.#camera?.stop();
    this.#microphone = null;
    this.#camera = null;
    this.#localStream = null;
  }

  /** Offers again with new ICE credentials, as the next negotiation. */
  #restart() {
    this.#setFlowing(false);
    this.#offer(true);
  }

  #offer(iceRestart) {
    this.#step(async () => {
      // An offer left unanswered (lost while a connection was down) gives way to the new one.
      if (this.#peer.signalingState === "have-local-offer") await this.#peer.setLocalDescription({ type: "rollback" });
      this.#negotiation += 1;
      this.#earlyCandidates = [];
      const offer = await this.#peer.createOffer({ iceRestart });
      await this.#peer.setLocalDescription(offer);
      this.#events.signal({ kind: "offer", negotiation: this.#negotiation, sdp: this.#peer.localDescription.sdp });
    });
  }

  async #applyAnswer({ negotiation, sdp }) {
    if (negotiation !== this.#negotiation || this.#peer.signalingState !== "have-local-offer") {
      console.warn(`Assist console: ignored a call answer of negotiation ${negotiation}, which is not awaited.`);
      return;
    }
    await this.#peer.setRemoteDescription({ type: "answer", sdp });
    const early = this.#earlyCandidates;
    this.#earlyCandidates = [];
    for (const candidate of early) await this.#addCandidate(candidate);
    this.#iceChanged();
  }

  async #applyCandidate(signal) {
    if (signal.negotiation !== this.#negotiation) return;
    if (this.#peer.signalingState === "have-local-offer") {
      this.#earlyCandidates.push(signal);
    } else {
      await this.#addCandidate(signal);
    }
  }

  /** An empty `candidate` is the end of that m-line's candidates. */
  async #addCandidate({ sdpMLineIndex, candidate }) {
    await this.#peer.addIceCandidate({ candidate, sdpMLineIndex });
  }

  /** Runs one negotiation step after the ones before it; a step that fails is reported, not thrown. */
  #step(work) {
    this.#steps = this.#steps.then(async () => {
      if (this.#ended) return;
      try {
        await work();
      } catch (error) {
        if (!this.#ended) console.warn("Assist console: a call negotiation step failed.", error);
      }
    });
  }

  /** A candidate of the agent's: it belongs to the newest offer. `null` ends gathering on every m-line. */
  #localCandidate(candidate) {
    if (this.#ended) return;
    if (candidate) {
      if (candidate.candidate === "" || candidate.sdpMLineIndex === null) return;
      this.#events.signal({
        kind: "candidate", negotiation: this.#negotiation,
        sdpMLineIndex: candidate.sdpMLineIndex, candidate: candidate.candidate,
      });
      return;
    }
    this.#peer.getTransceivers().forEach((_, sdpMLineIndex) => {
      this.#events.signal({ kind: "candidate", negotiation: this.#negotiation, sdpMLineIndex, candidate: "" });
    });
  }

  #iceChanged() {
    if (this.#ended || !this.#peer) return;
    const state = this.#peer.iceConnectionState;
    if (FLOWING_ICE_STATES.has(state)) {
      this.#setFlowing(true);
    } else if (STOPPED_ICE_STATES.has(state)) {
      this.#setFlowing(false);
    }
  }

  #setFlowing(flowing) {
    if (flowing === this.#flowing) return;
    this.#flowing = flowing;
    this.#events.flowing(flowing);
  }

  #remoteTrack(track) {
    if (this.#ended || this.#remoteStream.getTrackById(track.id)) return;
    this.#remoteStream.addTrack(track);
    this.#events.remoteStream(this.#remoteStream);
  }
}

function stopAll(stream) {
  stream.getTracks().forEach((track) => track.stop());
}
