// Draws the conversation: one list item per entry, received files as buttons, the person's own files
// as cards (name, size, type; while uploading a progress bar and Cancel; why one was not sent), and
// the person's delivery state. Items whose entry did not change are kept, so a progress report does
// not take the keyboard focus away from Cancel.

const TIME = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });
/** Sizes in decimal units, as the server's limits ("25 MB") and the app write them. */
const SIZE_UNITS = [["kilobyte", 1e3], ["megabyte", 1e6], ["gigabyte", 1e9]];
const TYPE_NAMES = {
  "image/png": "PNG image",
  "image/jpeg": "JPEG image",
  "image/gif": "GIF image",
  "image/webp": "WebP image",
  "application/pdf": "PDF document",
  "text/plain": "Plain text",
};
const RECEIPTS = { sending: "Sending…", stored: "Sent", delivered: "Delivered" };

/** What is drawn for each list, by entry key: the item and the look it was drawn for. */
const drawn = new WeakMap();

/** `bytes` for the browser's language: "812 bytes", "1.8 kB", "2.1 MB". */
function sizeText(bytes) {
  const [unit, scale] = SIZE_UNITS.findLast(([, scale]) => bytes >= scale) ?? ["byte", 1];
  const format = new Intl.NumberFormat(undefined, {
    style: "unit", unit, unitDisplay: unit === "byte" ? "long" : "short", maximumFractionDigits: 1,
  });
  return format.format(bytes / scale);
}

/**
 * Renders `entries` into the `<ol>` `list`. `actions.onFile(attachment)` runs when a received file
 * is clicked, `actions.onCancel(key)` when Cancel of the person's uploading file is.
 */
export function renderLog(list, entries, actions) {
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  const before = drawn.get(list) ?? new Map();
  const after = new Map();
  const items = entries.map((entry) => {
    const look = lookOf(entry);
    const kept = before.get(entry.key);
    const item = kept?.look === look ? kept.item : entryItem(entry, actions);
    if (entry.upload?.state === "uploading") showProgress(item, entry);
    after.set(entry.key, { item, look });
    return item;
  });
  drawn.set(list, after);
  items.forEach((item, index) => {
    if (list.children[index] !== item) list.insertBefore(item, list.children[index] ?? null);
  });
  while (list.children.length > items.length) list.lastElementChild.remove();
  if (atBottom) list.scrollTop = list.scrollHeight;
}

/** Everything an item shows but an upload's progress, which is updated in place. */
function lookOf(entry) {
  const upload = entry.upload ? { ...entry.upload, received: undefined } : undefined;
  return JSON.stringify({ ...entry, upload });
}

function entryItem(entry, actions) {
  const item = document.createElement("li");
  item.className = `entry ${entry.author}`;
  item.dataset.key = entry.key;
  if (entry.author === "system") {
    item.textContent = entry.text;
    return item;
  }
  const meta = document.createElement("p");
  meta.className = "meta";
  meta.textContent = `${entry.name} · ${TIME.format(entry.sentAt)}`;
  const bubble = document.createElement("div");
  bubble.className = "bubble";
  if (entry.file) {
    bubble.append(ownFile(entry, actions));
  } else if (entry.attachment) {
    const file = document.createElement("button");
    file.type = "button";
    file.className = "file";
    file.textContent = `${entry.attachment.name} (${sizeText(entry.attachment.size)})`;
    file.setAttribute("aria-label", `Download ${entry.attachment.name}`);
    file.addEventListener("click", () => actions.onFile(entry.attachment));
    bubble.append(file);
    if (entry.text !== entry.attachment.name) bubble.append(document.createTextNode(entry.text));
  } else {
    bubble.textContent = entry.text;
  }
  item.append(meta, bubble);
  if (entry.status) {
    const status = document.createElement("p");
    status.className = "receipt";
    status.textContent = RECEIPTS[entry.status];
    item.append(status);
  }
  return item;
}

/** The card of the person's own file: name, size and type; its upload's progress and Cancel, or why it did not go. */
function ownFile(entry, actions) {
  const { name, size, mediaType } = entry.file;
  const card = document.createElement("div");
  card.className = "upload";
  card.dataset.state = entry.upload?.state ?? "sent";
  const title = document.createElement("p");
  title.className = "upload__name";
  title.textContent = name;
  const detail = document.createElement("p");
  detail.className = "upload__detail";
  detail.textContent = `${sizeText(size)} · ${TYPE_NAMES[mediaType] ?? mediaType}`;
  card.append(title, detail);
  if (entry.upload?.state === "uploading") {
    const row = document.createElement("div");
    row.className = "upload__row";
    const progress = document.createElement("progress");
    progress.className = "upload__progress";
    progress.max = Math.max(size, 1);
    progress.setAttribute("aria-label", `Sending ${name}`);
    const cancel = document.createElement("button");
    cancel.type = "button";
    cancel.className = "upload__cancel";
    cancel.textContent = "Cancel";
    cancel.setAttribute("aria-label", `Cancel sending ${name}`);
    cancel.addEventListener("click", () => {
      cancel.disabled = true;
      actions.onCancel(entry.key);
    }, { once: true });
    row.append(progress, cancel);
    card.append(row);
  }
  if (entry.upload) {
    const status = document.createElement("p");
    status.className = "upload__status";
    status.textContent = entry.upload.sentence ?? "";
    // The bar says how far it got; the log does not read out every part.
    if (entry.upload.state === "uploading") status.setAttribute("aria-live", "off");
    card.append(status);
  }
  return card;
}

/** Shows how much of the person's uploading file the server holds: the bar and "Sending… 40 %". */
function showProgress(item, entry) {
  const size = entry.file.size;
  const received = Math.min(entry.upload.received ?? 0, size);
  const percent = size > 0 ? Math.floor((received * 100) / size) : 0;
  const progress = item.querySelector(".upload__progress");
  if (progress) progress.value = received;
  const status = item.querySelector(".upload__status");
  if (status) status.textContent = `Sending… ${percent} %`;
}
