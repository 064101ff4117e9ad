// The page-push prompt: "NAME wants to show you a page: URL — Open / Not now", one at a time.

/** Shows pushes from a queue in `panel`; `answer(push, accepted)` runs when the person decides. */
export class PushPrompt {
  #panel;
  #answer;
  #waiting = [];

  constructor(panel, answer) {
    this.#panel = panel;
    this.#answer = answer;
    panel.querySelector("#push-open").addEventListener("click", () => this.#decide(true));
    panel.querySelector("#push-later").addEventListener("click", () => this.#decide(false));
  }

  /** Queues `push` (`{ requestId, url, agentName }`); shown at once when nothing else waits. */
  offer(push) {
    if (this.#waiting.some((waiting) => waiting.requestId === push.requestId)) return;
    this.#waiting.push(push);
    if (this.#waiting.length === 1) this.#show();
  }

  /** Takes every prompt away (the chat ended). */
  clear() {
    this.#waiting = [];
    this.#panel.hidden = true;
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
    if (push) this.#answer(push, accepted);
    this.#show();
  }
}
