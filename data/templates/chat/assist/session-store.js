// Keeps what a reload needs in sessionStorage: the link's delivery state and the conversation shown.

/** One named JSON value in sessionStorage; `load()` is `null` when absent or unreadable. */
export class StoredValue {
  #key;

  constructor(key) {
    this.#key = key;
  }

  load() {
    try {
      const text = window.sessionStorage.getItem(this.#key);
      return text === null ? null : JSON.parse(text);
    } catch {
      return null;
    }
  }

  save(value) {
    try {
      window.sessionStorage.setItem(this.#key, JSON.stringify(value));
    } catch {
      // Storage full or refused: the chat goes on; only a reload would lose it.
    }
  }

  clear() {
    try {
      window.sessionStorage.removeItem(this.#key);
    } catch {
      // Nothing was stored.
    }
  }
}
