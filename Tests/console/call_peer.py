"""The person's side of a call in the browser tests: a scripted consumer's
signaling joined to real WebRTC media (docs/protocol.md §13.3).

`webrtc_peer.py` runs as a subprocess of Debian's Python, which has GStreamer's
introspection bindings (the tests' virtual environment has PyPI packages only,
and a GLib main loop with media threads is best kept out of the test process).
This module relays between the two: the console's `callSignal`s reach the
peer, the peer's answers and candidates go back through the consumer. For a
shared screen sent as a video track (§13.5) the signals are `screenSignal`s
instead, and the peer answers every offer on a new connection, as the app does.
"""

from __future__ import annotations

import json
import queue
import subprocess
import threading
import time
from pathlib import Path
from typing import Any

from scripted_consumer import Frame, ScriptedConsumer

DEBIAN_PYTHON = "/usr/bin/python3"
PEER_PROGRAM = Path(__file__).with_name("webrtc_peer.py")


class CallPeer:
    """Answers every offer of the call `request_id` with GStreamer's `webrtcbin`, and
    reports what the person's side received. With `screen`, `request_id` is a share's
    and the peer is its video track's. Use as a context manager, or `close`."""

    def __init__(self, consumer: ScriptedConsumer, request_id: str, log: Path, timeout: float = 20.0,
                 screen: bool = False) -> None:
        self._send_signal = consumer.screen_signal if screen else consumer.call_signal
        self._request_id = request_id
        self._timeout = timeout
        self._log = log
        self._lock = threading.Lock()
        self._offers: list[dict[str, Any]] = []
        self._answers: list[dict[str, Any]] = []
        self._failures: list[str] = []
        self._counts: queue.Queue[dict[str, Any]] = queue.Queue()
        # Loopback is the only interface CI's network namespace may have: libnice needs it named.
        arguments = [DEBIAN_PYTHON, str(PEER_PROGRAM), "--local-address", "127.0.0.1"]
        if screen:
            arguments.append("--new-connection-per-offer")
        with log.open("a") as log_file:
            self._process = subprocess.Popen(
                arguments, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=log_file, text=True, bufsize=1)
        threading.Thread(target=self._read_events, name="webrtc-peer", daemon=True).start()
        consumer.listen("screenSignal" if screen else "callSignal", self._from_console)

    def __enter__(self) -> CallPeer:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    @property
    def offers(self) -> list[dict[str, Any]]:
        """Every offer the console sent in this call, in order."""
        with self._lock:
            return list(self._offers)

    @property
    def answers(self) -> list[dict[str, Any]]:
        """Every answer the peer sent back, in order."""
        with self._lock:
            return list(self._answers)

    def counts(self) -> dict[str, Any]:
        """What the peer received so far: `videoFrames` decoded, `audioBuffers` decoded, and its `iceState`."""
        self._check()
        self._command({"op": "counts"})
        try:
            return self._counts.get(timeout=self._timeout)
        except queue.Empty:
            raise AssertionError(f"the WebRTC peer did not report within {self._timeout} s; "
                                 f"log:\n{self._log.read_text()[-3000:]}") from None

    def wait_for_media(self, video_frames: int, audio_buffers: int, within: float | None = None) -> dict[str, Any]:
        """Waits until the peer has decoded at least this many video frames and audio buffers."""
        deadline = time.monotonic() + (within or self._timeout)
        while True:
            counts = self.counts()
            if counts["videoFrames"] >= video_frames and counts["audioBuffers"] >= audio_buffers:
                return counts
            if time.monotonic() > deadline:
                raise AssertionError(f"the WebRTC peer received {counts}, expected {video_frames} video frames "
                                     f"and {audio_buffers} audio buffers; log:\n{self._log.read_text()[-3000:]}")
            time.sleep(0.2)

    def wait_for_offers(self, count: int, within: float | None = None) -> list[dict[str, Any]]:
        """Waits until the console has sent `count` offers in this call, and returns them."""
        deadline = time.monotonic() + (within or self._timeout)
        while len(self.offers) < count:
            self._check()
            if time.monotonic() > deadline:
                raise AssertionError(f"{len(self.offers)} offer(s) from the console, expected {count}")
            time.sleep(0.05)
        return self.offers

    def close(self) -> None:
        """Stops the peer; the console's signals after this are dropped."""
        if self._process.poll() is None:
            try:
                self._command({"op": "stop"})
                with self._lock:
                    self._process.stdin.close()
                self._process.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self._process.kill()
                self._process.wait()

    def _from_console(self, frame: Frame) -> None:
        if frame.body.get("requestId") != self._request_id:
            return
        signal = frame.body["signal"]
        if signal["kind"] == "offer":
            with self._lock:
                self._offers.append(signal)
            self._command({"op": "offer", "negotiation": signal["negotiation"], "sdp": signal["sdp"]})
        elif signal["kind"] == "candidate":
            self._command({"op": "candidate", "negotiation": signal["negotiation"],
                           "sdpMLineIndex": signal["sdpMLineIndex"], "candidate": signal["candidate"]})

    def _read_events(self) -> None:
        for line in self._process.stdout:
            event = json.loads(line)
            kind = event.pop("event")
            if kind == "counts":
                self._counts.put(event)
            elif kind == "failed":
                with self._lock:
                    self._failures.append(event["message"])
            else:
                signal = {"kind": kind, **event}
                if kind == "answer":
                    with self._lock:
                        self._answers.append(signal)
                self._send_signal(self._request_id, signal)

    def _command(self, command: dict[str, Any]) -> None:
        with self._lock:
            if self._process.stdin.closed:
                return
            self._process.stdin.write(json.dumps(command) + "\n")
            self._process.stdin.flush()

    def _check(self) -> None:
        with self._lock:
            failures = list(self._failures)
        if failures:
            raise AssertionError(f"the WebRTC peer failed: {failures}; log:\n{self._log.read_text()[-3000:]}")
        if self._process.poll() is not None:
            raise AssertionError(f"the WebRTC peer exited with {self._process.returncode}; "
                                 f"log:\n{self._log.read_text()[-3000:]}")
