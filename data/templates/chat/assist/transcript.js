// The transcript of the conversation: the contract's JSON for the app ("assist-transcript-1"), and a
// self-contained HTML file for a browser's download.

/** The contract's transcript object (docs/chat-template.md, "Transcript JSON"). */
export function transcriptObject(conversation) {
  return {
    format: "assist-transcript-1",
    sessionId: conversation.sessionId ?? "",
    visitorName: conversation.visitorName,
    startedAt: new Date(conversation.startedAt ?? Date.now()).toISOString(),
    entries: conversation.entries.map((entry) => {
      const out = { author: entry.author, name: entry.name, text: textOf(entry), sentAt: new Date(entry.sentAt).toISOString() };
      if (entry.attachment) {
        out.attachment = { name: entry.attachment.name, size: entry.attachment.size, mediaType: entry.attachment.mediaType };
      }
      return out;
    }),
  };
}

/** The transcript as one HTML page with an inline style and no script. */
export function transcriptHTML(conversation) {
  const escape = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const rows = conversation.entries.map((entry) => {
    const file = entry.attachment ? ` <em>(file: ${escape(entry.attachment.name)})</em>` : "";
    return `<tr><td>${escape(new Date(entry.sentAt).toLocaleString())}</td><th>${escape(entry.name)}</th>`
      + `<td>${escape(textOf(entry))}${file}</td></tr>`;
  }).join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Chat transcript</title>`
    + `<style>body{font:15px system-ui,sans-serif;margin:2em}td,th{padding:.3em .6em;text-align:left;vertical-align:top}`
    + `th{white-space:nowrap}td:first-child{color:#666;white-space:nowrap}</style></head><body>`
    + `<h1>Chat transcript</h1><p>${escape(conversation.visitorName)} · started `
    + `${escape(new Date(conversation.startedAt ?? Date.now()).toLocaleString())} · session ${escape(conversation.sessionId ?? "")}</p>`
    + `<table>\n${rows}\n</table></body></html>\n`;
}

/** Saves `html` as a file named after the session, through a temporary link. */
export function downloadHTML(html, sessionId) {
  const url = URL.createObjectURL(new Blob([html], { type: "text/html" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = `transcript-${String(sessionId ?? "chat").replace(/[^A-Za-z0-9_-]/g, "_")}.html`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** An entry's text; for the person's file that is not on the server, its name and why it did not go (yet). */
function textOf(entry) {
  if (!entry.upload) return entry.text;
  return `${entry.text}: ${entry.upload.state === "uploading" ? "Sending…" : entry.upload.sentence}`;
}
