// Sending one of the person's files (docs/protocol.md §11.6), as the app does: the type is read from
// the file's first bytes, `POST /v1/attachments` describes it with the session's resume token, `PUT`
// sends it in parts from what the server holds — after a `409 offsetMismatch` or a dropped
// connection it goes on from there — and the last answer's `ticket` is what the chat message
// carries. Cancel stops it and deletes what the server holds. A refusal is the server's sentence.

import { fileSentence } from "./explain.js";
import { sniffedType, typeForName } from "./file-type.js";

/** The bytes of one `PUT` (the first must hold the file's first 4,096 bytes). */
const PART_BYTES = 1024 * 1024;
/** Tries in a row before a request lost on the network gives up; the waits between grow from 0.5 s. */
const MAX_TRIES = 5;
/** `409 offsetMismatch` answers in a row followed before the upload gives up. */
const MAX_MISMATCHES = 3;
/** Refusals after which the server holds nothing of the upload, so there is nothing to delete. */
const GONE_CODES = new Set(["contentMismatch", "unknownAttachment"]);

/** A file that was not sent: the sentence for the person, and whether they cancelled it. */
export class UploadFailure extends Error {
  constructor(sentence, { cancelled = false, gone = false } = {}) {
    super(sentence);
    this.sentence = sentence;
    this.cancelled = cancelled;
    this.gone = gone;
  }
}

/** Deletes upload `attachmentId` (one a reload left unfinished); a failure leaves it to the server's clean-up. */
export function deleteUpload(attachmentId, token) {
  request("DELETE", `/v1/attachments/${encodeURIComponent(attachmentId)}`, token).catch(() => {
    console.warn("Assist template: an unfinished upload could not be deleted; the server removes it within a day.");
  });
}

/**
 * One file on its way: `send()` resolves to `{ attachment, ticket }` (the server's description:
 * `attachmentId`, `name`, `size`, `mediaType`) or rejects with an `UploadFailure`. `handlers` hears
 * `onStarted(attachmentId)` once the server knows the upload and `onProgress(received, size)` after
 * every part it holds.
 */
export class FileUpload {
  #file;
  #token;
  #handlers;
  #abort = new AbortController();
  #attachmentId = null;
  #cancelled = false;

  constructor(file, token, handlers) {
    this.#file = file;
    this.#token = token;
    this.#handlers = handlers;
  }

  async send() {
    try {
      const attachment = await this.#start(await this.#mediaType());
      const ticket = await this.#sendParts(attachment);
      return { attachment, ticket };
    } catch (error) {
      if (this.#cancelled) throw new UploadFailure(fileSentence("cancelled"), { cancelled: true });
      const failure = error instanceof UploadFailure ? error : new UploadFailure(fileSentence("unexpected"));
      if (this.#attachmentId !== null && !failure.gone) deleteUpload(this.#attachmentId, this.#token);
      throw failure;
    }
  }

  /** Stops sending and deletes what the server holds of the file (all of it, once it is complete). */
  cancel() {
    if (this.#cancelled) return;
    this.#cancelled = true;
    this.#abort.abort();
    if (this.#attachmentId !== null) deleteUpload(this.#attachmentId, this.#token);
  }

  /** What the file is; an empty file goes to the server, whose sentence says why it is refused. */
  async #mediaType() {
    const name = this.#file.name;
    if (this.#file.size === 0) return typeForName(name) ?? "text/plain";
    let type;
    try {
      type = await sniffedType(this.#file);
    } catch {
      throw new UploadFailure(fileSentence("unreadable", { name }));
    }
    if (type === null) throw new UploadFailure(fileSentence("unsupported", { name }));
    return type;
  }

  async #start(mediaType) {
    const description = JSON.stringify({ name: this.#file.name, size: this.#file.size, mediaType });
    const response = await this.#try(() => this.#request("POST", "/v1/attachments", description,
      { "Content-Type": "application/json" }));
    const answer = await answerOf(response);
    if (response.status !== 201 || typeof answer?.attachmentId !== "string") throw refusal(response, answer);
    this.#attachmentId = answer.attachmentId;
    if (this.#cancelled) {
      deleteUpload(answer.attachmentId, this.#token);
      throw new UploadFailure(fileSentence("cancelled"), { cancelled: true });
    }
    this.#handlers.onStarted(answer.attachmentId);
    return { attachmentId: answer.attachmentId, name: answer.name, size: answer.size, mediaType: answer.mediaType };
  }

  /** Sends the parts from what the server holds; returns the ticket. */
  async #sendParts({ attachmentId, size }) {
    const path = `/v1/attachments/${encodeURIComponent(attachmentId)}`;
    let received = 0;
    let ticket = null;
    let mismatches = 0;
    while (received < size) {
      const from = received;
      const part = this.#file.slice(from, Math.min(from + PART_BYTES, size));
      const response = await this.#try(() => this.#request("PUT", path, part, { "Upload-Offset": String(from) }));
      const answer = await answerOf(response);
      const mismatch = response.status === 409 && answer?.error === "offsetMismatch";
      if (!response.ok && !mismatch) throw refusal(response, answer);
      const held = answer?.received;
      if (!Number.isSafeInteger(held) || held < 0 || held > size) throw new UploadFailure(fileSentence("unexpected"));
      if (mismatch) {
        mismatches += 1;
        if (mismatches > MAX_MISMATCHES) throw refusal(response, answer);
      } else {
        mismatches = 0;
        ticket = typeof answer.ticket === "string" ? answer.ticket : null;
        if (held <= from && ticket === null) throw new UploadFailure(fileSentence("unexpected"));
      }
      received = held;
      this.#handlers.onProgress(received, size);
    }
    // The answer carrying the ticket may be the one a dropped connection lost: ask for it.
    return ticket ?? this.#ticketOf(path);
  }

  async #ticketOf(path) {
    const response = await this.#try(() => this.#request("GET", path));
    const answer = await answerOf(response);
    if (!response.ok) throw refusal(response, answer);
    if (typeof answer?.ticket !== "string") throw new UploadFailure(fileSentence("unexpected"));
    return answer.ticket;
  }

  /** Runs a request, trying again after a dropped connection with growing waits. */
  async #try(send) {
    for (let tries = 1; ; tries += 1) {
      try {
        return await send();
      } catch (error) {
        if (this.#cancelled) throw error;
        if (tries >= MAX_TRIES) throw new UploadFailure(fileSentence("unreachable", { tries }));
        await pause(500 * 2 ** (tries - 1), this.#abort.signal);
      }
    }
  }

  #request(method, path, body, headers) {
    return request(method, path, this.#token, { body, headers, signal: this.#abort.signal });
  }
}

/** One attachment request to this page's server with the session's token, never from a cache, without cookies. */
function request(method, path, token, { body, headers = {}, signal } = {}) {
  return fetch(path, {
    method, body, signal, cache: "no-store", credentials: "omit",
    headers: { ...headers, Authorization: `Bearer ${token}` },
  });
}

/** The JSON body of an answer, or `null`. */
async function answerOf(response) {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

/** The refusal an answer carries: the server's sentence when it gave one. */
function refusal(response, answer) {
  const sentence = typeof answer?.message === "string" && answer.message.trim() !== ""
    ? answer.message : fileSentence("refused", { status: response.status });
  return new UploadFailure(sentence, { gone: GONE_CODES.has(answer?.error) });
}

/** Waits `ms`, or rejects as soon as `signal` aborts. */
function pause(ms, signal) {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}
