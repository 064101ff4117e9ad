// One support session: its tab in "My sessions" and its panel (chat, files,
// screen share, control, annotations, push, call, end).

import { declaredType } from "./attachment-client.js";
import { CallView } from "./call-view.js";
import { cloneTemplate, fillPrechat, labelControl, newId, setTime, visitorLabel } from "./dom.js";
import { attachmentOf } from "./envelope.js";
import { endSentence, fileSentence, maskingSentence } from "./explain.js";
import { FileEntry } from "./file-entry.js";
import { ScreenVideo, canReceiveScreenVideo } from "./screen-video.js";
import { SharedWindow } from "./shared-window.js";
import { downloadTranscript } from "./transcript-download.js";
import { WindowAnnotations } from "./window-annotations.js";
import { WindowControl } from "./window-control.js";

const RECEIPT_STEPS = ["sending", "sent", "stored", "delivered"];
const RECEIPT_TEXT = { sending: "Sending…", sent: "Sent", stored: "Stored", delivered: "Delivered" };
const TYPING_REPEAT_MS = 5_000;
const TYPING_IDLE_MS = 4_000;
const TYPING_EXPIRY_MS = 10_000;
const MAX_URL_LENGTH = 2_048;

/** The `href` of an absolute http(s) URL of at most 2,048 characters, or `null`. */
function pushableUrl(text) {
  let url;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  const allowed = (url.protocol === "http:" || url.protocol === "https:") && url.href.length <= MAX_URL_LENGTH;
  return allowed ? url.href : null;
}

/**
 * A session assigned to this agent. `actions` carries the agent's intents out:
 * `send(type, body)`, `select(panel)`, `askToEnd(panel)`, `close(panel)`;
 * `callSettings()` gives what a call needs from the connection (`call-view.js`),
 * `files()` the `AttachmentClient` files go and come through, and `token()`
 * the agent's token for the transcript download (§11.1).
 */
export class SessionPanel {
  /** The session's id. */
  sessionId;
  /** The panel shown in the session area. */
  element = cloneTemplate("session-template");
  /** The entry in "My sessions". */
  tab = cloneTemplate("session-tab-template");

  #me;
  #actions;
  #visitor = "Visitor";
  #destination = "";
  #ownMessages = new Map();
  #knownMessageIds = new Set();
  #shareRequestId = null;
  /** What the visitor's app lets the agent ask to see (`sessionAssigned`'s `shareScopes`). */
  #offersScreen = false;
  #offersWindow = true;
  /** Whether the agent may ask for control of a shared screen (`sessionAssigned`'s `screenControl`, §12.9). */
  #offersScreenControl = false;
  /** Whether the app can send a shared screen as a video track (`sessionAssigned`'s `screenVideo`, §13.5). */
  #offersScreenVideo = false;
  /** The running share's video track, while the console asks for one. */
  #screenVideo = null;
  #sharedWindow;
  #control;
  #annotations;
  #call;
  #pushedUrls = new Map();
  /** The file entries shown, and the agent's uploads still going. */
  #fileEntries = new Set();
  #uploads = new Set();
  #typingSentAt = 0;
  #typingIdleTimer = null;
  #typingShownTimer = null;
  #selected = false;
  #unread = 0;
  #endRequested = false;
  #ended = false;

