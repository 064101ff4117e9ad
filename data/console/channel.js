// Sequence numbers, cumulative acknowledgements and replay (docs/protocol.md §6).
// Pure state: it builds envelopes and judges incoming numbers; it never touches a socket.

import { versionOf } from "./envelope.js";

/** One direction's numbering for the agent: what was sent, what is kept, what was received. */
export class ReliableChannel {
  #nextSeq = 1;
  #highestSent = 0;
  #lastReceived = 0;
  #ackSent = 0;
  #kept = [];
  #open = false;

  /** The highest `seq` received from the server. */
  get lastReceived() {
    return this.#lastReceived;
  }

  /** Sequenced frames the server has not acknowledged yet, oldest first. */
  get kept() {
    return this.#kept.map(({ type, body }) => ({ type, body }));
  }

  /** Forgets everything: a new agent session starts numbering at 1. */
  reset() {
    this.#nextSeq = 1;
    this.#highestSent = 0;
    this.#lastReceived = 0;
    this.#ackSent = 0;
    this.#kept = [];
    this.#open = false;
  }

  /** The connection dropped: sequenced frames are held until the next `welcome`. */
  pause() {
    this.#open = false;
  }

  /** The body of a `resume`; its `lastReceivedSeq` acknowledges what was received. */
  resumeBody(resumeToken) {
    this.#ackSent = this.#lastReceived;
    return { resumeToken, lastReceivedSeq: this.#lastReceived };
  }

  /**
   * A `welcome` arrived: its `lastReceivedSeq` acknowledges our frames up to it.
   * Returns `{ released, resend }`: the frames it acknowledged and the envelopes
   * of the kept ones to send again, in order; `null` when the number is above
   * anything we numbered (a protocol violation).
   */
  open(peerLastReceived) {
    if (peerLastReceived >= this.#nextSeq) return null;
    const released = this.#release(peerLastReceived);
    this.#open = true;
    return { released, resend: this.#kept.map((frame) => this.#envelope(frame)) };
  }

  /**
   * Numbers a sequenced message and keeps it until acknowledged.
   * Returns `{ seq, envelope }`; `envelope` is `null` while the connection is not open.
   */
  enqueue(type, body) {
    const frame = { type, seq: this.#nextSeq, body };
    this.#nextSeq += 1;
    this.#kept.push(frame);
    return { seq: frame.seq, envelope: this.#open ? this.#envelope(frame) : null };
  }

  /** An unsequenced message, or `null` while the connection is not open (it is dropped). */
  unsequenced(type, body) {
    return this.#open ? this.#envelope({ type, body }) : null;
  }

  /**
   * Judges an incoming sequence number: `"deliver"` (the next one), `"duplicate"`
   * (already received: drop, acknowledge again) or `"gap"` (close with 4004).
   */
  receive(seq) {
    if (seq === this.#lastReceived + 1) {
      this.#lastReceived = seq;
      return "deliver";
    }
    if (seq <= this.#lastReceived) {
      this.#ackSent = Math.min(this.#ackSent, seq - 1);
      return "duplicate";
    }
    return "gap";
  }

  /**
   * Applies a cumulative `ack` from the server. Returns the frames it released,
   * or `null` when it is above the highest `seq` sent (a protocol violation).
   */
  acknowledge(ack) {
    if (ack > this.#highestSent) return null;
    return this.#release(ack);
  }

  /** A bodiless `ack` frame when something received is not yet acknowledged, else `null`. */
  pendingAck() {
    if (!this.#open || this.#lastReceived <= this.#ackSent) return null;
    return this.#envelope({ type: "ack" });
  }

  #release(ack) {
    const released = this.#kept.filter((frame) => frame.seq <= ack);
    this.#kept = this.#kept.filter((frame) => frame.seq > ack);
    return released.map(({ type, seq, body }) => ({ type, seq, body }));
  }

  #envelope({ type, seq, body }) {
    const envelope = { v: versionOf(type), type };
    if (seq !== undefined) {
      envelope.seq = seq;
      this.#highestSent = Math.max(this.#highestSent, seq);
    }
    envelope.ack = this.#lastReceived;
    this.#ackSent = this.#lastReceived;
    if (body !== undefined) envelope.body = body;
    return envelope;
  }
}
