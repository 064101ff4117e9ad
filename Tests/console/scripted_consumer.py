"""A scripted Assist consumer: speaks protocol version 1, 2 with co-browse, or
3 with the call, on /v1/consumer (docs/protocol.md).

It numbers its sequenced frames, acknowledges every sequenced frame it receives
(cumulatively, with a bodiless `ack`), drops duplicates, fails loudly on a gap
or on a frame written in the wrong version, sends the binary app frames a test
builds (`cobrowse_frames.py`), answers for the app when the agent has control
(§12.6), reports strokes the app took off (§12.7), sends the call's answers,
signals and media states (§13; the media itself is `call_peer.py`'s) and a
shared screen's video signals (§13.5), sends
and downloads files in chat with its resume token as the app does (§11.6;
a received `chat` carries the file as `attachment`), and lets a test wait for
a given server message, or for its absence, or hear of every message of a type
as it arrives (`listen`).

With `resume_automatically`, it behaves as the app does when its connection
is lost (§6.4, §7.3): it keeps every sequenced frame until the server
acknowledges it, reconnects by itself after any close that allows it (1001
from a restarting server, 1006 from a cut connection, …), sends `resume` with
its newest token, and sends the kept frames again after the `welcome`.
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

from attachment_http import AttachmentHttp

SEQUENCED_FROM_SERVER = {
    "agentJoined", "agentLeft", "chat", "screenShareRequest", "controlRequest",
    "screenShareEnd", "push", "chatReceipt", "sessionEnded", "callRequest", "callEnd",
}

# Types added in version 2: written with "v":2, and only on a version-2 connection (§12.1).
VERSION_2_FROM_SERVER = {"keyframeRequest", "agentInput", "annotate", "clearAnnotations"}
# Types added in version 3, the call: written with "v":3, only on a version-3 connection (§13.1).
VERSION_3_FROM_SERVER = {"callRequest", "callSignal", "callMediaState", "callEnd", "screenSignal"}

# Close codes after which a consumer does not resume (§7.3): the session is over,
# the client broke a rule, or the server refused the version, the resume or the token.
FINAL_CLOSE_CODES = {1000, 1002, 1003, 1007, 1008, 1009, 4001, 4002, 4003}


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

    def __init__(self, server_url: str, timeout: float = 10.0, resume_automatically: bool = False,
                 resume_within: float = 120.0) -> None:
        """`resume_automatically`: reconnect and resume after a close that allows it, retrying
        for at most `resume_within` seconds after each loss before giving up (which fails
        the next `expect`)."""
        self._server_url = server_url
        self._endpoint = server_url.replace("http://", "ws://", 1).replace("https://", "wss://", 1) + "/v1/consumer"
        self._timeout = timeout
        self._resume_automatically = resume_automatically
        self._resume_within = resume_within
        self._socket = websocket.WebSocket()
        self._send_lock = threading.Lock()
        self._next_seq = itertools.count(1)
        self._highest_sent = 0
        self._last_received = 0
        self._kept: list[tuple[int, str, dict[str, Any] | None, int]] = []  # seq, type, body, version
        self._open = False  # welcomed: sequenced frames go out at once, else they wait for the next welcome
        self._closing = False
        self._resume_token: str | None = None
        self._versions: tuple[int, ...] = (1,)
        self._inbox: queue.Queue[Frame | BaseException] = queue.Queue()
        self._failure: BaseException | None = None  # what stopped the reader, also handed to `expect`
        self._reader: threading.Thread | None = None
        self._history_lock = threading.Lock()
        self._history: list[Frame] = []
        self._losses = threading.Condition()
        self._close_codes: list[int | None] = []
        self._welcomes = 0
        self._listeners: dict[str, list[Callable[[Frame], None]]] = {}
        self.session_id: str | None = None
        self.version = 1  # as the latest `welcome` chose

    @property
    def close_codes(self) -> list[int | None]:
        """The close code of each connection the server ended or that was lost, in order;
        `None` for one lost without a close frame (1006)."""
        with self._losses:
            return list(self._close_codes)

    @property
    def welcomes(self) -> int:
        """How many `welcome`s arrived: 1 after `hello`, one more for each resume."""
        with self._losses:
            return self._welcomes

    @property
    def resume_token(self) -> str:
        """The newest resume token, which is also the person's token for files (§11.6)."""
        assert self._resume_token is not None, "no welcome yet"
        return self._resume_token

    def files(self) -> AttachmentHttp:
        """The attachment endpoints as the person's app calls them, with the newest resume token."""
        return AttachmentHttp(self._server_url, self.resume_token)

    def download(self, attachment: dict[str, Any]) -> bytes:
        """The bytes of the file a received `chat` carries (its `attachment`), downloaded as the
        person (the seed's POST with `sid`); fails unless the server answers 200."""
        answer = self.files().download(attachment["attachmentId"], self.session_id)
        assert answer.status == 200, f"download of {attachment}: {answer.status} {answer.body!r}"
        return answer.body

    def received(self, message_type: str) -> list[Frame]:
        """Every server message of `message_type` delivered so far, in order, whether
        or not `expect` has taken it. Raises what stopped the consumer, if anything did."""
        if self._failure is not None:
            raise self._failure
        with self._history_lock:
            return [frame for frame in self._history if frame.type == message_type]

    def wait_for_close(self, count: int = 1, within: float | None = None) -> int | None:
        """Waits until `count` connections have ended, and returns the last one's close code."""
        with self._losses:
            if not self._losses.wait_for(lambda: len(self._close_codes) >= count, within or self._timeout):
                raise AssertionError(f"the connection did not end within {within or self._timeout} s")
            return self._close_codes[count - 1]

    def wait_for_welcomes(self, count: int, within: float | None = None) -> None:
        """Waits until `count` `welcome`s have arrived (the `hello`'s and the resumes')."""
        with self._losses:
            if not self._losses.wait_for(lambda: self._welcomes >= count, within or self._timeout):
                raise AssertionError(
                    f"{self._welcomes} welcome(s) within {within or self._timeout} s, expected {count}; "
                    f"connections ended with {self._close_codes}")

    def hello(self, destination: str, visitor_name: str, pre_chat: list[dict[str, str]],
              versions: tuple[int, ...] = (1,), share_scopes: tuple[str, ...] | None = None,
              screen_control: bool = False, screen_video: bool = False) -> Frame:
        """Connects, asks for help at `destination` speaking `versions` and offering
        `share_scopes` (none said: the app's window only), with `screen_control`
        control of a shared screen (§12.9) and with `screen_video` a shared screen
        as a video track (§13.5); returns the `welcome`."""
        self._versions = versions
        self._connect(self._socket)
        body = {"versions": list(versions), "destination": destination, "visitorName": visitor_name, "preChat": pre_chat}
        if share_scopes is not None:
            body["shareScopes"] = list(share_scopes)
        if screen_control:
            body["screenControl"] = True
        if screen_video:
            body["screenVideo"] = True
        self._write({"v": 1, "type": "hello", "body": body})
        self._reader = threading.Thread(target=self._read_forever, name="scripted-consumer", daemon=True)
        self._reader.start()
        welcome = self.expect("welcome")
        self.session_id = welcome.body["sessionId"]
        return welcome

    def chat(self, text: str, attachment_ticket: str | None = None) -> str:
        """Sends a chat message, carrying the file of `attachment_ticket` when given
        (then `text` is its name or a caption), and returns its clientMessageId."""
        client_message_id = f"c-{uuid.uuid4()}"
        body = {"clientMessageId": client_message_id, "text": text}
        if attachment_ticket is not None:
            body["attachmentTicket"] = attachment_ticket
        self._send_sequenced("chat", body)
        return client_message_id

    def typing(self, is_typing: bool) -> None:
        """Starts or stops the typing indicator the agent sees."""
        self._write({"v": 1, "type": "typing", "ack": self._last_received, "body": {"isTyping": is_typing}})

    def answer_screen_share(self, request_id: str, accepted: bool, shared: str | None = None) -> None:
        """Answers a `screenShareRequest`, naming what is shared when given (§12.8)."""
        body = {"requestId": request_id, "accepted": accepted}
        if shared is not None:
            body["shared"] = shared
        self._send_sequenced("screenShareAnswer", body)

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

    def answer_call(self, request_id: str, accepted: bool) -> None:
        """Answers a `callRequest` (version 3)."""
        self._send_sequenced("callAnswer", {"requestId": request_id, "accepted": accepted}, version=3)

    def ask_for_call(self, media: str) -> None:
        """The person asks the agent to call, with `media` "audio" or "video" (version 3)."""
        self._send_sequenced("askForCall", {"media": media}, version=3)

    def call_signal(self, request_id: str, signal: dict[str, Any]) -> None:
        """Sends a `callSignal` (version 3, unsequenced: dropped while disconnected)."""
        self._write({"v": 3, "type": "callSignal", "ack": self._last_received,
                     "body": {"requestId": request_id, "signal": signal}})

    def screen_signal(self, request_id: str, signal: dict[str, Any]) -> None:
        """Sends a `screenSignal` about the share `request_id`'s video track (version 3, unsequenced)."""
        self._write({"v": 3, "type": "screenSignal", "ack": self._last_received,
                     "body": {"requestId": request_id, "signal": signal}})

    def call_media_state(self, request_id: str, microphone: bool, camera: bool) -> None:
        """Tells the agent the person's microphone or camera is on or off (version 3, unsequenced)."""
        self._write({"v": 3, "type": "callMediaState", "ack": self._last_received,
                     "body": {"requestId": request_id, "microphone": microphone, "camera": camera}})

    def end_call(self, request_id: str) -> None:
        """The person ends the call (version 3)."""
        self._send_sequenced("callEnd", {"requestId": request_id}, version=3)

    def listen(self, message_type: str, handler: Callable[[Frame], None]) -> None:
        """Calls `handler` with every server message of `message_type` from now on, on the
        reader's thread, as it arrives; `expect` still sees it too."""
        self._listeners.setdefault(message_type, []).append(handler)

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
        """Closes the connection (going away, so the server would keep the session)
        and stops resuming."""
        self._closing = True
        try:
            self._socket.close(status=websocket.STATUS_GOING_AWAY)
        except (OSError, websocket.WebSocketException):
            pass

    def _connect(self, socket: websocket.WebSocket) -> None:
        socket.connect(self._endpoint, timeout=self._timeout)
        # The reader waits for the server as long as it takes: a quiet session is not a failure.
        socket.settimeout(None)

    def _send_sequenced(self, message_type: str, body: dict[str, Any] | None, version: int = 1) -> None:
        with self._send_lock:
            seq = next(self._next_seq)
            self._highest_sent = seq
            self._kept.append((seq, message_type, body, version))
            if self._open or not self._resume_automatically:
                self._write_locked(self._sequenced_envelope(seq, message_type, body, version))

    def _sequenced_envelope(self, seq: int, message_type: str, body: dict[str, Any] | None,
                            version: int) -> dict[str, Any]:
        envelope: dict[str, Any] = {"v": version, "type": message_type, "seq": seq, "ack": self._last_received}
        if body is not None:
            envelope["body"] = body
        return envelope

    def _write(self, envelope: dict[str, Any]) -> None:
        with self._send_lock:
            if self._resume_automatically and not self._open and envelope["type"] != "hello":
                return  # unsequenced: dropped while disconnected (§6.1)
            self._write_locked(envelope)

    def _write_locked(self, envelope: dict[str, Any]) -> None:
        try:
            self._socket.send(json.dumps(envelope, separators=(",", ":")))
        except (OSError, websocket.WebSocketException):
            if not self._resume_automatically:
                raise
            # The connection is going; the reader resumes, and the kept frames go out after the welcome.
            self._open = False

    def _read_forever(self) -> None:
        while True:
            code = self._read_connection(self._socket)
            with self._send_lock:
                self._open = False
            with self._losses:
                self._close_codes.append(code)
                self._losses.notify_all()
            if self._closing or not self._resume_automatically or code in FINAL_CLOSE_CODES:
                return
            if not self._reconnect():
                return

    def _read_connection(self, socket: websocket.WebSocket) -> int | None:
        """Handles the frames of one connection until it ends; returns its close code,
        `None` when it was lost without a close frame."""
        try:
            while True:
                opcode, data = socket.recv_data()
                if opcode == websocket.ABNF.OPCODE_CLOSE:
                    return int.from_bytes(data[:2], "big") if len(data) >= 2 else 1005
                if opcode == websocket.ABNF.OPCODE_BINARY:
                    raise ProtocolFailure("a binary frame from the server: binary goes only from the app (§12.1)")
                if opcode != websocket.ABNF.OPCODE_TEXT:
                    raise ProtocolFailure(f"unexpected frame opcode {opcode}")
                self._handle(json.loads(data.decode("utf-8")))
        except (websocket.WebSocketConnectionClosedException, OSError):
            return None
        except websocket.WebSocketException as failure:
            if self._resume_automatically:  # a connection cut inside a frame header, for one
                return None
            self._inbox.put(failure)
            return None
        except BaseException as failure:  # handed to the test thread, which raises it
            self._failure = failure
            self._inbox.put(failure)
            self._closing = True
            return None
        finally:
            if self._resume_automatically:
                try:
                    socket.close()
                except (OSError, websocket.WebSocketException):
                    pass

    def _reconnect(self) -> bool:
        """Opens a new connection and sends `resume`, retrying every quarter second for at
        most `resume_within` seconds; the `welcome` is handled by the reader."""
        deadline = time.monotonic() + self._resume_within
        while not self._closing:
            socket = websocket.WebSocket()
            try:
                self._connect(socket)
                with self._send_lock:
                    self._socket = socket
                    body: dict[str, Any] = {"resumeToken": self._resume_token, "lastReceivedSeq": self._last_received}
                    if self._versions != (1,):
                        body["versions"] = list(self._versions)
                    socket.send(json.dumps({"v": 1, "type": "resume", "body": body}, separators=(",", ":")))
                return True
            except (OSError, websocket.WebSocketException):
                try:
                    socket.close()
                except (OSError, websocket.WebSocketException):
                    pass
            if time.monotonic() >= deadline:
                self._failure = AssertionError(
                    f"could not resume within {self._resume_within} s; connections ended with {self.close_codes}")
                self._inbox.put(self._failure)
                return False
            time.sleep(0.25)
        return False

    def _handle(self, envelope: dict[str, Any]) -> None:
        message_type = envelope["type"]
        written_in = 3 if message_type in VERSION_3_FROM_SERVER else 2 if message_type in VERSION_2_FROM_SERVER else 1
        if written_in > self.version:
            raise ProtocolFailure(f"{message_type} on a connection that negotiated version {self.version}")
        if envelope.get("v") != written_in:
            raise ProtocolFailure(f"{message_type} with v={envelope.get('v')!r}, expected {written_in}")
        seq = envelope.get("seq")
        if (seq is not None) != (message_type in SEQUENCED_FROM_SERVER):
            raise ProtocolFailure(f"{message_type} with seq={seq!r}")
        ack = envelope.get("ack")
        if ack is not None and ack > self._highest_sent:
            raise ProtocolFailure(f"ack {ack} above the highest seq sent ({self._highest_sent})")
        if ack is not None:
            with self._send_lock:
                self._release(ack)
        if seq is not None:
            if seq <= self._last_received:
                self._acknowledge()
                return
            if seq != self._last_received + 1:
                raise ProtocolFailure(f"sequence gap: expected {self._last_received + 1}, got {seq}")
            self._last_received = seq
            self._acknowledge()
        resuming = self._resume_automatically and self._resume_token is not None
        if resuming and message_type == "error" and envelope.get("body", {}).get("code") == "resumeRejected":
            raise ProtocolFailure(f"the server rejected the resume: {envelope.get('body')}")
        if message_type == "welcome":
            self._welcomed(envelope["body"])
        frame = Frame(type=message_type, body=envelope.get("body") or {}, seq=seq)
        with self._history_lock:
            self._history.append(frame)
        for handler in self._listeners.get(message_type, []):
            handler(frame)
        self._inbox.put(frame)
        if message_type == "welcome":
            with self._losses:
                self._welcomes += 1
                self._losses.notify_all()

    def _welcomed(self, body: dict[str, Any]) -> None:
        """Takes the newest resume token; `lastReceivedSeq` acknowledges our frames up to it,
        and the kept ones after it go out again, in order, before anything new (§6.4)."""
        self.version = body["version"]
        self._resume_token = body["resumeToken"]
        peer_last = body["lastReceivedSeq"]
        if peer_last > self._highest_sent:
            raise ProtocolFailure(f"welcome.lastReceivedSeq {peer_last} above the highest seq sent")
        with self._send_lock:
            self._release(peer_last)
            self._open = True
            if self._resume_automatically:
                for seq, message_type, kept_body, version in self._kept:
                    self._write_locked(self._sequenced_envelope(seq, message_type, kept_body, version))

    def _release(self, ack: int) -> None:
        """The server has every frame up to `ack`: forget them (with the send lock held)."""
        self._kept = [frame for frame in self._kept if frame[0] > ack]

    def _acknowledge(self) -> None:
        self._write({"v": 1, "type": "ack", "ack": self._last_received})