  constructor(assignment, me, actions) {
    this.sessionId = assignment.sessionId;
    this.#me = me;
    this.#actions = actions;
    this.element.dataset.sessionId = this.sessionId;
    this.tab.dataset.sessionId = this.sessionId;
    this.#sharedWindow = new SharedWindow(this.#q(".shared-window"), {
      requestKeyframe: () => this.#actions.send("requestKeyframe", { sessionId: this.sessionId }),
      stateChanged: (state) => {
        this.#control.shareChanged(state);
        this.#annotations.shareChanged(state);
      },
      resized: () => this.#annotations.pictureResized(),
    });
    const sendAboutSession = (type, body) => this.#actions.send(type, { sessionId: this.sessionId, ...body });
    this.#control = new WindowControl(this.element, this.#sharedWindow, sendAboutSession);
    this.#annotations = new WindowAnnotations(this.#q(".shared-window"), this.#sharedWindow, sendAboutSession);
    this.#call = new CallView(this.element, sendAboutSession, () => this.#actions.callSettings());
    this.#wireControls();
    this.assign(assignment);
  }

  /** Whether the session is over. */
  get ended() {
    return this.#ended;
  }

  /** The visitor's name as shown. */
  get visitor() {
    return this.#visitor;
  }

  /** Applies a `sessionAssigned` (the first, or again after a reconnection). */
  assign({ visitorName, destination, preChat, shareScopes, screenControl, screenVideo }) {
    this.#visitor = visitorLabel(visitorName);
    this.#offersScreen = Array.isArray(shareScopes) && shareScopes.includes("screen");
    this.#offersWindow = !Array.isArray(shareScopes) || shareScopes.includes("window");
    this.#offersScreenControl = screenControl === true;
    this.#offersScreenVideo = screenVideo === true;
    this.#destination = typeof destination === "string" ? destination : "";
    this.#q(".session__name").textContent = this.#visitor;
    this.#q(".session__detail").textContent = `${this.#destination} · session ${this.sessionId}`;
    this.#q(".transcript").setAttribute("aria-label", `Chat with ${this.#visitor}`);
    this.#q(".composer label").textContent = `Message to ${this.#visitor}`;
    this.#sharedWindow.setVisitor(this.#visitor);
    this.#control.setVisitor(this.#visitor);
    this.#annotations.setVisitor(this.#visitor);
    this.#call.setVisitor(this.#visitor);
    const prechat = this.#q(".session__prechat");
    prechat.hidden = !fillPrechat(prechat.querySelector(".prechat"), preChat);
    this.tab.querySelector(".session-tab__name").textContent = this.#visitor;
    const shareStatus = this.#q(".session__share-status");
    this.#setShare(shareStatus.dataset.state, shareStatus.textContent);
    this.#setActive(true);
  }

  /** Shows or hides the panel; the shown one is marked current in the list. */
  setSelected(selected) {
    this.#selected = selected;
    this.element.hidden = !selected;
    const button = this.tab.querySelector(".session-tab");
    if (selected) {
      button.setAttribute("aria-current", "true");
      this.#unread = 0;
      this.#renderTab();
    } else {
      button.removeAttribute("aria-current");
    }
  }

  /** Moves keyboard focus to the message box. */
  focusComposer() {
    this.#q(".composer textarea").focus();
  }

  /** A chat message from the server (the visitor, another agent or the service). */
  addMessage(message) {
    if (this.#knownMessageIds.has(message.messageId)) return;
    this.#knownMessageIds.add(message.messageId);
    const own = message.author === "agent" && message.agentId === this.#me.id;
    const item = this.#appendMessage(message.author, this.#authorLabel(message), message.text, message.sentAt);
    const attachment = attachmentOf(message);
    if (attachment) {
      const entry = this.#showFile(item, attachment, message.text);
      entry.ready((signal) => this.#actions.files().download(attachment.attachmentId, this.sessionId, signal));
    }
    if (message.author === "consumer") this.showTyping(false);
    if (!own && !this.#selected) {
      this.#unread += 1;
      this.#renderTab();
    }
  }

  /**
   * A `chatReceipt` for one of the agent's messages; when the server masked
   * something in it (`storedText`, `maskedKinds`, §11.7) the message shows
   * the text as stored, with a note saying what was hidden.
   */
  applyReceipt({ clientMessageId, messageId, status, storedText, maskedKinds }) {
    this.#knownMessageIds.add(messageId);
    this.#advanceReceipt(clientMessageId, status);
    const own = this.#ownMessages.get(clientMessageId);
    const masked = typeof storedText === "string" && Array.isArray(maskedKinds) && maskedKinds.length > 0
      && maskedKinds.every((kind) => typeof kind === "string");
    if (!own || !masked) return;
    own.item.querySelector(".message__text").textContent = storedText;
    const note = own.item.querySelector(".message__masked");
    note.textContent = maskingSentence(maskedKinds);
    note.hidden = false;
  }

  /** The server acknowledged the frame carrying one of the agent's messages. */
  markSent(clientMessageId) {
    this.#advanceReceipt(clientMessageId, "sent");
  }

  /** The visitor's typing indicator; it lapses after 10 s without a repeat. */
  showTyping(isTyping) {
    const typing = this.#q(".typing");
    clearTimeout(this.#typingShownTimer);
    typing.textContent = isTyping ? `${this.#visitor} is typing…` : "";
    if (isTyping) this.#typingShownTimer = setTimeout(() => this.showTyping(false), TYPING_EXPIRY_MS);
  }

  /** The visitor answered a screen share, control, push or call request. */
  answered(kind, requestId, accepted, shared) {
    if (kind === "call") {
      this.#call.answered(requestId, accepted);
    } else if (kind === "control") {
      this.#control.answered(requestId, accepted);
    } else if (kind === "screenShare" && requestId === this.#shareRequestId) {
      const appWindow = !shared || shared === "appWindow";
      this.#control.offered = appWindow || this.#offersScreenControl;
      this.#annotations.offered = appWindow;
      if (accepted) this.#sharedWindow.start();
      if (accepted) this.#q(".shared-window h3").textContent = shared === "monitor" ? "Shared screen" : "Shared window";
      if (accepted && (shared === "monitor" || shared === "window")) this.#startScreenVideo();
      this.#setShare(accepted ? "accepted" : "declined", accepted
        ? sharingSentence(this.#visitor, shared, this.#offersScreenControl)
        : `${this.#visitor} declined to share their screen.`);
    } else if (kind === "push" && this.#pushedUrls.has(requestId)) {
      const url = this.#pushedUrls.get(requestId);
      this.#setPush(accepted ? "accepted" : "declined", accepted
        ? `${this.#visitor} opened ${url}`
        : `${this.#visitor} declined to open ${url}`);
    }
  }

  /** The visitor stopped sharing their screen. */
  shareEnded(requestId) {
    if (requestId !== this.#shareRequestId) return;
    this.#shareRequestId = null;
    this.#endScreenVideo();
    this.#sharedWindow.stop();
    this.#setShare("stopped", `${this.#visitor} stopped sharing.`);
  }

  /** The visitor took back control of their window (`controlEnd`). */
  controlEnded(requestId) {
    this.#control.takenBack(requestId);
  }

  /** What the visitor's app did with one of the agent's inputs (`inputResult`). */
  inputResult(inputId, outcome) {
    this.#control.inputResult(inputId, outcome);
  }

  /** The server refused this session's latest input. */
  inputRefused() {
    this.#control.refused();
  }

  /** The visitor's app took some of the agent's strokes off (`annotationsCleared`). */
  annotationsCleared(ids, reason) {
    this.#annotations.cleared(ids, reason);
  }

  /** The server refused this session's latest `annotate` or `clearAnnotations` (`type`). */
  annotationRefused(type) {
    this.#annotations.refused(type);
  }

  /** A `callSignal` from the visitor's app. */
  callSignal(requestId, signal) {
    this.#call.signal(requestId, signal);
  }

  /** The visitor turned their microphone or camera off or on (`callMediaState`). */
  callMediaState(requestId, microphone, camera) {
    this.#call.mediaState(requestId, microphone, camera);
  }

  /** The call ended on the visitor's side or the server's (`callEnd`). */
  callEnded(requestId, reason) {
    this.#call.ended(requestId, reason);
  }

  /** The visitor asks to be called (`callAsked`). */
  callAsked(media) {
    this.#call.asked(media);
  }

  /** The server refused this session's latest `requestCall` with `code`. */
  callRefused(code) {
    this.#call.refused(code);
  }

  /** A `screenSignal` from the visitor's app, about the running share's video track. */
  screenSignal(requestId, signal) {
    if (requestId === this.#shareRequestId) this.#screenVideo?.received(signal);
  }

  /** A co-browse frame from the visitor's app, checked (`cobrowse-frame.js`). */
  showFrame(frame) {
    this.#sharedWindow.show(frame);
  }

  /** A co-browse frame for this session could not be read. */
  frameUnreadable() {
    this.#sharedWindow.unreadable();
  }

  /** The agent's connection to the server dropped: a shared screen's video track closes until it is back. */
  connectionLost() {
    this.#screenVideo?.disconnect();
  }

  /** The agent's connection to the server is new (a `welcome`): a shared screen's video track is offered again. */
  connectionRenewed() {
    this.#sharedWindow.reconnected();
    this.#call.connectionRenewed();
    if (this.#actions.callSettings().available) {
      this.#screenVideo?.connect();
    } else {
      this.#endScreenVideo();
    }
  }

  /**
   * The panel is being removed (closed, or the agent signed out): a call still
   * on ends here, files still uploading are cancelled, and the file entries let
   * go of what they hold.
   */
  discard() {
    this.#endScreenVideo();
    this.#call.release("agentLeft");
    for (const upload of this.#uploads) upload.cancel();
    for (const entry of this.#fileEntries) entry.release();
  }

  /** Sends `endSession`, with the closing words when there are any. */
  end(closingWords) {
    const body = { sessionId: this.sessionId };
    const text = closingWords.trim();
    if (text !== "") body.text = text;
    this.#endRequested = true;
    this.#q(".session__end").disabled = true;
    this.#actions.send("endSession", body);
  }

  /** The session is over (`sessionEnded`). */
  markEnded(reason, text) {
    const own = this.#endRequested && reason === "agentEnded";
    const sentence = own ? "You ended the session." : endSentence(reason);
    this.#showEnded(typeof text === "string" ? `${sentence} “${text}”` : sentence);
  }

  /** The server did not keep the agent's connection, so this session is no longer reachable. */
  markLost() {
    this.#call.release("lost");
    this.#showEnded("The connection was restarted and this session was not kept.");
  }

  #wireControls() {
    const composer = this.#q(".composer");
    const textarea = composer.querySelector("textarea");
    labelControl(composer.querySelector("label"), textarea, "message");
    const push = this.#q(".session__push");
    labelControl(push.querySelector("label"), push.querySelector("input"), "push-url");
    composer.addEventListener("submit", (event) => {
      event.preventDefault();
      this.#sendChat(textarea);
    });
    textarea.addEventListener("keydown", (event) => {
      if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        composer.requestSubmit();
      }
    });
    textarea.addEventListener("input", () => this.#typed(textarea.value));
    const picker = composer.querySelector(".composer__file");
    composer.querySelector(".composer__attach").addEventListener("click", () => picker.click());
    picker.addEventListener("change", () => {
      for (const file of picker.files) this.#sendFile(file);
      picker.value = "";
    });
    this.#acceptDroppedFiles(this.#q(".transcript"), composer);
    textarea.addEventListener("blur", () => this.#stopTyping());
    push.addEventListener("submit", (event) => {
      event.preventDefault();
      this.#pushUrl(push.querySelector("input"));
    });
    this.#q(".session__share").addEventListener("click", () => this.#requestShare("window"));
    this.#q(".session__share-screen").addEventListener("click", () => this.#requestShare("screen"));
    this.#q(".session__stop-share").addEventListener("click", () => this.#stopShare());
    this.#q(".session__end").addEventListener("click", () => this.#actions.askToEnd(this));
    this.#q(".session__close").addEventListener("click", () => this.#actions.close(this));
    this.#q(".session__transcript-html").addEventListener("click", () => this.#download("html"));
    this.#q(".session__transcript-text").addEventListener("click", () => this.#download("text"));
    this.tab.querySelector(".session-tab").addEventListener("click", () => this.#actions.select(this));
  }

  #sendChat(textarea) {
    const text = textarea.value;
    if (this.#ended || text.trim() === "") return;
    const clientMessageId = newId("c");
    this.#actions.send("chat", { sessionId: this.sessionId, clientMessageId, text });
    const item = this.#appendMessage("agent", `${this.#me.name} (you)`, text, Date.now());
    this.#ownMessages.set(clientMessageId, { item, step: -1 });
    this.#advanceReceipt(clientMessageId, "sending");
    textarea.value = "";
    this.#stopTyping();
  }

  /** Files dropped on the chat or the message box are sent; the chat is outlined while they hover. */
  #acceptDroppedFiles(...zones) {
    const transcript = this.#q(".transcript");
    const carriesFiles = (event) => !this.#ended && event.dataTransfer?.types.includes("Files");
    for (const zone of zones) {
      zone.addEventListener("dragover", (event) => {
        if (!carriesFiles(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = "copy";
        transcript.classList.add("transcript--drop");
      });
      zone.addEventListener("dragleave", (event) => {
        if (!zone.contains(event.relatedTarget)) transcript.classList.remove("transcript--drop");
      });
      zone.addEventListener("drop", (event) => {
        transcript.classList.remove("transcript--drop");
        if (!carriesFiles(event)) return;
        event.preventDefault();
        for (const file of event.dataTransfer.files) this.#sendFile(file);
      });
    }
  }

  /**
   * Uploads one of the agent's files with a progress bar and Cancel, then
   * sends the chat message carrying its ticket, which gets receipts like any
   * other.
   */
  #sendFile(file) {
    if (this.#ended) return;
    const item = this.#appendMessage("agent", `${this.#me.name} (you)`, "", Date.now());
    const entry = this.#showFile(item, { name: file.name, size: file.size, mediaType: declaredType(file) }, "");
    const upload = this.#actions.files().upload(this.sessionId, file, (received, size) => entry.progress(received, size));
    this.#uploads.add(upload);
    entry.uploading(file.size, () => upload.cancel());
    upload.send().then(({ attachment, ticket }) => {
      entry.describe(attachment);
      if (this.#ended) {
        upload.cancel();
        entry.failed(fileSentence("sessionEnded"), false);
        return;
      }
      entry.ready((signal) => this.#actions.files().download(attachment.attachmentId, this.sessionId, signal), file);
      const clientMessageId = newId("c");
      this.#actions.send("chat", {
        sessionId: this.sessionId, clientMessageId, text: attachment.name, attachmentTicket: ticket,
      });
      this.#ownMessages.set(clientMessageId, { item, step: -1 });
      this.#advanceReceipt(clientMessageId, "sending");
    }, (failure) => entry.failed(failure.sentence, failure.cancelled)).finally(() => this.#uploads.delete(upload));
  }

  /** Puts a file entry in chat message `item`; `text` shows as a caption when it is not the file's name. */
  #showFile(item, file, text) {
    const entry = new FileEntry(file);
    this.#fileEntries.add(entry);
    item.classList.add("message--file");
    const caption = item.querySelector(".message__text");
    caption.hidden = text === "" || text === file.name;
    caption.before(entry.element);
    item.scrollIntoView({ block: "nearest" });
    return entry;
  }

  #typed(text) {
    if (text === "") {
      this.#stopTyping();
      return;
    }
    const now = Date.now();
    if (now - this.#typingSentAt >= TYPING_REPEAT_MS) {
      this.#typingSentAt = now;
      this.#actions.send("typing", { sessionId: this.sessionId, isTyping: true });
    }
    clearTimeout(this.#typingIdleTimer);
    this.#typingIdleTimer = setTimeout(() => this.#stopTyping(), TYPING_IDLE_MS);
  }

  #stopTyping() {
    clearTimeout(this.#typingIdleTimer);
    if (this.#typingSentAt === 0) return;
    this.#typingSentAt = 0;
    if (!this.#ended) this.#actions.send("typing", { sessionId: this.sessionId, isTyping: false });
  }

  /** Downloads the transcript as it stands, during the session or after it ended. */
  async #download(format) {
    const status = this.#q(".session__transcript-status");
    const buttons = [this.#q(".session__transcript-html"), this.#q(".session__transcript-text")];
    for (const button of buttons) button.disabled = true;
    status.dataset.state = "pending";
    status.textContent = "Downloading the transcript…";
    const { ok, sentence } = await downloadTranscript(this.sessionId, format, this.#actions.token());
    for (const button of buttons) button.disabled = false;
    status.dataset.state = ok ? "accepted" : "declined";
    status.textContent = sentence;
  }

  #requestShare(scope) {
    this.#shareRequestId = newId("share");
    const body = { sessionId: this.sessionId, requestId: this.#shareRequestId };
    if (scope === "screen") body.scope = "screen";
    this.#actions.send("requestScreenShare", body);
    this.#setShare("pending", scope === "screen"
      ? `Asked to see ${this.#visitor}'s screen — waiting for them to choose what to share…`
      : `Screen share requested — waiting for ${this.#visitor}…`);
  }

  #stopShare() {
    this.#actions.send("screenShareEnd", { sessionId: this.sessionId, requestId: this.#shareRequestId });
    this.#shareRequestId = null;
    this.#endScreenVideo();
    this.#sharedWindow.stop();
    this.#setShare("stopped", "You stopped the screen share.");
  }

  /**
   * The visitor shares a monitor or a window: when their app can send it as a
   * video track, and this console can show one on a version-3 connection, it
   * offers to receive it (§13.5). The tiles go on until the track is connected.
   */
  #startScreenVideo() {
    this.#endScreenVideo();
    if (!this.#offersScreenVideo || !this.#actions.callSettings().available || !canReceiveScreenVideo()) return;
    const requestId = this.#shareRequestId;
    this.#screenVideo = new ScreenVideo(() => this.#actions.callSettings().iceServers, {
      signal: (signal) => this.#actions.send("screenSignal", { sessionId: this.sessionId, requestId, signal }),
      stream: (stream) => this.#sharedWindow.showVideo(stream),
    });
    this.#screenVideo.connect();
  }

  #endScreenVideo() {
    this.#screenVideo?.end();
    this.#screenVideo = null;
  }

  #pushUrl(input) {
    const url = pushableUrl(input.value);
    input.setAttribute("aria-invalid", String(url === null));
    if (url === null) {
      this.#setPush("invalid", "Enter a full http:// or https:// address (at most 2,048 characters).");
      return;
    }
    const requestId = newId("push");
    this.#pushedUrls.set(requestId, url);
    this.#actions.send("push", { sessionId: this.sessionId, requestId, content: { kind: "url", url } });
    this.#setPush("pending", `Sent ${url} — waiting for ${this.#visitor}…`);
    input.value = "";
  }

  #setShare(state, text) {
    const status = this.#q(".session__share-status");
    status.dataset.state = state;
    status.textContent = text;
    const sharing = state === "accepted";
    this.#q(".session__share").hidden = sharing || !this.#offersWindow;
    this.#q(".session__share").disabled = this.#ended || state === "pending";
    this.#q(".session__share-screen").hidden = sharing || !this.#offersScreen;
    this.#q(".session__share-screen").disabled = this.#ended || state === "pending";
    this.#q(".session__stop-share").hidden = !sharing;
  }

  #setPush(state, text) {
    const status = this.#q(".session__push-status");
    status.dataset.state = state;
    status.textContent = text;
  }

  #appendMessage(author, label, text, sentAt) {
    const item = cloneTemplate("message-template");
    item.classList.add(`message--${author}`);
    item.querySelector(".message__author").textContent = label;
    setTime(item.querySelector(".message__time"), sentAt);
    item.querySelector(".message__text").textContent = text;
    this.#q(".transcript").append(item);
    item.scrollIntoView({ block: "nearest" });
    return item;
  }

  #authorLabel({ author, agentId }) {
    if (author === "consumer") return this.#visitor;
    if (author === "system") return "Assist";
    return agentId === this.#me.id ? `${this.#me.name} (you)` : `Agent ${agentId ?? ""}`.trim();
  }

  #advanceReceipt(clientMessageId, status) {
    const own = this.#ownMessages.get(clientMessageId);
    const step = RECEIPT_STEPS.indexOf(status);
    if (!own || step <= own.step) return;
    own.step = step;
    const receipt = own.item.querySelector(".message__receipt");
    receipt.dataset.status = status;
    receipt.textContent = RECEIPT_TEXT[status];
  }

  #showEnded(sentence) {
    this.#endScreenVideo();
    this.#sharedWindow.stop();
    this.#setActive(false);
    if (this.#q(".session__share-status").dataset.state === "accepted") {
      this.#setShare("stopped", "The screen share ended with the session.");
    }
    this.#shareRequestId = null;
    this.showTyping(false);
    this.#q(".session__ended-text").textContent = sentence;
  }

  #setActive(active) {
    this.#ended = !active;
    if (!active) this.#stopTyping();
    this.element.classList.toggle("session--ended", !active);
    this.#q(".session__ended").hidden = active;
    this.#q(".composer").hidden = !active;
    for (const control of this.element.querySelectorAll(".session__tools button, .session__tools input, .session__end")) {
      control.disabled = !active;
    }
    this.#call.setSessionOpen(active);
    if (active) this.#endRequested = false;
    this.#renderTab();
  }

  #renderTab() {
    this.tab.querySelector(".session-tab__detail").textContent = this.#ended ? "Ended" : this.#destination;
    this.tab.querySelector(".session-tab").classList.toggle("session-tab--ended", this.#ended);
    const unread = this.tab.querySelector(".session-tab__unread");
    unread.hidden = this.#unread === 0;
    unread.textContent = String(this.#unread);
    unread.setAttribute("aria-label", `${this.#unread} unread`);
  }

  #q(selector) {
    return this.element.querySelector(selector);
  }
}

/**
 * What the console says while `visitor` shares `shared` (protocol §12.8), and
 * whether control may be asked for on it (`controllable`, §12.9).
 */
function sharingSentence(visitor, shared, controllable) {
  const tools = controllable
    ? "You can see it and ask to use their mouse and keyboard; drawing stays with the app's window."
    : "You can see it; control and drawing stay with the app's window.";
  switch (shared) {
    case "monitor": return `${visitor} is sharing their whole screen. ${tools}`;
    case "window": return `${visitor} is sharing a window they chose. ${tools}`;
    default: return `Screen share accepted — ${visitor} is sharing.`;
  }
}
