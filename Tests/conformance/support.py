"""The real assist-server as a process, and the assertions every conformance test shares.

Environment:
  ASSIST_SERVER_BIN            the server binary (default: .build/debug/assist-server in the repository)
  ASSIST_CONFORMANCE_BIN_WAIT  seconds to wait for a missing or still-changing binary (default 600)
"""

from __future__ import annotations

import json
import os
import queue
import secrets
import signal
import subprocess
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from peer import READ_TIMEOUT, Frame, Peer, describe_outcome, encode, unique
from wsraw import Closed, RawWebSocket

REPO = Path(__file__).resolve().parents[2]
BINARY = Path(os.environ.get("ASSIST_SERVER_BIN", REPO / ".build" / "debug" / "assist-server"))
SOLO_AGENTS = 200  # agents that serve only their own id: one per test that needs a quiet agent
ANY: Any = object()


def wait_for_binary() -> Path:
    """The server binary, once it exists and has stopped changing (the lead may be relinking it)."""
    deadline = time.monotonic() + float(os.environ.get("ASSIST_CONFORMANCE_BIN_WAIT", "600"))
    previous = None
    while True:
        try:
            stat = BINARY.stat()
            current = (stat.st_size, stat.st_mtime_ns)
        except FileNotFoundError:
            current = None
        if current is not None and current == previous and os.access(BINARY, os.X_OK):
            return BINARY
        if time.monotonic() > deadline:
            raise RuntimeError(f"no usable assist-server at {BINARY}")
        previous = current
        time.sleep(1.0)  # polling a file that another process writes; not test synchronisation


class AssistServer:
    """One assist-server process on a free loopback port."""

    def __init__(self, folder: Path, *, database: Path | None = None, extra_arguments: tuple[str, ...] = (),
                 agents: dict[str, Any] | None = None) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        self.database = database or folder / f"assist-{secrets.token_hex(4)}.sqlite"
        self.extra_arguments = extra_arguments
        self.agents_file = folder / "agents.json"
        if agents is None:
            agents = default_agents()
        self.agent_config = agents
        self.agents_file.write_text(json.dumps(agents))
        self.tokens = {agent["id"]: agent["token"] for agent in agents["agents"]}
        self._solo = iter([agent["id"] for agent in agents["agents"] if agent["id"].startswith("solo-")])
        self.process: subprocess.Popen[str] | None = None
        self.url = ""
        self.log = folder / f"server-{secrets.token_hex(3)}.log"

    # -- lifecycle -------------------------------------------------------------------------------------------

    def start(self) -> "AssistServer":
        binary = wait_for_binary()
        arguments = [str(binary), "--host", "127.0.0.1", "--port", "0", "--database", str(self.database),
                     "--agents", str(self.agents_file), *self.extra_arguments]
        if "--shutdown-timeout" not in self.extra_arguments:
            # Teardown stops servers whose test peers are still open and not reading: do not wait 10 s.
            arguments += ["--shutdown-timeout", "2"]
        for attempt in range(3):
            with self.log.open("a") as log_file:
                self.process = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=log_file, text=True,
                                                cwd=REPO, start_new_session=True)
            first = _first_line(self.process, timeout=30)
            if first.startswith("listening on "):
                self.url = first[len("listening on "):].strip().rstrip("/")
                return self
            self._kill()
            if attempt == 2:
                raise RuntimeError(f"assist-server did not report its URL (got {first!r}); log:\n"
                                   f"{self.log.read_text()[-4000:]}")
            wait_for_binary()  # perhaps relinked under us: wait for a stable file and retry
        return self

    def terminate(self) -> None:
        """Sends SIGTERM (the graceful shutdown)."""
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)

    def wait(self, timeout: float) -> int | None:
        assert self.process is not None
        try:
            return self.process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            return None

    def stop(self, bound: float = 15.0) -> None:
        """SIGTERM, then SIGKILL after `bound` seconds."""
        if self.process is None or self.process.poll() is not None:
            return
        self.process.send_signal(signal.SIGTERM)
        if self.wait(bound) is None:
            self._kill()

    def _kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()

    # -- addresses -------------------------------------------------------------------------------------------

    @property
    def host(self) -> str:
        return urlsplit(self.url).hostname or "127.0.0.1"

    @property
    def port(self) -> int:
        return urlsplit(self.url).port or 80

    @property
    def origin(self) -> str:
        """The server's own origin: the URL it printed (§11.2)."""
        parts = urlsplit(self.url)
        return f"{parts.scheme}://{parts.netloc}"

    # -- connections -----------------------------------------------------------------------------------------

    def connect(self, endpoint: str, **options: Any) -> RawWebSocket:
        if endpoint == "agent" and "origin" not in options and "origins" not in options:
            options["origin"] = self.origin
        return RawWebSocket.connect(self.host, self.port, f"/v1/{endpoint}", **options)

    def consumer(self, **options: Any) -> Peer:
        """A consumer connection that has sent nothing."""
        return Peer(self.connect("consumer", **options), "consumer", self)

    def agent(self, agent_id: str | None = None, **options: Any) -> Peer:
        """An agent connection that has sent nothing; by default a quiet agent no other test uses."""
        agent_id = agent_id or self.fresh_agent()
        peer = Peer(self.connect("agent", **options), "agent", self, token=self.tokens[agent_id])
        peer.agent_id = agent_id  # type: ignore[attr-defined]
        return peer

    def fresh_agent(self) -> str:
        """An agent that serves only its own id (so its queue is empty) and that no other test used."""
        return next(self._solo)

    def peer(self, endpoint: str, phase: str) -> Peer:
        """A connection on `endpoint`, before `welcome` ("before") or just after a `hello` ("after")."""
        peer = self.consumer() if endpoint == "consumer" else self.agent()
        if phase == "after":
            peer.hello()
        return peer


