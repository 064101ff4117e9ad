"""A protocol-level peer over `wsraw`, written from docs/protocol.md alone.

It does only what a test tells it to: it numbers the sequenced frames it is
asked to send, remembers the highest `seq` and `ack` it received, and never
acknowledges anything by itself (tests decide when to `ack`).
"""

from __future__ import annotations

import itertools
import json
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Callable

from wsraw import Closed, Message, RawWebSocket, ReadTimeout

READ_TIMEOUT = 5.0

_unique = itertools.count(1)


def unique(prefix: str) -> str:
    """A name no other test uses (destinations, client message ids)."""
    return f"{prefix}-{next(_unique)}-{uuid.uuid4().hex[:8]}"


def encode(envelope: Any) -> bytes:
    return json.dumps(envelope, separators=(",", ":"), ensure_ascii=False).encode()


@dataclass
class Frame:
    """One text message from the server, decoded."""

    envelope: dict[str, Any]
    received_at: float = field(default_factory=time.monotonic)

    @property
    def type(self) -> str:
        return self.envelope.get("type")

    @property
    def body(self) -> dict[str, Any]:
        return self.envelope.get("body") or {}

    @property
    def seq(self) -> int | None:
        return self.envelope.get("seq")

    @property
    def ack(self) -> int | None:
        return self.envelope.get("ack")

    def __str__(self) -> str:
        if self.type == "error":
            body = self.body
            parts = [f"code={body.get('code')!r}"]
            if "refType" in body:
                parts.append(f"refType={body.get('refType')!r}")
            if "refSeq" in body:
                parts.append(f"refSeq={body.get('refSeq')!r}")
            parts.append(f"message={body.get('message')!r}")
            return "error(" + ", ".join(parts) + ")"
        return self.type if self.seq is None else f"{self.type}#{self.seq}"


