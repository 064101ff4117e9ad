"""A scripted agent on /v1/agent (docs/protocol.md §4, §5.3, §5.4, §6): signs in with
its token, numbers its sequenced frames, acknowledges every sequenced frame it
receives, drops duplicates, and lets a test wait for a given server message.
The person's side of the template tests is the template itself, in Chromium."""

from __future__ import annotations

import itertools
import json
import queue
import threading
import time
from typing import Any, Callable

import websocket

SEQUENCED_TO_AGENT = {"sessionAssigned", "chat", "chatReceipt", "consumerAnswered", "screenShareEnd", "sessionEnded"}


class ScriptedAgent:
    """One signed-in agent connection driven step by step from a test."""

    def __init__(self, server_url: str, token: str, timeout: float = 10.0) -> None:
        endpoint = server_url.replace("http://", "ws://", 1) + "/v1/agent"
        self._timeout = timeout
        self._socket = websocket.create_connection(endpoint, timeout=timeout, origin=server_url)
        self._lock = threading.Lock()
        self._seq = itertools.count(1)
        self._last = 0
        self._inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self._raw({"v": 1, "type": "hello", "body": {"versions": [1], "token": token}})
        threading.Thread(target=self._read_forever, name="scripted-agent", daemon=True).start()
        self.expect("welcome")

    def send(self, message_type: str, body: dict[str, Any] | None = None) -> None:
        """Sends a sequenced agent message (every one a test uses is sequenced)."""
        frame: dict[str, Any] = {"v": 1, "type": message_type, "seq": next(self._seq), "ack": self._last}
        if body is not None:
            frame["body"] = body
        self._raw(frame)

    def expect(self, message_type: str, where: Callable[[dict[str, Any]], bool] = lambda _: True) -> dict[str, Any]:
        """The body of the next message of `message_type` for which `where` holds; others are skipped."""
        deadline = time.monotonic() + self._timeout
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"no {message_type} from the server within {self._timeout} s")
            try:
                frame = self._inbox.get(timeout=remaining)
            except queue.Empty:
                continue
            if frame["type"] == message_type and where(frame.get("body", {})):
                return frame.get("body", {})

    def close(self) -> None:
        self._socket.close()

    def _read_forever(self) -> None:
        while True:
            try:
                text = self._socket.recv()
            except Exception:
                return
            if not isinstance(text, str) or not text:
                continue
            frame = json.loads(text)
            seq = frame.get("seq")
            if frame.get("type") in SEQUENCED_TO_AGENT and isinstance(seq, int):
                if seq <= self._last:
                    continue
                assert seq == self._last + 1, f"gap: {seq} after {self._last}"
                self._last = seq
                self._raw({"v": 1, "type": "ack", "ack": self._last})
            self._inbox.put(frame)

    def _raw(self, frame: dict[str, Any]) -> None:
        with self._lock:
            self._socket.send(json.dumps(frame))