def default_agents() -> dict[str, Any]:
    agents = [
        {"id": "sam", "name": "Sam", "token": secrets.token_urlsafe(24), "capacity": 50, "destinations": ["support"]},
    ]
    agents += [{"id": f"solo-{index}", "name": f"Solo {index}", "token": secrets.token_urlsafe(24)}
               for index in range(SOLO_AGENTS)]
    return {"agents": agents}


def _first_line(process: subprocess.Popen[str], timeout: float) -> str:
    lines: queue.Queue[str] = queue.Queue()

    def drain() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            lines.put(line)
        lines.put("")

    threading.Thread(target=drain, name="assist-server-stdout", daemon=True).start()
    try:
        return lines.get(timeout=timeout)
    except queue.Empty:
        return ""


# -- assertions --------------------------------------------------------------------------------------------------


def check_error(frame: Frame, code: str, ref_type: Any = ANY, ref_seq: Any = ANY,
                message_contains: str | None = None) -> None:
    body = frame.body
    assert body.get("code") == code, f"expected error {code}, got {frame}"
    if ref_type is not ANY:
        assert body.get("refType") == ref_type, f"expected refType {ref_type!r} in {frame}"
    if ref_seq is not ANY:
        assert body.get("refSeq") == ref_seq, f"expected refSeq {ref_seq!r} in {frame}"
    if message_contains is not None:
        assert message_contains in (body.get("message") or ""), \
            f"expected the error message to name {message_contains!r}: {frame}"


def assert_error_then_close(peer: Peer, code: str, close_code: int, *, ref_type: Any = ANY,
                            message_contains: str | None = None, timeout: float = READ_TIMEOUT) -> None:
    """The server answers with exactly one `error` frame of `code` and then closes with `close_code`."""
    frames, closed = peer.read_until_close(timeout)
    outcome = describe_outcome(frames, closed)
    errors = [frame for frame in frames if frame.type == "error"]
    assert closed is not None and closed.code == close_code and [e.body.get("code") for e in errors] == [code], \
        f"expected error {code} then close {close_code}; observed {outcome}"
    check_error(errors[0], code, ref_type=ref_type, message_contains=message_contains)


def assert_closed_without_error_frame(peer: Peer, close_code: int, timeout: float = READ_TIMEOUT) -> None:
    frames, closed = peer.read_until_close(timeout)
    outcome = describe_outcome(frames, closed)
    errors = [frame for frame in frames if frame.type == "error"]
    assert closed is not None and closed.code == close_code and not errors, \
        f"expected close {close_code} and no error frame; observed {outcome}"


