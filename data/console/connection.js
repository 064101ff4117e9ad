// The agent's WebSocket to /v1/agent: handshake, delivery rules, resume and reconnection.

import { ReliableChannel } from "./channel.js";
import { BASE_VERSION, VERSIONS, isSequencedOutbound, readFrame, versionOf } from "./envelope.js";
import { closeSentence } from "./explain.js";

/** Close codes after which the console does not resume (docs/protocol.md §7.3). */
const FINAL_CLOSE_CODES = new Set([1000, 1002, 1003, 1007, 1008, 1009, 4001, 4003]);
const RESUME_REJECTED = 4002;
const SEQUENCE_GAP = 4004;
const MAX_RETRY_SECONDS = 30;
const IMMEDIATE_RETRY_SPACING_MS = 10_000;

/**
 * One signed-in agent. Reports through `handlers`:
 * - `onStatus({ state, ... })`: `connecting`, `connected` (`agent`), `reconnecting`
 *   (`attempt`, `retryInSeconds` while waiting) or `signedOut` (`sentence` or `null`);
 * - `onMessage(type, body)`: every delivered server message, `welcome` included;
 * - `onBinary(buffer)`: a binary message (an `ArrayBuffer`) on a version-2 connection,
 *   where the server relays co-browse frames (§12.4);
 * - `onAcknowledged(frames)`: sequenced frames the server confirmed receiving;
 * - `onRestart()`: the server did not keep the agent's connection; a new one starts.
 */
export class AgentConnection {
  #url;
  #token;
  #handlers;
  #channel = new ReliableChannel();
  #socket = null;
  #resumeToken = null;
  /** The version the current connection's `welcome` chose; `null` before it. */
  #version = null;
  #attempt = 0;
  #retryTimer = null;
  #ackTimer = null;
  #lastImmediateRetry = 0;
  #ended = false;
  #onOnline = () => this.#retryNow();

  constructor(url, token, handlers) {
    this.#url = url;
    this.#token = token;
    this.#handlers = handlers;
  }

