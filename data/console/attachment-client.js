// Files in chat over HTTP (docs/protocol.md §11.6): uploads in parts that
// survive a dropped connection, cancelling, and downloads. Every request
// carries the agent's token; a refusal's `message` is the sentence shown.

import { fileSentence } from "./explain.js";

/** How much of a file goes in one `PUT`. The first part must hold its first 4,096 bytes. */
const PART_BYTES = 1024 * 1024;
/** Waits before each new try after a dropped connection, in milliseconds; then the upload fails. */
const RETRY_DELAYS_MS = [500, 1_000, 2_000, 4_000, 8_000];
/** How many `409`s in a row the upload follows before it gives up (a server that keeps moving the offset). */
const MAX_MISMATCHES = 3;
/** The types a server can check by content (§11.6): a file of any other type is refused up front. */
const CHECKABLE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf", "text/plain"]);
/** The type a file name stands for when the browser does not say, as the server's sniffer names them. */
const TYPES_BY_EXTENSION = {
  png: "image/png", jpg: "image/jpeg", jpeg: "image/jpeg", gif: "image/gif", webp: "image/webp",
  pdf: "application/pdf", txt: "text/plain", text: "text/plain", log: "text/plain",
};

/** Refusals after which the server holds nothing of the upload (§11.6), so there is nothing to delete. */
const GONE_CODES = new Set(["contentMismatch", "unknownAttachment"]);

/**
 * A file that did not go or come, with the sentence to show, the server's
 * code when it refused (else `null`), and `cancelled` when the agent cancelled it.
 */
export class FileFailure extends Error {
  /** The sentence for the agent. */
  sentence;
  /** The server's code for a refusal (`tooLarge`, `typeNotAllowed`, …), or `null`. */
  code;
  /** Whether the agent cancelled the upload. */
  cancelled;

  constructor(sentence, { code = null, cancelled = false } = {}) {
    super(sentence);
    this.sentence = sentence;
    this.code = code;
    this.cancelled = cancelled;
  }
}

/** The media type to declare for `file`: the browser's, else the one its name stands for. */
export function declaredType(file) {
  if (file.type !== "") return file.type;
  const extension = file.name.includes(".") ? file.name.split(".").pop().toLowerCase() : "";
  return TYPES_BY_EXTENSION[extension] ?? "application/octet-stream";
}

/** The agent's access to the attachment endpoints, with its token. */
export class AttachmentClient {
  #token;

  constructor(token) {
    this.#token = token;
  }

  /**
   * Starts sending `file` into session `sessionId`; `onProgress(received, size)`
   * hears of every part the server holds. Returns the `FileUpload`.
   */
  upload(sessionId, file, onProgress) {
    return new FileUpload((...request) => this.#request(...request), sessionId, file, onProgress);
  }

  /** Fetches attachment `attachmentId` of session `sessionId` (the form `sid=…`) as a `Blob`; throws `FileFailure`. */
  async download(attachmentId, sessionId, signal) {
    let response;
    try {
      response = await this.#request("POST", `/v1/attachments/${encodeURIComponent(attachmentId)}/download`, {
        body: new URLSearchParams({ sid: sessionId }), signal,
      });
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new FileFailure(fileSentence("downloadLost"));
    }
    if (!response.ok) throw await refusal(response);
    try {
      return await response.blob();
    } catch (error) {
      if (signal?.aborted) throw error;
      throw new FileFailure(fileSentence("downloadLost"));
    }
  }

  #request(method, path, { body, headers = {}, signal } = {}) {
    return fetch(path, {
      method, body, signal, cache: "no-store", credentials: "omit",
      headers: { ...headers, Authorization: `Bearer ${this.#token}` },
    });
  }
}

/**
 * One file on its way to the server: `POST`, then `PUT` parts from the
 * offset the server holds, retried after a dropped connection (a `409`
 * says how much it holds), until the last answer carries the `ticket`.
 */
export class FileUpload {
  #file;
  #request;
  #sessionId;
  #onProgress;
  #abort = new AbortController();
  #attachmentId = null;
  #cancelled = false;

  constructor(request, sessionId, file, onProgress) {
    this.#request = request;
    this.#sessionId = sessionId;
    this.#file = file;
    this.#onProgress = onProgress;
  }

