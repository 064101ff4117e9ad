// A shared screen that arrives as a video track (docs/protocol.md §13.5): the
// peer connection that only receives the person's pictures, the offers the
// agent makes for it with their `negotiation` numbers, and candidates both
// ways. The app answers every negotiation on a new connection, so each one has
// a peer connection of its own here too. No DOM: `shared-window.js` paints the
// track.

import { readSignal } from "./call-session.js";

/** The codecs a screen's m-line offers: VP8, with the retransmission and redundancy formats that carry it. */
const SCREEN_CODECS = /^video\/(vp8|rtx|red|ulpfec)$/i;

/**
 * Whether this browser can take a shared screen as video and paint it: it
 * needs a peer connection, and a video element that reports every frame.
 */
export function canReceiveScreenVideo() {
  return typeof RTCPeerConnection === "function"
    && typeof HTMLVideoElement.prototype.requestVideoFrameCallback === "function";
}

/**
 * The agent's side of one share's video track, from the offer after the
 * person accepted the share until the share ends.
 *
 * `iceServers()` gives the STUN and TURN servers of the agent's latest
 * `welcome` (§13.1). `events` are callbacks:
 * - `signal(signal)`: a `screenSignal`'s `signal` to send to the person's app;
 * - `stream(stream)`: the person's screen, once the newest connection has its track.
 */
export class ScreenVideo {
  #iceServers;
  #events;
  /** The peer connection of the newest negotiation; `null` while there is none. */
  #peer = null;
  /** The `negotiation` of the agent's newest offer; 0 before the first. */
  #negotiation = 0;
  /** Candidates of the newest negotiation that arrived before its answer. */
  #earlyCandidates = [];
  /** Negotiation steps run one after the other, in the order they were asked for. */
  #steps = Promise.resolve();
  #ended = false;

  constructor(iceServers, events) {
    this.#iceServers = iceServers;
    this.#events = events;
  }

  /**
   * Offers as the next negotiation on a new peer connection, with one video
   * m-line that only receives; the one before, if any, is closed first. Used
   * for the first offer, for the app's `restart`, and after the agent's own
   * connection was renewed.
   */
  connect() {
    if (this.#ended) return;
    this.disconnect();
    let peer;
    try {
      peer = new RTCPeerConnection({ iceServers: this.#iceServers() });
    } catch (error) {
      console.warn("Assist console: no peer connection for the shared screen's video; its pictures come as tiles.", error);
      return;
    }
    this.#negotiation += 1;
    const negotiation = this.#negotiation;
    this.#peer = peer;
    this.#earlyCandidates = [];
    peer.addEventListener("icecandidate", (event) => this.#localCandidate(peer, negotiation, event.candidate));
    peer.addEventListener("track", (event) => {
      if (peer === this.#peer) this.#events.stream(new MediaStream([event.track]));
    });
    preferScreenCodecs(peer.addTransceiver("video", { direction: "recvonly" }));
    this.#step(peer, async () => {
      await peer.setLocalDescription(await peer.createOffer());
      this.#events.signal({ kind: "offer", negotiation, sdp: peer.localDescription.sdp });
    });
  }

  /** A `screenSignal`'s `signal` from the person's app: an answer, a candidate or `restart`. */
  received(signal) {
    if (this.#ended) return;
    const checked = readSignal(signal);
    if (!checked) {
      console.warn(`Assist console: ignored a screen signal it cannot use (${JSON.stringify(signal?.kind ?? null)}).`);
    } else if (checked.kind === "restart") {
      this.connect();
    } else if (checked.negotiation < this.#negotiation) {
      console.warn(`Assist console: dropped a screen ${checked.kind} of negotiation ${checked.negotiation}; the newest is ${this.#negotiation}.`);
    } else if (this.#peer) {
      const peer = this.#peer;
      this.#step(peer, () => (checked.kind === "answer" ? this.#applyAnswer(peer, checked) : this.#applyCandidate(peer, checked)));
    }
  }

  /** Closes the current peer connection (the agent's connection dropped); `connect` makes the next one. */
  disconnect() {
    this.#peer?.close();
    this.#peer = null;
    this.#earlyCandidates = [];
  }

  /** The share is over: the peer connection closes for good. */
  end() {
    this.#ended = true;
    this.disconnect();
  }

  async #applyAnswer(peer, { negotiation, sdp }) {
    if (negotiation !== this.#negotiation || peer.signalingState !== "have-local-offer") {
      console.warn(`Assist console: ignored a screen answer of negotiation ${negotiation}, which is not awaited.`);
      return;
    }
    await peer.setRemoteDescription({ type: "answer", sdp });
    const early = this.#earlyCandidates;
    this.#earlyCandidates = [];
    for (const candidate of early) await peer.addIceCandidate(candidate);
  }

  /** An empty `candidate` is the end of the m-line's candidates. */
  async #applyCandidate(peer, { negotiation, sdpMLineIndex, candidate }) {
    if (negotiation !== this.#negotiation) return;
    if (peer.signalingState === "have-local-offer") {
      this.#earlyCandidates.push({ candidate, sdpMLineIndex });
    } else {
      await peer.addIceCandidate({ candidate, sdpMLineIndex });
    }
  }

  /** Runs one step for `peer` after the ones before it, unless a newer negotiation replaced it; a failed step is reported, not thrown. */
  #step(peer, work) {
    this.#steps = this.#steps.then(async () => {
      if (peer !== this.#peer) return;
      try {
        await work();
      } catch (error) {
        if (peer === this.#peer) console.warn("Assist console: a screen video negotiation step failed.", error);
      }
    });
  }

  /** A candidate of the agent's for `peer`'s negotiation; `null` ends gathering on every m-line. */
  #localCandidate(peer, negotiation, candidate) {
    if (peer !== this.#peer) return;
    if (candidate) {
      if (candidate.candidate === "" || candidate.sdpMLineIndex === null) return;
      this.#events.signal({ kind: "candidate", negotiation, sdpMLineIndex: candidate.sdpMLineIndex, candidate: candidate.candidate });
      return;
    }
    peer.getTransceivers().forEach((_, sdpMLineIndex) => {
      this.#events.signal({ kind: "candidate", negotiation, sdpMLineIndex, candidate: "" });
    });
  }
}

/** Offers VP8 alone on the screen's m-line (§13.5), where the browser lets the console choose. */
function preferScreenCodecs(transceiver) {
  const codecs = RTCRtpReceiver.getCapabilities?.("video")?.codecs.filter((codec) => SCREEN_CODECS.test(codec.mimeType)) ?? [];
  if (codecs.some((codec) => /^video\/vp8$/i.test(codec.mimeType)) && transceiver.setCodecPreferences) {
    transceiver.setCodecPreferences(codecs);
  }
}
