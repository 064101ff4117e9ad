"""The agent's side of a shared screen's video track (docs/protocol.md §13.5), as the
console plays it: a `ScriptedAgent` on version 3 wired to a `VideoReceiver` for one
running share of a monitor or a window.

`offer()` (after the person accepted the share, `consumerAnswered` accepted with
`shared` "monitor" or "window") sends `screenSignal` `offer` with the next
`negotiation` on a new receiver; the app's `answer` and candidates go to it, its own
candidates to the app (none before the offer they belong to has gone, and each with
its offer's `negotiation`); signals of an older negotiation are dropped. On the app's
`restart` the helper offers again (`negotiation` + 1) on a new receiver, unless
`reoffer` is off. `drop()` closes the newest receiver without a word to the app.
"""

from __future__ import annotations

import queue
import threading
import time
from typing import Any, Callable, Optional

from video_receiver import Picture, VideoReceiver


class AgentVideo:
    """The video track of the share `request_id` of session `session_id`, seen from `agent`."""

    def __init__(self, agent, session_id: str, request_id: str, reoffer: bool = True,
                 observer: Optional[Callable[[Picture], None]] = None, request_keyframes: bool = True,
                 keepalive_checks: bool = False) -> None:
        self.agent, self.session_id, self.request_id = agent, session_id, request_id
        self.reoffer = reoffer
        self.observer = observer
        self.request_keyframes = request_keyframes
        self.keepalive_checks = keepalive_checks
        self.negotiation = 0
        self.receivers: list[VideoReceiver] = []
        self.answers: list[tuple[int, str]] = []       # (negotiation, SDP) of each answer taken
        self.restarts: list[float] = []                 # when each `restart` arrived (time.time())
        self.signals: list[tuple[float, dict]] = []     # every signal from the app, dated
        self.failures: list[BaseException] = []
        self._lock = threading.Condition()
        self._sent: set[int] = set()                    # negotiations whose offer has gone
        self._held: dict[int, list[tuple[int, str]]] = {}
        self._work: queue.Queue[Optional[dict]] = queue.Queue()
        self._closed = False
        agent.on_screen_signal = self._arrived
        self._worker = threading.Thread(target=self._run, name="agent-video", daemon=True)
        self._worker.start()

    @property
    def receiver(self) -> Optional[VideoReceiver]:
        """The receiver of the newest offer."""
        with self._lock:
            return self.receivers[-1] if self.receivers else None

    def offer(self) -> VideoReceiver:
        """Offers negotiation + 1 on a new receiver (the previous one is closed); returns it."""
        with self._lock:
            self.negotiation += 1
            negotiation = self.negotiation
            previous = self.receivers[-1] if self.receivers else None
        if previous is not None:
            previous.close()
        receiver = VideoReceiver(lambda index, candidate: self._local_candidate(negotiation, index, candidate),
                                 observer=self.observer, request_keyframes=self.request_keyframes,
                                 keepalive_checks=self.keepalive_checks, name=f"screen-video-{negotiation}")
        with self._lock:
            self.receivers.append(receiver)
        sdp = receiver.create_offer()
        self.agent.send_screen_signal(self.session_id, self.request_id,
                                      {"kind": "offer", "negotiation": negotiation, "sdp": sdp})
        with self._lock:
            self._sent.add(negotiation)
            held = self._held.pop(negotiation, [])
        for index, candidate in held:
            self._send_candidate(negotiation, index, candidate)
        return receiver

    def drop(self) -> VideoReceiver:
        """Closes the newest receiver as a crashed console would: nothing is said to the app."""
        receiver = self.receiver
        assert receiver is not None, "nothing to drop: no offer was made"
        receiver.close()
        return receiver

    def wait_until_connected(self, timeout: float = 30.0) -> VideoReceiver:
        """The newest receiver once its connection is up."""
        receiver = self.receiver
        assert receiver is not None, "no offer was made"
        receiver.wait_for_state(("connected", "completed"), timeout)
        self.raise_failure()
        return receiver

    def wait_for_restart(self, after: float = 0.0, timeout: float = 60.0) -> float:
        """Waits for a `restart` from the app that arrived after `after`; returns when it came."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while True:
                found = [at for at in self.restarts if at >= after]
                if found:
                    return found[0]
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    kinds = [signal.get("kind") for _, signal in self.signals]
                    raise AssertionError(f"the app sent no restart in time; its signals: {kinds}")
                self._lock.wait(min(remaining, 0.5))

    def wait_for_negotiation(self, negotiation: int, timeout: float = 60.0) -> VideoReceiver:
        """The receiver of `negotiation` once the app answered it."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while not any(number == negotiation for number, _ in self.answers):
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise AssertionError(f"the app did not answer negotiation {negotiation}; "
                                         f"answers {[number for number, _ in self.answers]}")
                self._lock.wait(min(remaining, 0.5))
            return self.receivers[negotiation - 1]

    def raise_failure(self) -> None:
        if self.failures:
            raise self.failures[0]

    def close(self) -> None:
        """Closes every receiver; signals that still come are dropped."""
        with self._lock:
            self._closed = True
            receivers = list(self.receivers)
        self._work.put(None)
        for receiver in receivers:
            receiver.close()
        if self.agent.on_screen_signal == self._arrived:
            self.agent.on_screen_signal = None

    # ------------------------------------------------------------ the app's signals

    def _arrived(self, body: dict[str, Any]) -> None:
        """On the agent's reading thread: queued, so that GStreamer's waits never hold up the socket."""
        if body.get("sessionId") == self.session_id and body.get("requestId") == self.request_id:
            self._work.put(body.get("signal", {}))

    def _run(self) -> None:
        while True:
            signal = self._work.get()
            if signal is None:
                return
            try:
                self._handle(signal)
            except Exception as failure:   # noqa: BLE001 - kept for the test thread
                with self._lock:
                    self.failures.append(failure)
                    self._lock.notify_all()

    def _handle(self, signal: dict[str, Any]) -> None:
        now = time.time()
        kind = signal.get("kind")
        with self._lock:
            if self._closed:
                return
            self.signals.append((now, signal))
            negotiation = self.negotiation
            receiver = self.receivers[negotiation - 1] if negotiation else None
        if kind == "restart":
            with self._lock:
                self.restarts.append(now)
                self._lock.notify_all()
            if self.reoffer:
                self.offer()
            return
        if receiver is None or signal.get("negotiation") != negotiation:
            return   # of an older negotiation than the newest: dropped (§13.3)
        if kind == "answer":
            receiver.set_answer(signal["sdp"])
            with self._lock:
                self.answers.append((negotiation, signal["sdp"]))
                self._lock.notify_all()
        elif kind == "candidate":
            receiver.add_candidate(signal.get("sdpMLineIndex", 0), signal.get("candidate", ""))

    def _local_candidate(self, negotiation: int, index: int, candidate: str) -> None:
        """On webrtcbin's thread: sent once the offer it belongs to has gone."""
        with self._lock:
            if self._closed or negotiation != self.negotiation:
                return
            if negotiation not in self._sent:
                self._held.setdefault(negotiation, []).append((index, candidate))
                return
        self._send_candidate(negotiation, index, candidate)

    def _send_candidate(self, negotiation: int, index: int, candidate: str) -> None:
        self.agent.send_screen_signal(self.session_id, self.request_id,
                                      {"kind": "candidate", "negotiation": negotiation, "sdpMLineIndex": index,
                                       "candidate": candidate})
