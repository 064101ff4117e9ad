"""A scripted Assist consumer: speaks protocol version 1, or 2 with co-browse,
on /v1/consumer (docs/protocol.md).

It numbers its sequenced frames, acknowledges every sequenced frame it receives
(cumulatively, with a bodiless `ack`), drops duplicates, fails loudly on a gap
or on a frame written in the wrong version, sends the binary app frames a test
builds (`cobrowse_frames.py`), answers for the app when the agent has control
(§12.6), reports strokes the app took off (§12.7), and lets a test wait for a
given server message, or for its absence.
"""

from __future__ import annotations

import itertools
import json
import queue
import threading
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable

import websocket

SEQUENCED_FROM_SERVER = {
    "agentJoined", "agentLeft", "chat", "screenShareRequest", "controlRequest",
    "screenShareEnd", "push", "chatReceipt", "sessionEnded",
}

# Types added in version 2: written with "v":2, and only on a version-2 connection (§12.1).
VERSION_2_FROM_SERVER = {"keyframeRequest", "agentInput", "annotate", "clearAnnotations"}


@dataclass
class Frame:
    """One message from the server."""

    type: str
    body: dict[str, Any] = field(default_factory=dict)
    seq: int | None = None
    received_at: float = field(default_factory=time.monotonic)


class ProtocolFailure(AssertionError):
    """The server broke a delivery rule the consumer checks."""


