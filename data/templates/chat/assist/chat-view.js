// Draws the conversation: one list item per entry, files as buttons, the person's delivery state.

const TIME = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });

function sizeText(bytes) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Renders `entries` into the `<ol>` `list`; `onFile(attachment)` runs when a file is clicked. */
export function renderLog(list, entries, onFile) {
  const atBottom = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
  list.replaceChildren(...entries.map((entry) => {
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
    if (entry.attachment) {
      const file = document.createElement("button");
      file.type = "button";
      file.className = "file";
      file.textContent = `${entry.attachment.name} (${sizeText(entry.attachment.size)})`;
      file.setAttribute("aria-label", `Download ${entry.attachment.name}`);
      file.addEventListener("click", () => onFile(entry.attachment));
      bubble.append(file);
      if (entry.text !== entry.attachment.name) bubble.append(document.createTextNode(entry.text));
    } else {
      bubble.textContent = entry.text;
    }
    item.append(meta, bubble);
    if (entry.status) {
      const status = document.createElement("p");
      status.className = "receipt";
      status.textContent = { sending: "Sending…", stored: "Sent", delivered: "Delivered" }[entry.status];
      item.append(status);
    }
    return item;
  }));
  if (atBottom) list.scrollTop = list.scrollHeight;
}
