// The waiting queue, rendered from the newest `queueSnapshot`.

import { cloneTemplate, fillPrechat, formatWait, visitorLabel } from "./dom.js";

/** Shows who is waiting and turns clicks into `acceptSession` / `acceptNext` intents. */
export class QueueView {
  #list = document.getElementById("queue-list");
  #count = document.getElementById("queue-count");
  #empty = document.getElementById("queue-empty");
  #acceptNext = document.getElementById("accept-next");
  #announcement = document.getElementById("queue-announcement");
  #waiting = 0;
  #snapshotAt = 0;

  /** `onAccept(sessionId)` and `onAcceptNext()` are called when the agent asks for work. */
  constructor({ onAccept, onAcceptNext }) {
    this.#acceptNext.addEventListener("click", () => onAcceptNext());
    this.#list.addEventListener("click", (event) => {
      const button = event.target.closest(".queue-entry__accept");
      if (!button) return;
      button.disabled = true;
      onAccept(button.dataset.sessionId);
    });
  }

  /** Replaces the list with a snapshot's entries (bad entries are skipped). */
  render(entries, totalWaiting) {
    this.#snapshotAt = Date.now();
    const shown = entries.filter(isUsableEntry).map((entry) => this.#entryElement(entry));
    this.#list.replaceChildren(...shown);
    const waiting = Math.max(totalWaiting, shown.length);
    this.#count.textContent = String(waiting);
    if (waiting !== this.#waiting) this.#announcement.textContent = `${waiting} waiting in the queue.`;
    this.#waiting = waiting;
    this.#empty.hidden = shown.length > 0;
    this.#acceptNext.disabled = shown.length === 0;
  }

  /** Empties the queue (signed out). */
  clear() {
    this.render([], 0);
  }

  /** Advances every waiting time to now; called once a second. */
  tick() {
    const elapsed = (Date.now() - this.#snapshotAt) / 1000;
    for (const wait of this.#list.querySelectorAll(".queue-entry__wait")) {
      wait.textContent = formatWait(Number(wait.dataset.seconds) + elapsed);
    }
  }

  #entryElement(entry) {
    const item = cloneTemplate("queue-entry-template");
    const name = visitorLabel(entry.visitorName);
    item.dataset.sessionId = entry.sessionId;
    item.querySelector(".queue-entry__name").textContent = name;
    item.querySelector(".queue-entry__destination").textContent = entry.destination;
    const position = item.querySelector(".queue-entry__position");
    position.dataset.position = String(entry.position);
    position.textContent = entry.position === 0 ? "Position 0 (ready now)" : `Position ${entry.position}`;
    const wait = item.querySelector(".queue-entry__wait");
    wait.dataset.seconds = String(entry.waitingSeconds);
    wait.textContent = formatWait(entry.waitingSeconds);
    const prechat = item.querySelector(".prechat");
    prechat.hidden = !fillPrechat(prechat, entry.preChat);
    const accept = item.querySelector(".queue-entry__accept");
    accept.dataset.sessionId = entry.sessionId;
    accept.setAttribute("aria-label", `Accept ${name} (${entry.destination})`);
    return item;
  }
}

function isUsableEntry(entry) {
  return typeof entry?.sessionId === "string" && entry.sessionId !== ""
    && typeof entry.destination === "string"
    && Number.isSafeInteger(entry.position) && Number.isSafeInteger(entry.waitingSeconds);
}
