// One file in the chat (docs/protocol.md §3 Attachment): its name, size and
// type, a thumbnail for a picture, a progress bar with Cancel while the agent's
// own file uploads, and Download once the file is on the server.

import { cloneTemplate, formatSize } from "./dom.js";
import { fileSentence } from "./explain.js";

/** The types a thumbnail is drawn for. */
const PICTURE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);
const TYPE_NAMES = {
  "image/png": "PNG image",
  "image/jpeg": "JPEG image",
  "image/gif": "GIF image",
  "image/webp": "WebP image",
  "application/pdf": "PDF document",
  "text/plain": "Plain text",
};
/** The largest thumbnail, in CSS pixels. */
const THUMBNAIL_WIDTH = 220;
const THUMBNAIL_HEIGHT = 160;
/** How long a downloaded file's object URL is kept for the browser to save it, in milliseconds. */
const DOWNLOAD_URL_LIFETIME_MS = 60_000;

/**
 * A file entry, placed in a chat message. `fetchFile(signal)` (given to
 * `ready`) resolves to the file's bytes as a `Blob` or rejects with a
 * `FileFailure` (`attachment-client.js`).
 */
export class FileEntry {
  /** The entry's element. */
  element = cloneTemplate("file-template");
  #name = "";
  #fetchFile = null;
  #abort = new AbortController();
  #downloadUrls = new Map();
  #released = false;

  /** An entry for a file described as `{ name, size, mediaType }`. */
  constructor(file) {
    this.describe(file);
    this.#q(".file__download").addEventListener("click", () => this.#download());
  }

  /** Shows the file's name, size and type (again, as the server described it). */
  describe({ name, size, mediaType }) {
    this.#name = name;
    this.#q(".file__name").textContent = name;
    this.#q(".file__size").textContent = formatSize(size);
    this.#q(".file__type").textContent = TYPE_NAMES[mediaType] ?? mediaType;
    this.element.dataset.mediaType = mediaType;
    this.#q(".file__thumbnail").setAttribute("aria-label", `Picture: ${name}`);
    this.#q(".file__download").setAttribute("aria-label", `Download ${name}`);
    this.#q(".file__cancel").setAttribute("aria-label", `Cancel sending ${name}`);
    this.#q(".file__progress").setAttribute("aria-label", `Sending ${name}`);
  }

  /** The agent's file is uploading: a progress bar, and Cancel calls `cancel()`. */
  uploading(size, cancel) {
    this.#setState("uploading", "Sending…");
    const progress = this.#q(".file__progress");
    progress.max = size;
    progress.value = 0;
    progress.hidden = false;
    const button = this.#q(".file__cancel");
    button.hidden = false;
    button.addEventListener("click", () => {
      button.disabled = true;
      cancel();
    }, { once: true });
  }

  /** The server holds `received` of `size` bytes. */
  progress(received, size) {
    const progress = this.#q(".file__progress");
    progress.max = size;
    progress.value = received;
    this.#q(".file__status").textContent = `Sending… ${formatSize(received)} of ${formatSize(size)}`;
  }

  /** The file did not go: `sentence` says why; `cancelled` when the agent cancelled it. */
  failed(sentence, cancelled) {
    this.#endUpload();
    this.#setState(cancelled ? "cancelled" : "failed", sentence);
  }

  /**
   * The file is on the server: Download fetches it with `fetchFile`. A picture
   * gets its thumbnail from `picture` (a `Blob` the console has) or else from
   * the server.
   */
  ready(fetchFile, picture) {
    this.#endUpload();
    this.#setState("ready", "");
    this.#fetchFile = fetchFile;
    this.#q(".file__download").hidden = false;
    if (PICTURE_TYPES.has(this.element.dataset.mediaType)) this.#showThumbnail(picture);
  }

  /** The view goes away: pending fetches stop, and the downloads' object URLs are revoked. */
  release() {
    this.#released = true;
    this.#abort.abort();
    for (const [url, timer] of this.#downloadUrls) {
      clearTimeout(timer);
      URL.revokeObjectURL(url);
    }
    this.#downloadUrls.clear();
  }

  #endUpload() {
    this.#q(".file__progress").hidden = true;
    this.#q(".file__cancel").hidden = true;
  }

  #setState(state, sentence) {
    this.element.dataset.state = state;
    this.#q(".file__status").textContent = sentence;
  }

  /** Draws the picture scaled down on the thumbnail's canvas; the decoded picture is let go at once. */
  async #showThumbnail(picture) {
    let bitmap;
    try {
      bitmap = await createImageBitmap(picture ?? await this.#fetchFile(this.#abort.signal));
    } catch (error) {
      if (!this.#released) console.warn(`Assist console: no thumbnail for ${this.#name}.`, error);
      return;
    }
    if (this.#released) {
      bitmap.close();
      return;
    }
    const scale = Math.min(1, THUMBNAIL_WIDTH / bitmap.width, THUMBNAIL_HEIGHT / bitmap.height) * devicePixelRatio;
    const canvas = this.#q(".file__thumbnail");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext("2d").drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    canvas.hidden = false;
  }

  /** Fetches the file and hands it to the browser to save under its name. */
  async #download() {
    const button = this.#q(".file__download");
    button.disabled = true;
    this.#setState("downloading", "Downloading…");
    try {
      const blob = await this.#fetchFile(this.#abort.signal);
      if (this.#released) return;
      this.#save(blob);
      this.#setState("ready", "");
    } catch (failure) {
      if (!this.#released) this.#setState("failed", failure.sentence ?? fileSentence("downloadLost"));
    } finally {
      button.disabled = false;
    }
  }

  #save(blob) {
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = this.#name;
    link.hidden = true;
    this.element.append(link);
    link.click();
    link.remove();
    const timer = setTimeout(() => {
      this.#downloadUrls.delete(url);
      URL.revokeObjectURL(url);
    }, DOWNLOAD_URL_LIFETIME_MS);
    this.#downloadUrls.set(url, timer);
  }

  #q(selector) {
    return this.element.querySelector(selector);
  }
}
