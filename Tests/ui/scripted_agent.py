"""A scripted Assist agent on /v1/agent (docs/protocol.md §4, §5.3–5.4, §6),
enough for the UI tests to play the agent and see exactly what reached it.

It signs in with a token, takes the next session when the queue has one,
writes chat, sends files (uploaded with its token, docs/protocol.md §11.6),
pushes pages, acknowledges every sequenced frame it receives (cumulatively,
with a bodiless `ack`), fails loudly on a gap, and keeps every message in
arrival order, so a test can count what the agent saw. It never resumes: a
test that needs the agent to survive something keeps this one connection.

On a version-3 connection it signals a shared screen's video track (§13.5):
`send_screen_signal`, and `on_screen_signal`, called with the body of every
`screenSignal` from the app (on the reading thread) as it arrives.
"""

from __future__ import annotations

import json
import queue
import threading
import time
import urllib.parse
import urllib.request
import uuid
from typing import Any, Callable

import websocket

SEQUENCED_FROM_SERVER = {
    "sessionAssigned", "chat", "chatReceipt", "consumerAnswered", "screenShareEnd", "sessionEnded", "controlEnd",
    "callAsked", "callEnd",
}


class ScriptedAgent:
    """One agent's connection to `server_url`, signed in with `token`."""

    def __init__(self, server_url: str, token: str, timeout: float = 10.0, versions: tuple[int, ...] = (1,)) -> None:
        self._server_url = server_url.rstrip("/")
        self._token = token
        self._endpoint = server_url.replace("http://", "ws://").rstrip("/") + "/v1/agent"
        self._timeout = timeout
        self._socket = websocket.WebSocket()
        self._socket.connect(self._endpoint, timeout=timeout)
        self._socket.settimeout(None)
        self._lock = threading.Lock()
        self._next_seq = 1
        self._last_received = 0
        self._frames: list[dict[str, Any]] = []
        self._pictures: list[bytes] = []
        self._picture_times: list[float] = []
        self._arrivals = threading.Condition()
        self._failures: queue.Queue[BaseException] = queue.Queue()
        # Called with each `screenSignal` body the app sent (§13.5), on the reading thread.
        self.on_screen_signal: Callable[[dict[str, Any]], None] | None = None
        self._write({"v": 1, "type": "hello", "body": {"versions": list(versions), "token": token}})
        threading.Thread(target=self._read_forever, name="scripted-agent", daemon=True).start()
        self.expect("welcome")

    def received(self, message_type: str, where: Callable[[dict[str, Any]], bool] = lambda _: True) -> list[dict]:
        """The bodies of every `message_type` frame so far that `where` accepts, in order."""
        with self._arrivals:
            return [frame.get("body", {}) for frame in self._frames
                    if frame["type"] == message_type and where(frame.get("body", {}))]

    def expect(self, message_type: str, where: Callable[[dict[str, Any]], bool] = lambda _: True,
               timeout: float | None = None, after: int = 0) -> dict[str, Any]:
        """Waits for the first `message_type` frame that `where` accepts, among the
        frames from the `after`-th on; returns its body."""
        deadline = time.monotonic() + (timeout or self._timeout)
        with self._arrivals:
            while True:
                self._raise_failure()
                found = [frame.get("body", {}) for frame in self._frames[after:]
                         if frame["type"] == message_type and where(frame.get("body", {}))]
                if found:
                    return found[0]
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    seen = [frame["type"] for frame in self._frames]
                    raise AssertionError(f"the agent got no {message_type} in time; it got {seen}")
                self._arrivals.wait(remaining)

    def accept_next(self, within: float = 30.0) -> dict[str, Any]:
        """Takes the longest-waiting session once the queue has one; returns its assignment."""
        with self._arrivals:
            mark = len(self._frames)
            snapshots = [frame for frame in self._frames if frame["type"] == "queueSnapshot"]
            waiting_now = bool(snapshots) and snapshots[-1]["body"].get("totalWaiting", 0) > 0
        if not waiting_now:
            self.expect("queueSnapshot", lambda body: body.get("totalWaiting", 0) > 0, timeout=within, after=mark)
        self._send_sequenced("acceptNext", None)
        return self.expect("sessionAssigned", after=mark)

    def pictures(self) -> list[bytes]:
        """Every relayed co-browse frame (`ACR2`, binary) so far, in order (version 2)."""
        with self._arrivals:
            return list(self._pictures)

    def dated_pictures(self) -> list[tuple[float, bytes]]:
        """Every relayed frame so far with the wall-clock time it arrived (`time.time()`), in order."""
        with self._arrivals:
            return list(zip(self._picture_times, self._pictures))

    def wait_for_pictures(self, count: int, timeout: float | None = None) -> list[bytes]:
        """Waits until at least `count` relayed frames arrived; returns them all."""
        deadline = time.monotonic() + (timeout or self._timeout)
        with self._arrivals:
            while len(self._pictures) < count:
                self._raise_failure()
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise AssertionError(f"the agent got {len(self._pictures)} picture(s) in time, not {count}")
                self._arrivals.wait(remaining)
            return list(self._pictures)

    def request_screen_share(self, session_id: str, scope: str | None = None) -> str:
        """Asks to see the app's window or, with `scope` "screen", the screen (§12.8); returns the request id."""
        request_id = f"share-{uuid.uuid4()}"
        body = {"sessionId": session_id, "requestId": request_id}
        if scope is not None:
            body["scope"] = scope
        self._send_sequenced("requestScreenShare", body)
        return request_id

    def request_control(self, session_id: str) -> str:
        """Asks to act on what is shared (§12.6, §12.9); returns the request id."""
        request_id = f"control-{uuid.uuid4()}"
        self._send_sequenced("requestControl", {"sessionId": session_id, "requestId": request_id})
        return request_id

    def send_input(self, session_id: str, event: dict[str, Any]) -> str:
        """Sends one input event (unsequenced, §12.6); returns its input id."""
        input_id = f"input-{uuid.uuid4()}"
        self._write({"v": 1, "type": "input", "body": {"sessionId": session_id, "inputId": input_id, "event": event}})
        return input_id

    def request_keyframe(self, session_id: str) -> None:
        """Asks for a whole picture of the running share (unsequenced, §12.4)."""
        self._write({"v": 1, "type": "requestKeyframe", "body": {"sessionId": session_id}})

    def send_screen_signal(self, session_id: str, request_id: str, signal: dict[str, Any]) -> None:
        """Sends one signal of the share `request_id`'s video track (unsequenced, version 3, §13.5)."""
        self._write({"v": 3, "type": "screenSignal",
                     "body": {"sessionId": session_id, "requestId": request_id, "signal": signal}})

    def stop_share(self, session_id: str, request_id: str) -> None:
        """Stops the share `request_id` started."""
        self._send_sequenced("screenShareEnd", {"sessionId": session_id, "requestId": request_id})

    def chat(self, session_id: str, text: str) -> str:
        """Writes `text`; returns the message's clientMessageId."""
        message_id = str(uuid.uuid4())
        self._send_sequenced("chat", {"sessionId": session_id, "clientMessageId": message_id, "text": text})
        return message_id

    def send_file(self, session_id: str, name: str, data: bytes, media_type: str) -> str:
        """Uploads `data` whole into the session and sends it as a chat message
        named `name`; returns the message's clientMessageId."""
        started = self._http("POST", "/v1/attachments", json.dumps(
            {"sid": session_id, "name": name, "size": len(data), "mediaType": media_type}).encode(),
            {"Content-Type": "application/json"})
        stored = self._http("PUT", f"/v1/attachments/{started['attachmentId']}", data, {"Upload-Offset": "0"})
        message_id = str(uuid.uuid4())
        self._send_sequenced("chat", {"sessionId": session_id, "clientMessageId": message_id, "text": name,
                                      "attachmentTicket": stored["ticket"]})
        return message_id

    def download(self, session_id: str, attachment_id: str) -> bytes:
        """The bytes of the file `attachment_id` of the session, downloaded with the agent's token."""
        request = urllib.request.Request(
            f"{self._server_url}/v1/attachments/{attachment_id}/download",
            data=urllib.parse.urlencode({"sid": session_id}).encode(), method="POST",
            headers={"Content-Type": "application/x-www-form-urlencoded", "Authorization": f"Bearer {self._token}"})
        with urllib.request.urlopen(request, timeout=self._timeout) as answer:
            return answer.read()

    def push(self, session_id: str, url: str) -> str:
        """Offers the page at `url` to the person; returns the request's id."""
        request_id = str(uuid.uuid4())
        self._send_sequenced("push", {"sessionId": session_id, "requestId": request_id,
                                      "content": {"kind": "url", "url": url}})
        return request_id

    def close(self) -> None:
        try:
            self._socket.close(status=websocket.STATUS_GOING_AWAY)
        except (OSError, websocket.WebSocketException):
            pass

    def _http(self, method: str, path: str, body: bytes, headers: dict[str, str]) -> dict[str, Any]:
        """Calls the server's HTTP API with the agent's token; the answer's JSON object."""
        request = urllib.request.Request(self._server_url + path, data=body, method=method,
                                         headers={**headers, "Authorization": f"Bearer {self._token}"})
        with urllib.request.urlopen(request, timeout=self._timeout) as answer:
            return json.loads(answer.read())

    def _raise_failure(self) -> None:
        try:
            failure = self._failures.get_nowait()
        except queue.Empty:
            return
        raise failure

    def _send_sequenced(self, message_type: str, body: dict[str, Any] | None) -> None:
        with self._lock:
            envelope: dict[str, Any] = {"v": 1, "type": message_type, "seq": self._next_seq,
                                        "ack": self._last_received}
            self._next_seq += 1
            if body is not None:
                envelope["body"] = body
            self._write_locked(envelope)

    def _write(self, envelope: dict[str, Any]) -> None:
        with self._lock:
            self._write_locked(envelope)

    def _write_locked(self, envelope: dict[str, Any]) -> None:
        self._socket.send(json.dumps(envelope, separators=(",", ":")))

    def _read_forever(self) -> None:
        try:
            while True:
                opcode, data = self._socket.recv_data()
                if opcode == websocket.ABNF.OPCODE_CLOSE:
                    return
                if opcode == websocket.ABNF.OPCODE_BINARY:
                    with self._arrivals:
                        self._pictures.append(bytes(data))
                        self._picture_times.append(time.time())
                        self._arrivals.notify_all()
                    continue
                if opcode != websocket.ABNF.OPCODE_TEXT:
                    continue
                self._handle(json.loads(data.decode("utf-8")))
        except (websocket.WebSocketConnectionClosedException, OSError):
            return
        except BaseException as failure:  # handed to the test thread, which raises it
            self._failures.put(failure)
            with self._arrivals:
                self._arrivals.notify_all()

    def _handle(self, envelope: dict[str, Any]) -> None:
        seq = envelope.get("seq")
        if seq is not None:
            with self._lock:
                if seq <= self._last_received:
                    self._write_locked({"v": 1, "type": "ack", "ack": self._last_received})
                    return  # a duplicate by seq: dropped, as §6.3 says
                if seq != self._last_received + 1:
                    raise AssertionError(f"a gap: seq {seq} after {self._last_received}")
                self._last_received = seq
                self._write_locked({"v": 1, "type": "ack", "ack": seq})
        with self._arrivals:
            self._frames.append(envelope)
            self._arrivals.notify_all()
        handler = self.on_screen_signal
        if envelope.get("type") == "screenSignal" and handler is not None:
            try:
                handler(envelope.get("body", {}))
            except Exception as failure:  # the test thread raises it; the agent goes on reading
                self._failures.put(failure)