def expect_error(peer: Peer, code: str, *, ref_type: Any = ANY, ref_seq: Any = ANY,
                 message_contains: str | None = None, timeout: float = READ_TIMEOUT) -> Frame:
    """Reads up to the next `error` frame (other frames skipped) and checks it; a close fails the test."""
    deadline = time.monotonic() + timeout
    seen: list[Frame] = []
    while True:
        remaining = deadline - time.monotonic()
        try:
            got = peer.read(max(remaining, 0.001))
        except Exception as failure:  # ReadTimeout
            raise AssertionError(f"expected error {code} with the connection left open; observed "
                                 f"{describe_outcome(seen, None)} and nothing else within {timeout} s") from failure
        if isinstance(got, Closed):
            raise AssertionError(f"expected error {code} with the connection left open; observed "
                                 f"{describe_outcome(seen, got)}")
        if got.type == "error":
            check_error(got, code, ref_type=ref_type, ref_seq=ref_seq, message_contains=message_contains)
            return got
        seen.append(got)


def barrier(peer: Peer, timeout: float = READ_TIMEOUT) -> tuple[list[Frame], int]:
    """Proves the connection is open and the server has handled everything sent before: sends one
    sequenced frame that always gets an answer (consumer: `chat` → its `chatReceipt`; agent with no
    work: `acceptNext` → `error` `queueEmpty`) and waits for that answer and an ack covering it.
    Returns the frames that arrived before the answer, and the barrier frame's seq."""
    count_before = len(peer.received)
    if peer.endpoint == "consumer":
        seq, client_message_id = peer.chat("barrier")
        try:
            peer.expect("chatReceipt", lambda f: f.body.get("clientMessageId") == client_message_id, timeout)
        except AssertionError as failure:
            raise AssertionError(f"the connection is no longer usable: {failure}") from None
    else:
        seq = peer.send_sequenced("acceptNext")
        try:
            peer.expect("error", lambda f: f.body.get("refType") == "acceptNext" or f.body.get("refSeq") == seq
                        or (f.body.get("code") == "queueEmpty" and f.body.get("refType") is None), timeout)
        except AssertionError as failure:
            raise AssertionError(f"the connection is no longer usable: {failure}") from None
    before = [frame for frame in peer.received[count_before:-1]]
    peer.expect_ack_covering(seq, timeout)
    return before, seq



# -- carriers: a valid frame for the connection's state, to break in one place ---------------------------------

PLACEHOLDER = "@@TEXT@@"
ENDPOINT_PHASES = [("consumer", "before"), ("consumer", "after"), ("agent", "before"), ("agent", "after")]
PHASE_IDS = [f"{endpoint}-{phase}-welcome" for endpoint, phase in ENDPOINT_PHASES]


def carrier(peer: Peer, text: str = "hi") -> dict[str, Any]:
    """A frame the server accepts in the connection's current state, with `text` in one string member:
    before `welcome` a `hello` (consumer: `visitorName`; agent: an unknown body member, ignored), after it a
    sequenced `chat` (agent: to a session it has no part in)."""
    if peer.welcome is None:
        if peer.endpoint == "consumer":
            return peer.hello_envelope(visitorName=text)
        return peer.hello_envelope(note=text)
    if peer.endpoint == "consumer":
        return peer.sequenced("chat", {"clientMessageId": unique("c"), "text": text})
    return peer.sequenced("chat", {"sessionId": "no-such-session", "clientMessageId": unique("c"), "text": text})


def padded(envelope: dict[str, Any], size: int) -> bytes:
    """`envelope` with an unknown envelope member (ignored by the rules) making its UTF-8 exactly `size` bytes."""
    base = len(encode({**envelope, "padding": ""}))
    assert size >= base
    data = encode({**envelope, "padding": "a" * (size - base)})
    assert len(data) == size
    return data


def with_bytes(envelope: dict[str, Any], raw: bytes) -> bytes:
    """The envelope's JSON with the PLACEHOLDER text replaced by `raw` (which may be invalid UTF-8)."""
    data = encode(envelope)
    assert PLACEHOLDER.encode() in data
    return data.replace(PLACEHOLDER.encode(), raw)


def assert_carrier_accepted(peer: Peer, envelope: dict[str, Any]) -> None:
    """The server accepted the carrier (as opposed to refusing the frame itself)."""
    if envelope["type"] == "hello":
        peer.welcome = peer.expect("welcome")
        return
    if peer.endpoint == "consumer":
        client_message_id = envelope["body"]["clientMessageId"]
        peer.expect("chatReceipt", lambda f: f.body.get("clientMessageId") == client_message_id)
        return
    before, _ = barrier(peer)
    refused = [str(f) for f in before if f.type == "error" and f.body.get("code") in
               ("malformedFrame", "frameTooLarge", "unsupportedData", "invalidMessage", "invalidValue")]
    assert not refused, f"the frame was refused: {refused}"
