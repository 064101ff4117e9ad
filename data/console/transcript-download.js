// Downloads a session's transcript (protocol §11.1) with the agent's token and
// hands it to the browser as a file: the server renders it (HTML or plain
// text, times in this browser's time zone and language), the same way the
// visitor's app saves its own.

const FORMATS = { html: "html", text: "txt" };

/** The transcript's address for `sessionId` in `format` ("html" or "text"). */
export function transcriptPath(sessionId, format) {
  const query = new URLSearchParams({ format });
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (timeZone) query.set("timeZone", timeZone);
  if (navigator.language) query.set("locale", navigator.language);
  return `/v1/sessions/${encodeURIComponent(sessionId)}/transcript?${query}`;
}

/**
 * Fetches the transcript with `Authorization: Bearer <token>` and saves it as
 * `transcript-<session>.<html|txt>`. Resolves to the sentence to show.
 */
export async function downloadTranscript(sessionId, format, token) {
  let response;
  try {
    response = await fetch(transcriptPath(sessionId, format), {
      headers: { Authorization: `Bearer ${token}` },
      cache: "no-store",
    });
  } catch {
    return { ok: false, sentence: "The transcript could not be downloaded: the server did not answer." };
  }
  if (!response.ok) {
    let message = `the server answered ${response.status}.`;
    try {
      const body = await response.json();
      if (typeof body.message === "string") message = body.message;
    } catch {
      // The status alone says it.
    }
    return { ok: false, sentence: `The transcript could not be downloaded: ${message}` };
  }
  const name = `transcript-${sessionId.replace(/[^A-Za-z0-9_-]/g, "_")}.${FORMATS[format]}`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { ok: true, sentence: `Saved ${name} to your downloads.` };
}