class Peer:
    """A consumer or agent connection driven step by step."""

    def __init__(self, ws: RawWebSocket, endpoint: str, server: Any, token: str | None = None) -> None:
        self.ws = ws
        self.endpoint = endpoint  # "consumer" | "agent"
        self.server = server
        self.token = token
        self.next_seq = 1
        self.last_received = 0  # highest seq received from the server
        self.highest_ack = 0  # highest ack the server sent
        self.received: list[Frame] = []
        self.welcome: Frame | None = None

    # -- sending ---------------------------------------------------------------------------------------------

    def send(self, envelope: dict[str, Any]) -> None:
        self.ws.send_text(encode(envelope))

    def send_raw(self, data: bytes | str) -> None:
        self.ws.send_text(data)

    def take_seq(self) -> int:
        seq = self.next_seq
        self.next_seq += 1
        return seq

    def sequenced(self, message_type: str, body: dict[str, Any] | None = None, *, ack: int | None = None) -> dict:
        """A sequenced envelope with the next seq (taken now)."""
        envelope: dict[str, Any] = {"v": 1, "type": message_type, "seq": self.take_seq(),
                                    "ack": self.last_received if ack is None else ack}
        if body is not None:
            envelope["body"] = body
        return envelope

    def send_sequenced(self, message_type: str, body: dict[str, Any] | None = None, *, ack: int | None = None) -> int:
        envelope = self.sequenced(message_type, body, ack=ack)
        self.send(envelope)
        return envelope["seq"]

    def send_ack(self, ack: int | None = None) -> None:
        self.send({"v": 1, "type": "ack", "ack": self.last_received if ack is None else ack})

    def hello_envelope(self, **body: Any) -> dict[str, Any]:
        if self.endpoint == "consumer":
            content: dict[str, Any] = {"versions": [1], "destination": unique("dest")}
        else:
            content = {"versions": [1], "token": self.token}
        content.update(body)
        return {"v": 1, "type": "hello", "body": {k: v for k, v in content.items() if v is not _OMIT}}

    def hello(self, **body: Any) -> Frame:
        """Sends `hello` and returns the `welcome` (failing the test otherwise)."""
        self.send(self.hello_envelope(**body))
        self.welcome = self.expect("welcome")
        return self.welcome

    def resume(self, resume_token: str, last_received_seq: int, **body: Any) -> None:
        self.send({"v": 1, "type": "resume",
                   "body": {"resumeToken": resume_token, "lastReceivedSeq": last_received_seq, **body}})

    def chat(self, text: str = "hello", client_message_id: str | None = None, session_id: str | None = None,
             ack: int | None = None) -> tuple[int, str]:
        """Sends a chat (consumer or agent form); returns (seq, clientMessageId)."""
        client_message_id = client_message_id or unique("c")
        body: dict[str, Any] = {"clientMessageId": client_message_id, "text": text}
        if self.endpoint == "agent":
            body["sessionId"] = session_id
        return self.send_sequenced("chat", body, ack=ack), client_message_id

    # -- receiving -------------------------------------------------------------------------------------------

    def read(self, timeout: float = READ_TIMEOUT) -> Frame | Closed:
        """The next text message (decoded) or the close. Binary messages fail the test."""
        got = self.ws.recv(timeout)
        if isinstance(got, Closed):
            return got
        assert isinstance(got, Message)
        if not got.is_text:
            raise AssertionError(f"the server sent a binary message on a version-1 connection ({len(got.data)} bytes)")
        frame = Frame(json.loads(got.data.decode("utf-8")), got.received_at)
        if frame.seq is not None and frame.seq > self.last_received:
            self.last_received = frame.seq
        if isinstance(frame.ack, int) and frame.ack > self.highest_ack:
            self.highest_ack = frame.ack
        self.received.append(frame)
        return frame

    def expect(self, message_type: str, where: Callable[[Frame], bool] = lambda _: True,
               timeout: float = READ_TIMEOUT) -> Frame:
        """Reads until a frame of `message_type` matching `where`; other frames are kept in `received`."""
        deadline = time.monotonic() + timeout
        seen: list[str] = []
        while True:
            remaining = deadline - time.monotonic()
            try:
                got = self.read(max(remaining, 0.001))
            except ReadTimeout:
                raise AssertionError(
                    f"no {message_type} within {timeout} s on /v1/{self.endpoint}; got {_describe(seen)}") from None
            if isinstance(got, Closed):
                raise AssertionError(
                    f"expected {message_type} on /v1/{self.endpoint}, but the server ended the connection: "
                    f"{_describe(seen)} then {got}")
            if got.type == message_type and where(got):
                return got
            seen.append(str(got))

    def expect_ack_covering(self, seq: int, timeout: float = READ_TIMEOUT) -> None:
        """Reads until the server has acknowledged `seq` (on any frame, bare `ack` included)."""
        deadline = time.monotonic() + timeout
        seen: list[str] = []
        while self.highest_ack < seq:
            remaining = deadline - time.monotonic()
            try:
                got = self.read(max(remaining, 0.001))
            except ReadTimeout:
                raise AssertionError(f"the server did not acknowledge seq {seq} within {timeout} s "
                                     f"(highest ack {self.highest_ack}); got {_describe(seen)}") from None
            if isinstance(got, Closed):
                raise AssertionError(f"waiting for an ack of seq {seq}, the server ended the connection: "
                                     f"{_describe(seen)} then {got}")
            seen.append(str(got))

    def read_until_close(self, timeout: float = READ_TIMEOUT,
                         after_error: float | None = 1.5) -> tuple[list[Frame], Closed | None]:
        """Every frame until the connection ends; (frames, None) if it is still open after `timeout`, or
        `after_error` seconds after an `error` frame arrived (a close follows an error frame at once)."""
        deadline = time.monotonic() + timeout
        frames: list[Frame] = []
        while True:
            remaining = deadline - time.monotonic()
            try:
                got = self.read(max(remaining, 0.001))
            except ReadTimeout:
                return frames, None
            if isinstance(got, Closed):
                return frames, got
            frames.append(got)
            if got.type == "error" and after_error is not None:
                deadline = min(deadline, time.monotonic() + after_error)

    def close(self) -> None:
        self.ws.close()


class _Omit:
    def __repr__(self) -> str:
        return "OMIT"


OMIT: Any = _Omit()
_OMIT = OMIT


def _describe(items: list[str]) -> str:
    return "[" + ", ".join(items) + "]" if items else "nothing"


def describe_outcome(frames: list[Frame], closed: Closed | None) -> str:
    """One line for a failure message: the error frames the server sent and how it ended the connection."""
    errors = [str(frame) for frame in frames if frame.type == "error"]
    others = [str(frame) for frame in frames if frame.type not in ("error", "queueUpdate", "queueSnapshot")]
    text = "error frames: " + (", ".join(errors) if errors else "none")
    if others:
        text += f"; other frames: {', '.join(others)}"
    text += "; " + (str(closed) if closed else "connection still open")
    return text

