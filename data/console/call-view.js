// The call in one session panel (docs/protocol.md §13): the buttons that start
// a voice or video call, the sentence that says where it stands, the person's
// picture and sound, the agent's self-view, and Mute, Camera off and End call.

import { newId } from "./dom.js";
import { callAskedSentence, callEndSentence, callMediaSentence, callStateSentence, errorSentence } from "./explain.js";
import { CallSession, readSignal } from "./call-session.js";

/** The call status's `data-state` for each state, coloured like the other tools' statuses. */
const STATUS_STATE = {
  none: "none", asked: "pending", starting: "pending", calling: "pending", connecting: "pending",
  active: "accepted", reconnecting: "pending", ended: "stopped", declined: "declined",
};

/** Endings the status shows in the colour of a refusal. */
const REFUSALS = new Set(["declined", "unanswered", "refused", "noMedia", "failed"]);

/**
 * The call buttons in the session's header, the call's sentence under the
 * visitor's name, and the `.call` section beside the chat. Its state is `none` (no call yet), `asked` (the person asked to be
 * called), `starting` (opening the agent's microphone and camera), `calling`,
 * `connecting`, `active`, `reconnecting` or `ended`; the `.call` section
 * carries it as `data-state` and shows only while a call is on.
 *
 * `send(type, body)` sends a message about this session (the caller adds its
 * `sessionId`); `settings()` gives `{ available, iceServers }` from the agent's
 * latest `welcome`: whether its connection speaks version 3, and the STUN and
 * TURN servers every call uses.
 */
export class CallView {
  #section;
  #send;
  #settings;
  #status;
  #voiceButton;
  #videoButton;
  #callBackButton;
  #remoteVideo;
  #selfVideo;
  #sound;
  #person;
  #muteButton;
  #cameraButton;
  #visitor = "Visitor";
  #state = "none";
  #call = null;
  #requestId = null;
  #askedMedia = null;
  #sessionOver = false;

  constructor(panel, send, settings) {
    this.#section = panel.querySelector(".call");
    this.#send = send;
    this.#settings = settings;
    this.#status = panel.querySelector(".session__call-status");
    this.#voiceButton = panel.querySelector(".session__voice-call");
    this.#videoButton = panel.querySelector(".session__video-call");
    this.#callBackButton = panel.querySelector(".session__call-back");
    this.#remoteVideo = this.#section.querySelector(".call__remote");
    this.#selfVideo = this.#section.querySelector(".call__self");
    this.#sound = this.#section.querySelector(".call__sound");
    this.#person = this.#section.querySelector(".call__person");
    this.#muteButton = this.#section.querySelector(".call__mute");
    this.#cameraButton = this.#section.querySelector(".call__camera");
    this.#voiceButton.addEventListener("click", () => this.#start("audio"));
    this.#videoButton.addEventListener("click", () => this.#start("video"));
    this.#callBackButton.addEventListener("click", () => this.#start(this.#askedMedia));
    this.#muteButton.addEventListener("click", () => this.#toggleMicrophone());
    this.#cameraButton.addEventListener("click", () => this.#toggleCamera());
    this.#section.querySelector(".call__end").addEventListener("click", () => this.#endByAgent());
    this.#render();
  }

  /** Names the call's parts after the visitor. */
  setVisitor(name) {
    this.#visitor = name;
    this.#section.setAttribute("aria-label", `Call with ${name}`);
    this.#section.querySelector(".call__title").textContent = `Call with ${name}`;
    this.#remoteVideo.setAttribute("aria-label", `Video from ${name}`);
    this.#callBackButton.setAttribute("aria-label", `Call ${name} back`);
  }

  /** The session is open (`true`) or over (`false`); a call does not outlive its session. */
  setSessionOpen(open) {
    this.#sessionOver = !open;
    if (!open && this.#state === "asked") {
      this.#setState("none", "");
    } else if (!open) {
      this.#finish("sessionEnded");
    }
    this.#render();
  }

