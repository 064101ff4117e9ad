// The person's WebSocket to /v1/consumer (docs/protocol.md §4, §6): hello or resume, sequence
// numbers and acknowledgements, replay after a drop, reconnection. Its delivery state is kept in
// sessionStorage so a reload resumes the same session.

const SEQUENCED_OUTBOUND = new Set([
  "chat", "screenShareAnswer", "controlAnswer", "pushAnswer", "screenShareEnd", "leaveQueue", "endSession",
]);
/** Close codes after which the page does not resume (§7.3); 4002 means the session is gone. */
const FINAL_CLOSE_CODES = new Set([1000, 1002, 1003, 1007, 1008, 1009, 4001, 4003]);
const RESUME_REJECTED = 4002;
const SEQUENCE_GAP = 4004;
const MAX_RETRY_SECONDS = 15;

/**
 * One session's link. `store` keeps `{ resumeToken, sessionId, last, nextSeq, pending }` across
 * reloads. Reports through `handlers`: `onWelcome(body, { isNew, afterReload })`,
 * `onMessage(type, body)` for every delivered frame after the handshake, `onLost(reason)` when the
 * session is gone (`"rejected"` or `"closed"`) and `onConnection(state)` (`"connecting"`,
 * `"connected"`, `"reconnecting"`).
 */
export class ConsumerLink {
  #url;
  #store;
  #handlers;
  #state;
  #socket = null;
  #welcomed = false;
  #attempt = 0;
  #retryTimer = null;
  #ackTimer = null;
  #stopped = false;
  #afterReload;
  #hello = null;

  constructor(url, store, handlers) {
    this.#url = url;
    this.#store = store;
    this.#handlers = handlers;
    this.#state = store.load() ?? { resumeToken: null, sessionId: null, last: 0, nextSeq: 1, pending: [] };
    this.#afterReload = Boolean(this.#state.resumeToken);
  }

  /** Whether a session from before a reload is waiting to be resumed. */
  get canResume() {
    return Boolean(this.#state.resumeToken);
  }

  /** The session's resume token, which the attachment endpoints take (§11.6); `null` before the first welcome and once stopped. */
  get resumeToken() {
    return this.#stopped ? null : this.#state.resumeToken;
  }

  /** Opens the connection: `hello` (a new session) when `hello` is given, else `resume`. */
  start(hello = null) {
    this.#hello = hello;
    window.addEventListener("online", () => this.#retryNow());
    this.#connect();
  }

  /** Sends a message; sequenced ones are kept until acknowledged and sent again after a resume. */
  send(type, body) {
    if (this.#stopped) return;
    const frame = { v: 1, type };
    if (body !== undefined) frame.body = body;
    if (SEQUENCED_OUTBOUND.has(type)) {
      frame.seq = this.#state.nextSeq++;
      this.#state.pending.push(frame);
      this.#save();
    }
    if (this.#welcomed) this.#write(frame);
  }

  /** Stops for good after acknowledging what arrived: no reconnection, and the stored session is forgotten. */
  stop() {
    if (this.#welcomed) this.#raw({ v: 1, type: "ack", ack: this.#state.last });
    this.#stopped = true;
    clearTimeout(this.#retryTimer);
    this.#store.clear();
    if (this.#socket && this.#socket.readyState <= WebSocket.OPEN) this.#socket.close(1000);
  }

  #connect() {
    if (this.#stopped) return;
    this.#handlers.onConnection(this.#attempt === 0 ? "connecting" : "reconnecting");
    const socket = new WebSocket(this.#url);
    this.#socket = socket;
    this.#welcomed = false;
    socket.addEventListener("open", () => {
      if (this.#state.resumeToken) {
        this.#raw({ v: 1, type: "resume", body: { resumeToken: this.#state.resumeToken, lastReceivedSeq: this.#state.last } });
      } else {
        this.#raw({ v: 1, type: "hello", body: this.#hello });
      }
    });
    socket.addEventListener("message", (event) => this.#receive(event.data));
    socket.addEventListener("close", (event) => this.#closed(socket, event.code));
  }

  #receive(data) {
    if (typeof data !== "string") return;
    let frame;
    try {
      frame = JSON.parse(data);
    } catch {
      return;
    }
    if (!frame || typeof frame !== "object" || typeof frame.type !== "string") return;
    const body = frame.body && typeof frame.body === "object" ? frame.body : {};
    if (Number.isInteger(frame.ack)) this.#acknowledged(frame.ack);
    if (frame.type === "welcome") {
      this.#welcome(body);
      return;
    }
    if (Number.isInteger(frame.seq)) {
      if (frame.seq <= this.#state.last) {
        this.#scheduleAck();
        return;
      }
      if (frame.seq > this.#state.last + 1) {
        this.#socket.close(SEQUENCE_GAP);
        return;
      }
      this.#state.last = frame.seq;
      this.#save();
      this.#scheduleAck();
    }
    this.#handlers.onMessage(frame.type, body);
  }

  #welcome(body) {
    if (typeof body.sessionId !== "string" || typeof body.resumeToken !== "string") return;
    const isNew = !this.#state.resumeToken;
    this.#state.sessionId = body.sessionId;
    this.#state.resumeToken = body.resumeToken;
    if (Number.isInteger(body.lastReceivedSeq)) this.#acknowledged(body.lastReceivedSeq);
    this.#save();
    this.#welcomed = true;
    this.#attempt = 0;
    this.#handlers.onConnection("connected");
    this.#handlers.onWelcome(body, { isNew, afterReload: this.#afterReload });
    this.#afterReload = false;
    for (const frame of this.#state.pending) this.#write(frame);
  }

  #acknowledged(ack) {
    const before = this.#state.pending.length;
    this.#state.pending = this.#state.pending.filter((frame) => frame.seq > ack);
    if (this.#state.pending.length !== before) this.#save();
  }

  #scheduleAck() {
    if (this.#ackTimer !== null) return;
    this.#ackTimer = setTimeout(() => {
      this.#ackTimer = null;
      if (this.#welcomed) this.#raw({ v: 1, type: "ack", ack: this.#state.last });
    }, 0);
  }

  #write(frame) {
    this.#raw({ ...frame, ack: this.#state.last });
  }

  #raw(frame) {
    if (this.#socket?.readyState === WebSocket.OPEN) this.#socket.send(JSON.stringify(frame));
  }

  #closed(socket, code) {
    if (socket !== this.#socket || this.#stopped) return;
    this.#welcomed = false;
    if (code === RESUME_REJECTED) {
      this.#stopped = true;
      this.#store.clear();
      this.#handlers.onLost("rejected");
      return;
    }
    if (FINAL_CLOSE_CODES.has(code)) {
      this.#stopped = true;
      this.#handlers.onLost("closed");
      return;
    }
    this.#attempt += 1;
    this.#handlers.onConnection("reconnecting");
    const seconds = Math.min(MAX_RETRY_SECONDS, 2 ** (this.#attempt - 1)) * (0.75 + Math.random() * 0.5);
    this.#retryTimer = setTimeout(() => this.#connect(), this.#attempt === 1 ? 0 : seconds * 1000);
  }

  #retryNow() {
    if (this.#stopped || this.#welcomed || this.#retryTimer === null) return;
    clearTimeout(this.#retryTimer);
    this.#connect();
  }

  #save() {
    if (!this.#stopped) this.#store.save(this.#state);
  }
}
