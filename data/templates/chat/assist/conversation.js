// The conversation as the page keeps it: entries in order, each server message once (by messageId),
// the person's own messages with their delivery state; stored so a reload shows it again.

/**
 * Entries are `{ key, author: "consumer"|"agent"|"system", name, text, sentAt (ms), attachment?,
 * status? }`; `key` is the server's messageId, or `c:<clientMessageId>` for the person's own.
 */
export class Conversation {
  #store;
  #state;
  #onChange;

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

  /** Applies a `chatReceipt`: the delivery state and, when the server masked it, the stored text. */
  applyReceipt(body) {
    const entry = this.#state.entries.find((candidate) => candidate.key === `c:${body.clientMessageId}`);
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

  /** Forgets the stored copy (the session ended); what is shown stays until the page goes. */
  forget() {
    this.#store.clear();
  }

  #push(entry) {
    this.#state.entries.push(entry);
    this.#save();
    this.#onChange();
  }

  #save() {
    this.#store.save(this.#state);
  }
}