  /** The person answered the call request (`consumerAnswered` of kind `call`). */
  answered(requestId, accepted) {
    if (requestId !== this.#requestId || this.#state !== "calling") return;
    if (!accepted) {
      this.#finish("declined");
      return;
    }
    this.#setState("connecting");
    this.#call.accepted();
    // What the agent turned off while the call was ringing is news to the person now.
    if (!this.#call.microphoneOn || (this.#call.media === "video" && !this.#call.cameraOn)) this.#sendMediaState();
  }

  /** A `callSignal` from the person's app. */
  signal(requestId, signal) {
    if (requestId !== this.#requestId || !this.#call) return;
    const checked = readSignal(signal);
    if (!checked) {
      console.warn(`Assist console: ignored a call signal it cannot use (${JSON.stringify(signal?.kind ?? null)}).`);
      return;
    }
    if (checked.kind === "restart" && this.#state === "active") this.#setState("reconnecting");
    this.#call.received(checked);
  }

  /** The person turned their microphone or camera off or on (`callMediaState`). */
  mediaState(requestId, microphone, camera) {
    if (requestId !== this.#requestId || !this.#call) return;
    this.#person.textContent = callMediaSentence(this.#visitor, { microphone, camera }, this.#call.media);
    this.#section.dataset.personCamera = camera ? "on" : "off";
  }

  /** The call ended on the person's side or the server's (`callEnd`). */
  ended(requestId, reason) {
    if (requestId !== this.#requestId) return;
    this.#finish(reason);
  }

  /** The person asks to be called (`callAsked`), with `media` `"audio"` or `"video"`. */
  asked(media) {
    if (this.#call) return;
    this.#askedMedia = media === "video" ? "video" : "audio";
    this.#setState("asked", callAskedSentence(this.#askedMedia, this.#visitor));
  }

  /** The server refused the latest `requestCall` with `code`. */
  refused(code) {
    if (this.#state !== "calling") return;
    this.#finish(code === "notAllowed" ? "refused" : null, errorSentence(code));
  }

  /** The agent's connection to the server is new: a call whose media stopped is offered again. */
  connectionRenewed() {
    this.#call?.connectionResumed();
    this.#render();
  }

  /**
   * The session can no longer be reached (`reason` `lost`), or its panel is
   * going: the call ends here without a message to the person.
   */
  release(reason) {
    this.#finish(reason);
  }

  async #start(media) {
    if (this.#call || this.#sessionOver || !this.#settings().available) return;
    const call = new CallSession(media, this.#settings().iceServers, {
      signal: (signal) => this.#send("callSignal", { requestId: this.#requestId, signal }),
      flowing: (flowing) => this.#flowing(flowing),
      localStream: (stream) => this.#showSelf(stream),
      remoteStream: (stream) => this.#showPerson(stream),
      failed: (error) => {
        console.warn("Assist console: the call's peer connection could not be made.", error);
        this.#endByAgent("failed");
      },
    });
    this.#call = call;
    this.#requestId = null;
    this.#askedMedia = null;
    this.#person.textContent = "";
    this.#section.dataset.media = media;
    this.#section.dataset.personCamera = "on";
    this.#setState("starting");
    try {
      await call.acquire();
    } catch (error) {
      console.warn("Assist console: the browser did not open the microphone or camera.", error);
      if (this.#call === call) this.#finish("noMedia");
      return;
    }
    if (this.#call !== call) return;
    this.#requestId = newId("call");
    this.#send("requestCall", { requestId: this.#requestId, media });
    this.#setState("calling");
  }

  #flowing(flowing) {
    if (flowing) {
      this.#setState("active");
    } else if (this.#state === "active") {
      this.#setState("reconnecting");
    }
  }

  #toggleMicrophone() {
    if (!this.#call) return;
    this.#call.setMicrophone(!this.#call.microphoneOn).then(() => this.#mediaChanged(), (error) => {
      console.warn("Assist console: the microphone could not be switched.", error);
    });
  }

  #toggleCamera() {
    if (!this.#call) return;
    this.#cameraButton.disabled = true;
    this.#call.setCamera(!this.#call.cameraOn).then(() => this.#mediaChanged(), (error) => {
      console.warn("Assist console: the camera could not be switched.", error);
      this.#render();
    });
  }

  /** Shows what the agent turned off or on, and tells the person once they accepted the call. */
  #mediaChanged() {
    if (!this.#call) return;
    const answered = this.#state !== "starting" && this.#state !== "calling";
    if (answered) this.#sendMediaState();
    this.#render();
  }

  #sendMediaState() {
    this.#send("callMediaState", {
      requestId: this.#requestId, microphone: this.#call.microphoneOn, camera: this.#call.cameraOn,
    });
  }

  /** The agent ends the call: the person hears of it unless it was never proposed. */
  #endByAgent(reason = "ownEnd") {
    if (!this.#call) return;
    if (this.#requestId !== null) this.#send("callEnd", { requestId: this.#requestId });
    this.#finish(reason);
  }

  /** The call is over: media released, the stage hidden, the sentence for `reason` shown. */
  #finish(reason, sentence = null) {
    if (!this.#call) return;
    const media = this.#call.media;
    this.#call.end();
    this.#call = null;
    this.#remoteVideo.srcObject = null;
    this.#selfVideo.srcObject = null;
    this.#sound.srcObject = null;
    this.#person.textContent = "";
    const state = REFUSALS.has(reason) ? "declined" : "ended";
    this.#setState(state, sentence ?? callEndSentence(reason, this.#visitor, media));
  }

  #showSelf(stream) {
    this.#selfVideo.srcObject = stream;
    this.#render();
  }

  #showPerson(stream) {
    if (this.#remoteVideo.srcObject !== stream) this.#remoteVideo.srcObject = stream;
    if (this.#sound.srcObject !== stream) this.#sound.srcObject = stream;
  }

  #setState(state, sentence = null) {
    this.#state = state;
    this.#status.dataset.state = STATUS_STATE[state];
    this.#status.textContent = sentence ?? callStateSentence(state, this.#visitor, this.#call?.media);
    this.#render();
  }

  #render() {
    const available = this.#settings().available;
    const idle = this.#call === null;
    this.#section.dataset.state = this.#state;
    this.#section.hidden = idle;
    this.#voiceButton.hidden = !idle;
    this.#videoButton.hidden = !idle;
    this.#callBackButton.hidden = !idle || this.#state !== "asked";
    for (const button of [this.#voiceButton, this.#videoButton, this.#callBackButton]) {
      button.disabled = this.#sessionOver || !available;
    }
    if (idle) return;
    const muted = !this.#call.microphoneOn;
    const cameraOff = !this.#call.cameraOn;
    this.#muteButton.setAttribute("aria-pressed", String(muted));
    this.#muteButton.disabled = this.#state === "starting";
    this.#cameraButton.setAttribute("aria-pressed", String(cameraOff));
    this.#cameraButton.hidden = this.#call.media !== "video";
    this.#cameraButton.disabled = this.#state === "starting";
    this.#section.dataset.selfCamera = cameraOff ? "off" : "on";
  }
}
