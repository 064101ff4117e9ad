// The conversation as the page keeps it: entries in order, each server message once (by messageId),
// the person's own messages with their delivery state; stored so a reload shows it again.

/**
 * Entries are `{ key, author: "consumer"|"agent"|"system", name, text, sentAt (ms), attachment?,
 * status?, file?, upload? }`; `key` is the server's messageId, or `c:<clientMessageId>` for the
 * person's own. The person's own file has `file` (`{ name, size, mediaType }`) from the start,
 * `upload` (`{ state: "uploading", received, attachmentId? }`, or `{ state: "failed"|"cancelled",
 * sentence }`) until it is on the server, and then its `attachment` and a delivery `status` like a
 * message.
 */
export class Conversation {
  #store;
  #state;
  #onChange;
  #forgotten = false;

  constructor(store, onChange) {
    this.#store = store;
    this.#onChange = onChange;
    this.#state = store.load() ?? { visitorName: "", startedAt: null, sessionId: null, entries: [] };
  }

  get visitorName() { return this.#state.visitorName; }
  get startedAt() { return this.#state.startedAt; }
  get sessionId() { return this.#state.sessionId; }
  get entries() { return this.#state.entries; }

  /** Starts a new conversation for `visitorName`. */
  begin(visitorName) {
    this.#state = { visitorName, startedAt: Date.now(), sessionId: null, entries: [] };
    this.#forgotten = false;
    this.#save();
  }

  /** Records the session the conversation belongs to. */
  setSession(sessionId) {
    this.#state.sessionId = sessionId;
    this.#save();
  }

  /** Adds a server `chat` body; a messageId already shown is ignored. */
  addServerChat(body, agentNames) {
    if (typeof body.messageId !== "string" || typeof body.text !== "string") return;
    if (this.#state.entries.some((entry) => entry.key === body.messageId)) return;
    const author = ["consumer", "agent", "system"].includes(body.author) ? body.author : "system";
    const name = author === "agent" ? agentNames.get(body.agentId) ?? "Agent"
      : author === "consumer" ? this.#state.visitorName : "Support";
    const attachment = body.attachment && typeof body.attachment.attachmentId === "string" ? body.attachment : null;
    this.#push({ key: body.messageId, author, name, text: body.text, sentAt: Number(body.sentAt) || Date.now(), attachment });
  }

  /** Adds the person's own message, not yet confirmed. */
  addOwn(clientMessageId, text) {
    this.#push({
      key: `c:${clientMessageId}`, author: "consumer", name: this.#state.visitorName, text, sentAt: Date.now(),
      status: "sending",
    });
  }

  /** Adds the person's own file `{ name, size, mediaType }`, starting to upload. */
  addOwnFile(clientMessageId, file) {
    this.#push({
      key: `c:${clientMessageId}`, author: "consumer", name: this.#state.visitorName, text: file.name, sentAt: Date.now(),
      file, upload: { state: "uploading", received: 0 },
    });
  }

  /** The server knows the upload of the person's file as `attachmentId` (to delete it if a reload cuts it short). */
  uploadStarted(clientMessageId, attachmentId) {
    this.#changeUpload(clientMessageId, (upload) => ({ ...upload, attachmentId }));
  }

  /** The server holds `received` bytes of the person's file. */
  uploadProgress(clientMessageId, received) {
    this.#changeUpload(clientMessageId, (upload) => ({ ...upload, received }));
  }

  /** The person's file was not sent: `sentence` says why; `cancelled` when they cancelled it. */
  uploadFailed(clientMessageId, sentence, cancelled) {
    this.#changeUpload(clientMessageId, () => ({ state: cancelled ? "cancelled" : "failed", sentence }));
  }

  /** The person's file is on the server as `attachment`; its message is being sent. */
  uploadDone(clientMessageId, attachment) {
    const entry = this.#own(clientMessageId);
    if (!entry?.upload) return;
    delete entry.upload;
    entry.attachment = attachment;
    entry.file = { name: attachment.name, size: attachment.size, mediaType: attachment.mediaType };
    entry.text = attachment.name;
    entry.status = "sending";
    this.#save();
    this.#onChange();
  }

  /**
   * After a reload, files that were still uploading are not sent (the page no longer has them):
   * each says so with `sentence`. Returns the attachment ids the server may still hold of them.
   */
  abandonUploads(sentence) {
    const abandoned = this.#state.entries.filter((entry) => entry.upload?.state === "uploading");
    for (const entry of abandoned) entry.upload = { state: "failed", sentence, attachmentId: entry.upload.attachmentId };
    if (abandoned.length > 0) this.#save();
    return abandoned.map((entry) => entry.upload.attachmentId).filter((id) => typeof id === "string");
  }

  /** Applies a `chatReceipt`: the delivery state and, when the server masked it, the stored text. */
  applyReceipt(body) {
    const entry = this.#own(body.clientMessageId);
    if (!entry) return;
    if (entry.status !== "delivered") entry.status = body.status === "delivered" ? "delivered" : "stored";
    if (typeof body.storedText === "string") entry.text = body.storedText;
    this.#save();
    this.#onChange();
  }

  /** Adds a line from the service itself ("Sam joined the chat"), once per `key`. */
  addSystem(key, text) {
    if (this.#state.entries.some((entry) => entry.key === key)) return;
    this.#push({ key, author: "system", name: "Support", text, sentAt: Date.now() });
  }

  /** Forgets the stored copy (the session ended) and stores nothing more; what is shown stays until the page goes. */
  forget() {
    this.#forgotten = true;
    this.#store.clear();
  }

  #own(clientMessageId) {
    return this.#state.entries.find((candidate) => candidate.key === `c:${clientMessageId}`);
  }

  /** Replaces the upload state of the person's file while it is not yet on the server. */
  #changeUpload(clientMessageId, change) {
    const entry = this.#own(clientMessageId);
    if (!entry?.upload) return;
    entry.upload = change(entry.upload);
    this.#save();
    this.#onChange();
  }

  #push(entry) {
    this.#state.entries.push(entry);
    this.#save();
    this.#onChange();
  }

  #save() {
    if (!this.#forgotten) this.#store.save(this.#state);
  }
}