class ScriptedConsumer:
    """A consumer connection driven step by step from a test."""

    def __init__(self, server_url: str, timeout: float = 10.0) -> None:
        self._endpoint = server_url.replace("http://", "ws://", 1).replace("https://", "wss://", 1) + "/v1/consumer"
        self._timeout = timeout
        self._socket = websocket.WebSocket()
        self._send_lock = threading.Lock()
        self._next_seq = itertools.count(1)
        self._highest_sent = 0
        self._last_received = 0
        self._inbox: queue.Queue[Frame | BaseException] = queue.Queue()
        self._reader: threading.Thread | None = None
        self.session_id: str | None = None
        self.version = 1  # as the latest `welcome` chose

    def hello(self, destination: str, visitor_name: str, pre_chat: list[dict[str, str]],
              versions: tuple[int, ...] = (1,)) -> Frame:
        """Connects, asks for help at `destination` speaking `versions`, and returns the `welcome`."""
        self._socket.connect(self._endpoint, timeout=self._timeout)
        self._write({"v": 1, "type": "hello", "body": {
            "versions": list(versions), "destination": destination, "visitorName": visitor_name, "preChat": pre_chat,
        }})
        self._reader = threading.Thread(target=self._read_forever, name="scripted-consumer", daemon=True)
        self._reader.start()
        welcome = self.expect("welcome")
        self.session_id = welcome.body["sessionId"]
        return welcome

    def chat(self, text: str) -> str:
        """Sends a chat message and returns its clientMessageId."""
        client_message_id = f"c-{uuid.uuid4()}"
        self._send_sequenced("chat", {"clientMessageId": client_message_id, "text": text})
        return client_message_id

    def typing(self, is_typing: bool) -> None:
        """Starts or stops the typing indicator the agent sees."""
        self._write({"v": 1, "type": "typing", "ack": self._last_received, "body": {"isTyping": is_typing}})

    def answer_screen_share(self, request_id: str, accepted: bool) -> None:
        """Answers a `screenShareRequest`."""
        self._send_sequenced("screenShareAnswer", {"requestId": request_id, "accepted": accepted})

    def answer_control(self, request_id: str, accepted: bool) -> None:
        """Answers a `controlRequest`."""
        self._send_sequenced("controlAnswer", {"requestId": request_id, "accepted": accepted})

    def end_control(self, request_id: str) -> None:
        """The person takes control back; the share goes on (version 2)."""
        self._send_sequenced("controlEnd", {"requestId": request_id}, version=2)

    def input_result(self, input_id: str, outcome: str) -> None:
        """Says what the app did with an `agentInput` (version 2, unsequenced)."""
        self._write({"v": 2, "type": "inputResult", "ack": self._last_received,
                     "body": {"inputId": input_id, "outcome": outcome}})

    def annotations_cleared(self, ids: list[str], reason: str) -> None:
        """Says the app took the agent's strokes `ids` off, for `reason` (version 2, unsequenced)."""
        self._write({"v": 2, "type": "annotationsCleared", "ack": self._last_received,
                     "body": {"ids": ids, "reason": reason}})

    def answer_push(self, request_id: str, accepted: bool) -> None:
        """Answers a `push`."""
        self._send_sequenced("pushAnswer", {"requestId": request_id, "accepted": accepted})

    def end_screen_share(self, request_id: str) -> None:
        """The person stops sharing their screen."""
        self._send_sequenced("screenShareEnd", {"requestId": request_id})

    def end_session(self) -> None:
        """The person ends the session."""
        self._send_sequenced("endSession", None)

    def send_app_frame(self, frame: bytes) -> None:
        """Sends one binary app frame (§12.4), as the app does while sharing."""
        with self._send_lock:
            self._socket.send_binary(frame)

    def discard_received(self) -> None:
        """Forgets the server messages not yet expected, so that the next `expect`
        only sees what arrives from now on."""
        while True:
            try:
                item = self._inbox.get_nowait()
            except queue.Empty:
                return
            if isinstance(item, BaseException):
                raise item

    def expect(self, message_type: str, where: Callable[[Frame], bool] = lambda _: True) -> Frame:
        """Waits for the next server message of `message_type` that satisfies `where`,
        skipping others (such as `queueUpdate` and receipts)."""
        deadline = time.monotonic() + self._timeout
        seen: list[str] = []
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(f"no {message_type} from the server within {self._timeout} s; saw {seen}")
            try:
                item = self._inbox.get(timeout=remaining)
            except queue.Empty:
                continue
            if isinstance(item, BaseException):
                raise item
            if item.type == message_type and where(item):
                return item
            seen.append(item.type)

    def expect_none(self, message_type: str, within: float) -> None:
        """Fails if a server message of `message_type` arrives within `within` seconds."""
        deadline = time.monotonic() + within
        while (remaining := deadline - time.monotonic()) > 0:
            try:
                item = self._inbox.get(timeout=remaining)
            except queue.Empty:
                return
            if isinstance(item, BaseException):
                raise item
            if item.type == message_type:
                raise AssertionError(f"an unexpected {message_type} from the server: {item.body}")

    def close(self) -> None:
        """Closes the connection (going away, so the server would keep the session)."""
        try:
            self._socket.close(status=websocket.STATUS_GOING_AWAY)
        except (OSError, websocket.WebSocketException):
            pass

    def _send_sequenced(self, message_type: str, body: dict[str, Any] | None, version: int = 1) -> None:
        with self._send_lock:
            seq = next(self._next_seq)
            self._highest_sent = seq
            envelope = {"v": version, "type": message_type, "seq": seq, "ack": self._last_received}
            if body is not None:
                envelope["body"] = body
            self._write_locked(envelope)

    def _write(self, envelope: dict[str, Any]) -> None:
        with self._send_lock:
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
                    raise ProtocolFailure("a binary frame from the server: binary goes only from the app (§12.1)")
                if opcode != websocket.ABNF.OPCODE_TEXT:
                    raise ProtocolFailure(f"unexpected frame opcode {opcode}")
                self._handle(json.loads(data.decode("utf-8")))
        except (websocket.WebSocketConnectionClosedException, OSError):
            return
        except BaseException as failure:  # handed to the test thread, which raises it
            self._inbox.put(failure)

    def _handle(self, envelope: dict[str, Any]) -> None:
        message_type = envelope["type"]
        if message_type in VERSION_2_FROM_SERVER and self.version < 2:
            raise ProtocolFailure(f"{message_type} on a connection that negotiated version {self.version}")
        written_in = 2 if message_type in VERSION_2_FROM_SERVER else 1
        if envelope.get("v") != written_in:
            raise ProtocolFailure(f"{message_type} with v={envelope.get('v')!r}, expected {written_in}")
        seq = envelope.get("seq")
        if (seq is not None) != (message_type in SEQUENCED_FROM_SERVER):
            raise ProtocolFailure(f"{message_type} with seq={seq!r}")
        ack = envelope.get("ack")
        if ack is not None and ack > self._highest_sent:
            raise ProtocolFailure(f"ack {ack} above the highest seq sent ({self._highest_sent})")
        if seq is not None:
            if seq <= self._last_received:
                self._acknowledge()
                return
            if seq != self._last_received + 1:
                raise ProtocolFailure(f"sequence gap: expected {self._last_received + 1}, got {seq}")
            self._last_received = seq
            self._acknowledge()
        if message_type == "welcome":
            self.version = envelope["body"]["version"]
        self._inbox.put(Frame(type=message_type, body=envelope.get("body") or {}, seq=seq))

    def _acknowledge(self) -> None:
        self._write({"v": 1, "type": "ack", "ack": self._last_received})
