// The signed-in agent's workspace: routes server messages to the views and
// the agent's intents to the connection.

import { readRelayedFrame } from "./cobrowse-frame.js";
import { errorSentence } from "./explain.js";
import { QueueView } from "./queue-view.js";
import { SessionPanel } from "./session-view.js";

const NOTICE_MS = 10_000;
const MAX_SHORT_CODE = 32;
/** The agent's messages about annotations (§12.7). */
const ANNOTATION_TYPES = new Set(["annotate", "clearAnnotations"]);
/** The agent's messages during a call (§13.2) and a shared screen's video track (§13.5). */
const CALL_MESSAGE_TYPES = new Set(["callSignal", "callMediaState", "callEnd", "screenSignal"]);

/** Queue, sessions, short codes, notices and the end-session dialog. */
export class Workspace {
  #send = () => null;
  /** The `AttachmentClient` of the signed-in agent, for files in chat. */
  #files = null;
  /** The agent's token, for the HTTP requests the console makes besides its connection. */
  #token = "";
  #me = { id: "", name: "" };
  /** The version the agent's connection negotiated, and the STUN and TURN servers its `welcome` named (§13.1). */
  #version = 1;
  #iceServers = [];
  #sessions = new Map();
  #selected = null;
  #noticeTimer = null;
  #pendingEnd = null;
  /** The session of the latest `input` sent: an `error` about an input names no session. */
  #lastInputSession = null;
  /** The session of the latest `annotate` or `clearAnnotations` sent, for the same reason. */
  #lastAnnotationSession = null;
  /** The session of the latest `requestCall` sent: an `error` about it names no session either. */
  #lastCallSession = null;
  #queue = new QueueView({
    onAccept: (sessionId) => this.#send("acceptSession", { sessionId }),
    onAcceptNext: () => this.#send("acceptNext", undefined),
  });
  #area = document.getElementById("session-area");
  #placeholder = document.getElementById("session-placeholder");
  #sessionList = document.getElementById("session-list");
  #sessionsEmpty = document.getElementById("sessions-empty");
  #redeemMessage = document.getElementById("redeem-message");
  #notice = document.getElementById("notice");
  #endDialog = document.getElementById("end-dialog");
  #panelActions = {
    send: (type, body) => {
      if (type === "input") this.#lastInputSession = body.sessionId;
      if (ANNOTATION_TYPES.has(type)) this.#lastAnnotationSession = body.sessionId;
      if (type === "requestCall") this.#lastCallSession = body.sessionId;
      return this.#send(type, body);
    },
    callSettings: () => ({ available: this.#version >= 3, iceServers: this.#iceServers }),
    files: () => this.#files,
    token: () => this.#token,
    select: (panel) => this.#select(panel, true),
    askToEnd: (panel) => this.#askToEnd(panel),
    close: (panel) => this.#close(panel),
  };
  #handlers = {
    welcome: (body) => this.#welcomed(body),
    queueSnapshot: (body) => this.#queue.render(body.entries, body.totalWaiting),
    sessionAssigned: (body) => this.#assigned(body),
    chat: (body) => this.#panel(body.sessionId)?.addMessage(body.message),
    typing: (body) => this.#panel(body.sessionId)?.showTyping(body.isTyping),
    chatReceipt: (body) => this.#panel(body.sessionId)?.applyReceipt(body.receipt),
    consumerAnswered: (body) => this.#panel(body.sessionId)?.answered(body.kind, body.requestId, body.accepted, body.shared),
    screenShareEnd: (body) => this.#panel(body.sessionId)?.shareEnded(body.requestId),
    controlEnd: (body) => this.#panel(body.sessionId)?.controlEnded(body.requestId),
    inputResult: (body) => this.#panel(body.sessionId)?.inputResult(body.inputId, body.outcome),
    annotationsCleared: (body) => this.#panel(body.sessionId)?.annotationsCleared(body.ids, body.reason),
    callAsked: (body) => this.#panel(body.sessionId)?.callAsked(body.media),
    callSignal: (body) => this.#panel(body.sessionId)?.callSignal(body.requestId, body.signal),
    callMediaState: (body) => this.#panel(body.sessionId)?.callMediaState(body.requestId, body.microphone, body.camera),
    callEnd: (body) => this.#panel(body.sessionId)?.callEnded(body.requestId, body.reason),
    screenSignal: (body) => this.#panel(body.sessionId)?.screenSignal(body.requestId, body.signal),
    sessionEnded: (body) => this.#panel(body.sessionId)?.markEnded(body.reason, body.text),
    error: (body) => this.#serverError(body),
  };

  constructor() {
    document.getElementById("redeem-form").addEventListener("submit", (event) => {
      event.preventDefault();
      this.#redeem(document.getElementById("short-code"));
    });
    document.getElementById("notice-dismiss").addEventListener("click", () => this.#hideNotice());
    this.#endDialog.addEventListener("close", () => this.#endDialogClosed());
    setInterval(() => this.#queue.tick(), 1000);
  }

  /** Routes agent intents to `send(type, body)` (the live connection's); `token` signs HTTP requests, and files go through `files` (an `AttachmentClient`). */
  attach(send, token, files) {
    this.#send = send;
    this.#token = token;
    this.#files = files;
  }

  /** Handles one delivered server message; unknown types are ignored with a warning. */
  handle(type, body) {
    const handler = this.#handlers[type];
    if (handler) {
      handler(body);
    } else {
      console.warn(`Assist console: no handler for ${type}.`);
    }
  }

  /**
   * A binary message: a co-browse frame relayed from a visitor's app (§12.4).
   * A frame that cannot be read is dropped; its session asks for a keyframe.
   */
  cobrowseFrame(buffer) {
    const { sessionId, frame, problem } = readRelayedFrame(buffer);
    if (problem) console.warn(`Assist console: dropped a co-browse frame${sessionId === null ? "" : ` for session ${sessionId}`}: ${problem}`);
    if (sessionId === null) return;
    const panel = this.#panel(sessionId);
    if (frame) {
      panel?.showFrame(frame);
    } else {
      panel?.frameUnreadable();
    }
  }

  /** The server confirmed receiving these frames: the agent's chat messages are now "Sent". */
  acknowledged(frames) {
    for (const frame of frames) {
      if (frame.type === "chat") this.#panel(frame.body.sessionId)?.markSent(frame.body.clientMessageId);
    }
  }

  /** The agent's connection dropped; the console reconnects by itself. */
  connectionLost() {
    for (const panel of this.#sessions.values()) panel.connectionLost();
  }

  /** The server did not keep the agent's connection; the open sessions are no longer reachable. */
  restarted() {
    for (const panel of this.#sessions.values()) {
      if (!panel.ended) panel.markLost();
    }
  }

  /** Shows a sentence to the agent for a while. */
  showNotice(sentence) {
    document.getElementById("notice-text").textContent = sentence;
    this.#notice.hidden = false;
    clearTimeout(this.#noticeTimer);
    this.#noticeTimer = setTimeout(() => this.#hideNotice(), NOTICE_MS);
  }

  /** Forgets everything (signed out). */
  clear() {
    this.#send = () => null;
    this.#files = null;
    this.#token = "";
    for (const panel of [...this.#sessions.values()]) this.#close(panel);
    this.#queue.clear();
    this.#redeemMessage.textContent = "";
    this.#hideNotice();
  }

  #welcomed(body) {
    this.#me = { id: body.agent.id, name: body.agent.name };
    this.#version = body.version;
    this.#iceServers = Array.isArray(body.iceServers) ? body.iceServers : [];
    for (const panel of this.#sessions.values()) panel.connectionRenewed();
  }

  #assigned(body) {
    const existing = this.#sessions.get(body.sessionId);
    if (existing) {
      existing.assign(body);
      return;
    }
    const panel = new SessionPanel(body, this.#me, this.#panelActions);
    this.#sessions.set(body.sessionId, panel);
    this.#area.append(panel.element);
    this.#sessionList.append(panel.tab);
    this.#sessionsEmpty.hidden = true;
    this.#redeemMessage.textContent = "";
    this.#select(panel, false);
  }

  #panel(sessionId) {
    const panel = this.#sessions.get(sessionId);
    if (!panel) console.warn(`Assist console: a message for session ${sessionId}, which is not this agent's.`);
    return panel;
  }

  #select(panel, focus) {
    this.#selected?.setSelected(false);
    this.#selected = panel;
    this.#placeholder.hidden = panel !== null;
    panel?.setSelected(true);
    if (focus) panel?.focusComposer();
  }

  #close(panel) {
    this.#sessions.delete(panel.sessionId);
    panel.discard();
    panel.element.remove();
    panel.tab.remove();
    this.#sessionsEmpty.hidden = this.#sessions.size > 0;
    if (this.#selected === panel) this.#select(this.#sessions.values().next().value ?? null, false);
  }

  #askToEnd(panel) {
    this.#pendingEnd = panel;
    document.getElementById("end-dialog-who").textContent = `${panel.visitor} will see that the session has ended.`;
    document.getElementById("closing-words").value = "";
    this.#endDialog.showModal();
  }

  #endDialogClosed() {
    const panel = this.#pendingEnd;
    this.#pendingEnd = null;
    if (panel && this.#endDialog.returnValue === "end" && !panel.ended) {
      panel.end(document.getElementById("closing-words").value);
    }
    this.#endDialog.returnValue = "";
  }

  #redeem(input) {
    const code = input.value.trim();
    if (code === "" || [...code].length > MAX_SHORT_CODE) {
      this.#redeemMessage.textContent = "Enter the short code the visitor reads out (up to 32 characters).";
      input.setAttribute("aria-invalid", "true");
      return;
    }
    input.setAttribute("aria-invalid", "false");
    this.#send("redeemShortCode", { code });
    this.#redeemMessage.textContent = `Joining with code ${code}…`;
    input.value = "";
  }

  #serverError({ code, refType, message }) {
    // A keyframe request can cross the end of a share (notAllowed); nothing for the agent to do.
    if (refType === "requestKeyframe") {
      console.warn(`Assist console: the server refused a keyframe request (${code}): ${message}`);
      return;
    }
    // The server refuses an input when the agent does not hold control (notAllowed). Errors
    // come back at once and clicks are human-paced, so it is the latest input's session.
    if (refType === "input") {
      console.warn(`Assist console: the server refused an input (${code}): ${message}`);
      this.#sessions.get(this.#lastInputSession)?.inputRefused();
      return;
    }
    // The same holds for drawings: the server refuses them outside an active share (notAllowed).
    if (ANNOTATION_TYPES.has(refType)) {
      console.warn(`Assist console: the server refused ${refType} (${code}): ${message}`);
      this.#sessions.get(this.#lastAnnotationSession)?.annotationRefused(refType);
      return;
    }
    if (refType === "requestCall") {
      console.warn(`Assist console: the server refused a call (${code}): ${message}`);
      this.#sessions.get(this.#lastCallSession)?.callRefused(code);
      return;
    }
    // Call and screen signals and media states can cross the end of a call or a share (unknownRequest); nothing to do.
    if (CALL_MESSAGE_TYPES.has(refType)) {
      console.warn(`Assist console: the server refused ${refType} (${code}): ${message}`);
      return;
    }
    const sentence = errorSentence(code);
    if (refType === "redeemShortCode") this.#redeemMessage.textContent = sentence;
    this.showNotice(sentence);
  }

  #hideNotice() {
    clearTimeout(this.#noticeTimer);
    this.#notice.hidden = true;
  }
}
