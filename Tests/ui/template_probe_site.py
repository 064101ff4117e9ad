"""A stand-in chat template on two origins, for what the real template never
does: open a window with `window.open` and hold a frame from another origin.

The template's page (`/system/templates/chat/probe/index.html` on one port)
speaks the app's bridge as a template does: it posts `IOSChatStarted`, answers
`MobileInterface.CloseChat()` with `IOSChatEnded`, tries `window.open` on
`unasked_url` as it loads, opens `faq_url` with `window.open` when its FAQ button
(the top of the page) is clicked, and holds a frame from the other port (another
origin). The
frame tries to post `IOSChatClosed` and `IOSChatEnded` to the app, then tells
its own server what it found as `window.webkit` (`frame_reports`).
"""

from __future__ import annotations

import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TEMPLATE_PATH = "/system/templates/chat/probe/index.html"

TEMPLATE_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Probe template</title></head>
<body style="margin: 0">
<button id="faq" style="display: block; width: 100%; height: 60vh; font-size: 24px">FAQ</button>
<h1>Probe template</h1>
<iframe src="{frame_url}" title="Another site"></iframe>
<script>
  const post = (name, body) => window.webkit.messageHandlers[name].postMessage(body);
  window.MobileInterface = {{ CloseChat() {{ post("IOSChatEnded", "consumerEnded"); }} }};
  document.getElementById("faq").onclick = () => window.open({faq_url!r}, "_blank");
  window.open({unasked_url!r}, "_blank");
  post("IOSChatStarted", "probe-session");
</script>
</body></html>
"""

FRAME_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Another site</title></head>
<body>
<p>Another site</p>
<script>
  const found = typeof window.webkit;
  try {
    window.webkit.messageHandlers.IOSChatClosed.postMessage("");
    window.webkit.messageHandlers.IOSChatEnded.postMessage("fromFrame");
  } catch (error) {
    // Without the bridge there is nothing to post to; the report says so.
  }
  fetch("/frame-ran?webkit=" + encodeURIComponent(found));
</script>
</body></html>
"""


class ProbeSite:
    """The two origins on loopback ports; `close()` stops both."""

    def __init__(self, faq_url: str, unasked_url: str) -> None:
        self.faq_url = faq_url
        self.unasked_url = unasked_url
        self.frame_reports: list[dict[str, str]] = []
        self._frame_server = self._serve(self._frame_answer)
        self.frame_url = f"http://127.0.0.1:{self._frame_server.server_port}/frame.html"
        self._template_server = self._serve(self._template_answer)
        self.template_url = f"http://127.0.0.1:{self._template_server.server_port}{TEMPLATE_PATH}"

    def close(self) -> None:
        for server in (self._template_server, self._frame_server):
            server.shutdown()
            server.server_close()

    def _template_answer(self, path: str) -> str | None:
        if path != TEMPLATE_PATH:
            return None
        return TEMPLATE_PAGE.format(frame_url=self.frame_url, faq_url=self.faq_url,
                                    unasked_url=self.unasked_url)

    def _frame_answer(self, path: str) -> str | None:
        parts = urllib.parse.urlsplit(path)
        if parts.path == "/frame.html":
            return FRAME_PAGE
        if parts.path == "/frame-ran":
            self.frame_reports.append(dict(urllib.parse.parse_qsl(parts.query)))
            return ""
        return None

    @staticmethod
    def _serve(answer) -> ThreadingHTTPServer:
        """A server on a free loopback port answering GET with `answer(path)`
        (HTML, or None for 404), in a thread of its own."""

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
                body = answer(self.path)
                self.send_response(404 if body is None else 200)
                encoded = (body or "").encode()
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(encoded)))
                self.end_headers()
                self.wfile.write(encoded)

            def log_message(self, *_arguments) -> None:
                pass

        server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=server.serve_forever, name="template-probe-site", daemon=True).start()
        return server