  /** Opens the first connection. */
  start() {
    window.addEventListener("online", this.#onOnline);
    this.#connect();
  }

  /**
   * Sends a message. Sequenced ones are kept until acknowledged and go out
   * after the next `welcome` when the connection is down; unsequenced ones are
   * dropped then, and so are types of a version the connection did not
   * negotiate. Returns the `seq` given, or `null` for unsequenced messages.
   */
  send(type, body) {
    if (this.#ended) return null;
    if (versionOf(type) > (this.#version ?? BASE_VERSION)) return null;
    if (isSequencedOutbound(type)) {
      const { seq, envelope } = this.#channel.enqueue(type, body);
      if (envelope) this.#write(envelope);
      return seq;
    }
    const envelope = this.#channel.unsequenced(type, body);
    if (envelope) this.#write(envelope);
    return null;
  }

  /** Signs out: closes normally (1000), which tells the server the agent left. */
  signOut() {
    this.#finish(null);
  }

  #connect() {
    this.#retryTimer = null;
    this.#version = null;
    const socket = new WebSocket(this.#url);
    socket.binaryType = "arraybuffer";
    this.#socket = socket;
    socket.addEventListener("open", () => this.#opened(socket));
    socket.addEventListener("message", (event) => this.#received(socket, event.data));
    socket.addEventListener("close", (event) => this.#closed(socket, event.code));
    this.#handlers.onStatus(this.#attempt === 0 ? { state: "connecting" } : { state: "reconnecting", attempt: this.#attempt });
  }

  #opened(socket) {
    if (socket !== this.#socket) return;
    // Each connection negotiates for itself, so `resume` lists the versions too (§12.1).
    if (this.#resumeToken) {
      const body = { ...this.#channel.resumeBody(this.#resumeToken), versions: VERSIONS };
      this.#write({ v: BASE_VERSION, type: "resume", body });
    } else {
      this.#write({ v: BASE_VERSION, type: "hello", body: { versions: VERSIONS, token: this.#token } });
    }
  }

  #received(socket, data) {
    if (socket !== this.#socket) return;
    try {
      if (data instanceof ArrayBuffer) {
        this.#handleBinary(data);
      } else {
        this.#handleFrame(data);
      }
    } catch (error) {
      console.warn("Assist console: a frame from the server could not be handled.", error);
    }
    this.#scheduleAck();
  }

  /** Binary messages exist only on version-2 connections (§12.1); anywhere else they end the connection. */
  #handleBinary(data) {
    if ((this.#version ?? BASE_VERSION) < 2) {
      this.#protocolFailure("unsupportedData", "A binary frame on a connection that did not negotiate version 2.", 1003);
      return;
    }
    this.#handlers.onBinary(data);
  }

  #handleFrame(data) {
    const frame = readFrame(data);
    if (frame.kind === "fatal") {
      this.#protocolFailure(frame.code, frame.message, frame.closeCode);
      return;
    }
    const { envelope } = frame;
    if (envelope.seq !== undefined && envelope.seq !== null) {
      const verdict = this.#channel.receive(envelope.seq);
      if (verdict === "duplicate") return;
      if (verdict === "gap") {
        this.#protocolFailure("sequenceGap", `Expected seq ${this.#channel.lastReceived + 1}, got ${envelope.seq}.`, SEQUENCE_GAP);
        return;
      }
    }
    if (envelope.ack !== undefined && envelope.ack !== null && !this.#applyAck(envelope.ack)) return;
    if (frame.kind === "message") {
      this.#deliver(envelope);
    } else {
      this.#answerUnreadable(frame);
    }
  }

  #deliver({ type, body }) {
    if (type === "welcome") {
      this.#welcomed(body);
    } else if (type !== "ack") {
      this.#handlers.onMessage(type, body);
    }
  }

  #welcomed(body) {
    if (!VERSIONS.includes(body.version)) {
      this.#protocolFailure("unsupportedVersion", `welcome chose version ${body.version}, which the console did not offer.`, 4001);
      return;
    }
    this.#version = body.version;
    const reopened = this.#channel.open(body.lastReceivedSeq);
    if (!reopened) {
      this.#protocolFailure("protocolViolation", "welcome.lastReceivedSeq is above the highest seq sent.", 1008);
      return;
    }
    this.#resumeToken = body.resumeToken;
    this.#attempt = 0;
    this.#handlers.onStatus({ state: "connected", agent: body.agent });
    this.#handlers.onMessage("welcome", body);
    if (reopened.released.length > 0) this.#handlers.onAcknowledged(reopened.released);
    reopened.resend.forEach((envelope) => this.#write(envelope));
  }

  #applyAck(ack) {
    const released = this.#channel.acknowledge(ack);
    if (!released) {
      this.#protocolFailure("protocolViolation", `ack ${ack} is above the highest seq sent.`, 1008);
      return false;
    }
    if (released.length > 0) this.#handlers.onAcknowledged(released);
    return true;
  }

  #answerUnreadable(frame) {
    const { type, seq } = frame.envelope;
    const code = frame.kind === "unknownType" ? "unknownType" : "invalidMessage";
    const message = frame.kind === "unknownType" ? `Unknown type ${type}.` : frame.message;
    console.warn(`Assist console: ignored a ${type} frame from the server: ${message}`);
    if (type === "error") return;
    const report = { code, message, refType: type };
    if (seq !== undefined && seq !== null) report.refSeq = seq;
    this.#sendError(report);
  }

  /**
   * The server broke a rule the connection cannot survive: report it, close,
   * then resume (or stop, for an unsupported version). Browsers may only send
   * close codes 1000 and 3000–4999, so 1003/1007/1008/1009 close without a code.
   */
  #protocolFailure(code, message, closeCode) {
    console.warn(`Assist console: closing the connection (${code}): ${message}`);
    this.#sendError({ code, message });
    const socket = this.#socket;
    this.#socket = null;
    this.#channel.pause();
    if (closeCode >= 4000) {
      socket.close(closeCode, code);
    } else {
      socket.close();
    }
    if (closeCode === 4001) {
      this.#finish(closeSentence(4001));
    } else {
      this.#scheduleRetry(closeCode === SEQUENCE_GAP);
    }
  }

  #closed(socket, code) {
    if (socket !== this.#socket) return;
    this.#socket = null;
    this.#channel.pause();
    if (code === RESUME_REJECTED) {
      this.#restart();
    } else if (FINAL_CLOSE_CODES.has(code)) {
      this.#finish(closeSentence(code));
    } else {
      this.#scheduleRetry(code === SEQUENCE_GAP);
    }
  }

  /** The resume was rejected: start a new agent connection, resending unconfirmed chat messages. */
  #restart() {
    const chats = this.#channel.kept.filter((frame) => frame.type === "chat");
    this.#resumeToken = null;
    this.#channel.reset();
    chats.forEach((frame) => this.#channel.enqueue(frame.type, frame.body));
    this.#handlers.onRestart();
    this.#scheduleRetry(true);
  }

  /** Waits before the next attempt; "immediately" is honoured once per 10 s so a looping server cannot spin us. */
  #scheduleRetry(immediately) {
    this.#attempt += 1;
    const now = Date.now();
    const immediate = immediately && now - this.#lastImmediateRetry > IMMEDIATE_RETRY_SPACING_MS;
    if (immediate) this.#lastImmediateRetry = now;
    const seconds = immediate ? 0 : retryDelaySeconds(this.#attempt);
    this.#handlers.onStatus({ state: "reconnecting", attempt: this.#attempt, retryInSeconds: Math.ceil(seconds) });
    this.#retryTimer = setTimeout(() => this.#connect(), seconds * 1000);
  }

  #retryNow() {
    if (this.#retryTimer === null) return;
    clearTimeout(this.#retryTimer);
    this.#connect();
  }

  #finish(sentence) {
    this.#ended = true;
    window.removeEventListener("online", this.#onOnline);
    clearTimeout(this.#retryTimer);
    clearTimeout(this.#ackTimer);
    this.#retryTimer = null;
    this.#token = null;
    this.#resumeToken = null;
    this.#channel.reset();
    const socket = this.#socket;
    this.#socket = null;
    socket?.close(1000);
    this.#handlers.onStatus({ state: "signedOut", sentence });
  }

  #scheduleAck() {
    if (this.#ackTimer !== null) return;
    this.#ackTimer = setTimeout(() => {
      this.#ackTimer = null;
      const envelope = this.#channel.pendingAck();
      if (envelope) this.#write(envelope);
    }, 0);
  }

  #sendError(report) {
    this.#write({ v: BASE_VERSION, type: "error", ack: this.#channel.lastReceived, body: report });
  }

  #write(envelope) {
    if (this.#socket?.readyState !== WebSocket.OPEN) return;
    this.#socket.send(JSON.stringify(envelope));
  }
}

/** Exponential backoff with ±20 % jitter: about 1, 2, 4, 8, 16, then 30 seconds. */
function retryDelaySeconds(attempt) {
  const base = Math.min(MAX_RETRY_SECONDS, 2 ** (attempt - 1));
  return base * (0.8 + Math.random() * 0.4);
}
