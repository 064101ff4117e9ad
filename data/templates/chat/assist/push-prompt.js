// The page-push prompt: "NAME wants to show you a page: URL — Open / Not now", one at a time.

/**
 * Shows pushes from a queue in `panel`; `answer(push, accepted)` runs when the person decides.
 * The pushes still waiting are kept in `store` (a `StoredValue`), so a reload shows them again:
 * the server delivered each once and waits for its answer.
 */
export class PushPrompt {
  #panel;
  #answer;
  #store;
  #waiting;

  constructor(panel, answer, store) {
    this.#panel = panel;
    this.#answer = answer;
    this.#store = store;
    this.#waiting = PushPrompt.#valid(store.load());
    panel.querySelector("#push-open").addEventListener("click", () => this.#decide(true));
    panel.querySelector("#push-later").addEventListener("click", () => this.#decide(false));
    this.#show();
  }

  /** Queues `push` (`{ requestId, url, agentName }`); shown at once when nothing else waits. */
  offer(push) {
    if (this.#waiting.some((waiting) => waiting.requestId === push.requestId)) return;
    this.#waiting.push(push);
    this.#store.save(this.#waiting);
    if (this.#waiting.length === 1) this.#show();
  }

  /** Takes every prompt away (the chat ended). */
  clear() {
    this.#waiting = [];
    this.#store.clear();
    this.#panel.hidden = true;
  }

  /** The stored pushes that have the shape `offer` takes; anything else is dropped. */
  static #valid(stored) {
    if (!Array.isArray(stored)) return [];
    return stored.filter((push) => ["requestId", "url", "agentName"].every((key) => typeof push?.[key] === "string"));
  }

  #show() {
    const push = this.#waiting[0];
    this.#panel.hidden = !push;
    if (!push) return;
    this.#panel.querySelector("#push-text").textContent = `${push.agentName} wants to show you a page: ${push.url}`;
    this.#panel.querySelector("#push-open").focus();
  }

  #decide(accepted) {
    const push = this.#waiting.shift();
    this.#store.save(this.#waiting);
    if (push) this.#answer(push, accepted);
    this.#show();
  }
}