  /**
   * Sends the file. Resolves to `{ attachment, ticket }` (`attachment` as the
   * server described it: `attachmentId`, `name`, `size`, `mediaType`); rejects
   * with a `FileFailure`.
   */
  async send() {
    const mediaType = declaredType(this.#file);
    if (this.#file.size === 0) throw new FileFailure(fileSentence("empty"));
    if (!CHECKABLE_TYPES.has(mediaType)) throw new FileFailure(fileSentence("unknownType"));
    try {
      const attachment = await this.#start(mediaType);
      const ticket = await this.#sendParts(attachment);
      return { attachment, ticket };
    } catch (error) {
      if (this.#cancelled) throw new FileFailure(fileSentence("cancelled"), { cancelled: true });
      const failure = error instanceof FileFailure ? error : new FileFailure(fileSentence("unreadable"));
      if (this.#attachmentId !== null && !GONE_CODES.has(failure.code)) this.#forget();
      throw failure;
    }
  }

  /** Stops sending and deletes what the server holds of the file (all of it, once it is complete). */
  cancel() {
    if (this.#cancelled) return;
    this.#cancelled = true;
    this.#abort.abort();
    if (this.#attachmentId !== null) this.#forget();
  }

  async #start(mediaType) {
    const description = { sid: this.#sessionId, name: this.#file.name, size: this.#file.size, mediaType };
    const response = await this.#try(() => this.#request("POST", "/v1/attachments", {
      body: JSON.stringify(description), headers: { "Content-Type": "application/json" }, signal: this.#abort.signal,
    }));
    const answer = await answerOf(response);
    if (response.status !== 201 || typeof answer?.attachmentId !== "string") throw await refusal(response, answer);
    this.#attachmentId = answer.attachmentId;
    if (this.#cancelled) this.#forget();
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
      const response = await this.#try(() => this.#request("PUT", path, {
        body: this.#file.slice(from, Math.min(from + PART_BYTES, size)),
        headers: { "Upload-Offset": String(from) }, signal: this.#abort.signal,
      }));
      const answer = await answerOf(response);
      const held = answer?.received;
      if (!Number.isSafeInteger(held) || held < 0 || held > size) throw await refusal(response, answer);
      if (response.status === 409 && answer.error === "offsetMismatch" && mismatches < MAX_MISMATCHES) {
        mismatches += 1;
        received = held;
      } else if (response.ok) {
        mismatches = 0;
        received = held;
        ticket = typeof answer.ticket === "string" ? answer.ticket : null;
      } else {
        throw await refusal(response, answer);
      }
      this.#onProgress(received, size);
    }
    // The answer carrying the ticket can be the one a dropped connection lost: ask for it.
    return ticket ?? this.#ticketOf(path);
  }

  async #ticketOf(path) {
    const response = await this.#try(() => this.#request("GET", path, { signal: this.#abort.signal }));
    const answer = await answerOf(response);
    if (!response.ok || typeof answer?.ticket !== "string") throw await refusal(response, answer);
    return answer.ticket;
  }

  /** Runs a request, trying again after a dropped connection, with growing waits. */
  async #try(request) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await request();
      } catch (error) {
        if (this.#cancelled) throw error;
        if (attempt >= RETRY_DELAYS_MS.length) throw new FileFailure(fileSentence("connectionLost"));
        await pause(RETRY_DELAYS_MS[attempt], this.#abort.signal);
      }
    }
  }

  /** Deletes the upload on the server; a failure leaves it to the server's clean-up (a day later). */
  #forget() {
    this.#request("DELETE", `/v1/attachments/${encodeURIComponent(this.#attachmentId)}`, {}).catch(() => {
      console.warn("Assist console: could not delete an upload that did not complete.");
    });
  }
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
async function refusal(response, answer) {
  const body = answer === undefined ? await answerOf(response) : answer;
  const sentence = typeof body?.message === "string" && body.message !== "" ? body.message : null;
  if (sentence === null) console.warn(`Assist console: a file request got HTTP ${response.status} without a sentence.`);
  const code = typeof body?.error === "string" ? body.error : null;
  return new FileFailure(sentence ?? fileSentence("unreadable"), { code });
}

/** Waits `ms`, or rejects as soon as `signal` aborts. */
function pause(ms, signal) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });
}
