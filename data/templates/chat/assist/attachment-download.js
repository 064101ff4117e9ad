// Downloading a file of the chat without a cookie or a token: the URL carries the chat message's
// downloadKey and the form carries the session id (docs/protocol.md §11.6).

/** The absolute download URL of `attachment` (with `?key=`), or `null` when it has no downloadKey. */
export function downloadURL(attachment) {
  if (typeof attachment.downloadKey !== "string") return null;
  const url = new URL(`/v1/attachments/${encodeURIComponent(attachment.attachmentId)}/download`, window.location.origin);
  url.searchParams.set("key", attachment.downloadKey);
  return url.href;
}

/** Downloads in a browser: a plain form POST with `sid`; the answer is saved, the page stays. */
export function downloadWithForm(url, sessionId) {
  const form = document.createElement("form");
  form.method = "post";
  form.action = url;
  form.hidden = true;
  const sid = document.createElement("input");
  sid.type = "hidden";
  sid.name = "sid";
  sid.value = sessionId;
  form.append(sid);
  document.body.append(form);
  form.submit();
  form.remove();
}
