// Agent control of one session's shared window (docs/protocol.md §12.6):
// asking the visitor for it, clicks on the picture and typed text sent as
// `input`, and what the visitor's app did with each.

import { labelControl, newId } from "./dom.js";
import { inputOutcomeSentence } from "./explain.js";

/** Typed text is 1–1,000 Unicode scalar values. */
const MAX_TEXT_LENGTH = 1_000;

/** The control status's `data-state` for each state, coloured like the other tools' statuses. */
const STATUS_STATE = { none: "none", pending: "pending", granted: "accepted", declined: "declined", ended: "stopped" };

/**
 * Control of the shared window in one session panel: the "Request control"
 * button and its status among the tools, and in the shared window the badge,
 * the clickable picture, the "Type into the app" form and the outcome of the
 * latest input.
 *
 * Its state is `none` (not asked during this share), `pending`, `granted`,
 * `declined` or `ended`; the `.shared-window` section carries it as
 * `data-control`. The agent acts only while control is granted and the picture
 * is live. `send(type, body)` sends a message about this session (the caller
 * adds its `sessionId`).
 */
export class WindowControl {
  #section;
  #sharedWindow;
  #send;
  #button;
  #status;
  #badge;
  #form;
  #text;
  #outcome;
  #visitor = "Visitor";
  #state = "none";
  #shareState = "none";
  #offered = true;
  /** The `requestId` of the request that is pending or granted. */
  #requestId = null;
  /** Inputs sent with no result yet: `inputId` → the `requestId` of the grant they were sent under. */
  #inputs = new Map();

  constructor(panel, sharedWindow, send) {
    this.#section = panel.querySelector(".shared-window");
    this.#sharedWindow = sharedWindow;
    this.#send = send;
    this.#button = panel.querySelector(".session__control");
    this.#status = panel.querySelector(".session__control-status");
    this.#badge = this.#section.querySelector(".shared-window__control");
    this.#form = this.#section.querySelector(".shared-window__type");
    this.#text = this.#form.querySelector("input");
    this.#outcome = this.#section.querySelector(".shared-window__outcome");
    labelControl(this.#form.querySelector("label"), this.#text, "app-text");
    this.#button.addEventListener("click", () => this.#request());
    this.#section.querySelector(".shared-window__picture").addEventListener("click", (event) => this.#clicked(event));
    this.#form.addEventListener("submit", (event) => {
      event.preventDefault();
      this.#typed();
    });
    this.#render();
  }

  /** Names the controls after the visitor. */
  setVisitor(name) {
    this.#visitor = name;
    this.#form.querySelector("button").setAttribute("aria-label", `Send text to ${name}'s app`);
  }

  /**
   * The shared window's state changed (`shared-window.js`). A new share starts
   * without control; control ends with the share.
   */
  shareChanged(state) {
    this.#shareState = state;
    if (state === "waiting") {
      this.#requestId = null;
      this.#setState("none", "");
      this.#showOutcome(null);
    } else if (state === "stopped" && this.#state === "granted") {
      this.#end("Control ended with the screen share.");
    } else if (state === "stopped" && this.#state === "pending") {
      this.#end(`The screen share ended before ${this.#visitor} answered.`);
    }
    this.#render();
  }

  /** The visitor answered a control request (`consumerAnswered` of kind `control`). */
  answered(requestId, accepted) {
    if (requestId !== this.#requestId || this.#state !== "pending") return;
    if (accepted) {
      this.#inputs.clear();
      this.#showOutcome(null);
      this.#setState("granted", `${this.#visitor} gave you control.`);
    } else {
      this.#requestId = null;
      this.#setState("declined", `${this.#visitor} declined to give you control.`);
    }
    this.#render();
  }

  /** The visitor took control back (`controlEnd`); the share goes on. */
  takenBack(requestId) {
    if (requestId !== this.#requestId || this.#state !== "granted") return;
    this.#end(`${this.#visitor} took control back.`);
    this.#render();
  }

  /** What the visitor's app did with one of the agent's inputs (`inputResult`). */
  inputResult(inputId, outcome) {
    if (!this.#inputs.has(inputId)) {
      console.warn(`Assist console: a result for input ${inputId}, which this console is not waiting for.`);
      return;
    }
    const grant = this.#inputs.get(inputId);
    this.#inputs.delete(inputId);
    this.#showOutcome(outcome);
    // A late answer to an input of an earlier grant does not end a newer one.
    if (outcome === "noControl" && grant === this.#requestId && this.#state === "granted") {
      this.#end("Control ended.");
      this.#render();
    }
  }

  /** The server refused the latest input (an `error` about `input`): the agent does not hold control. */
  refused() {
    this.#showOutcome("noControl");
    if (this.#state !== "granted") return;
    this.#end("Control ended.");
    this.#render();
  }

  #request() {
    this.#requestId = newId("control");
    this.#send("requestControl", { requestId: this.#requestId });
    this.#setState("pending", `Control requested — waiting for ${this.#visitor}…`);
    this.#render();
  }

  #clicked(event) {
    if (this.#state !== "granted") return;
    const point = this.#sharedWindow.pointAt(event.clientX, event.clientY);
    if (point) this.#sendInput({ kind: "click", x: point.x, y: point.y });
  }

  #typed() {
    const text = this.#text.value;
    if (!this.#acting || text === "" || [...text].length > MAX_TEXT_LENGTH) return;
    this.#sendInput({ kind: "text", text });
    this.#text.value = "";
  }

  #sendInput(event) {
    const inputId = newId("input");
    this.#inputs.set(inputId, this.#requestId);
    this.#showOutcome(null);
    this.#send("input", { inputId, event });
  }

  get #acting() {
    return this.#state === "granted" && this.#shareState === "live";
  }

  #end(sentence) {
    this.#requestId = null;
    this.#setState("ended", sentence);
  }

  #setState(state, sentence) {
    this.#state = state;
    this.#status.dataset.state = STATUS_STATE[state];
    this.#status.textContent = sentence;
  }

  /** The sentence under the picture for an outcome, or none (`null`) while an input is on its way. */
  #showOutcome(outcome) {
    if (outcome === null) {
      delete this.#outcome.dataset.outcome;
      this.#outcome.textContent = "";
    } else {
      this.#outcome.dataset.outcome = outcome;
      this.#outcome.textContent = inputOutcomeSentence(outcome);
    }
  }

  /**
   * Whether control may be asked for in this share: of the app's own window,
   * and of a whole screen or another window only when the app offers control
   * of it (protocol §12.8, §12.9).
   */
  set offered(offered) {
    this.#offered = offered;
    this.#render();
  }

  #render() {
    const sharing = this.#shareState === "waiting" || this.#shareState === "live";
    this.#section.dataset.control = this.#state;
    this.#button.hidden = !this.#offered || !sharing || this.#state === "pending" || this.#state === "granted";
    this.#badge.hidden = this.#state !== "granted";
    this.#form.hidden = !this.#acting;
  }
}
