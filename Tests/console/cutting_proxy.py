"""A TCP relay that cuts the WebSocket connections it carries at random points:
fault injection between a client (the console in Chromium, or the scripted
consumer) and assist-server.

Every connection is relayed byte for byte. While a cutting schedule runs, the
relay ends the live WebSocket connection at random moments, a bounded number
of times, in one of these ways:

- `rst`: both sides get a TCP reset (SO_LINGER 0, then close), nothing flushed;
- `fin`: both sides get an orderly end of stream (FIN), no WebSocket close frame;
- `mid-frame-rst`, `mid-frame-fin`: the next chunk in the chosen direction
  (towards the server or towards the client) is passed on only in part — a
  random prefix, which ends inside a WebSocket frame — and then the connection
  is reset or ended.

A cut may land at any point of a connection's life (it waits until the
connection is a random age, 0–3 s, and a quarter of the cuts go to the
connection that replaces the one just cut, within its first 0.3 s): in its
opening handshake, during `resume`/`welcome` and the replays, or in the
middle of the exchange. HTTP connections (the console's page and scripts)
are relayed and never cut. The relay runs on an asyncio loop in a thread of
its own and records every cut, so a test can report what was done; the same
seed gives the same schedule (the moments depend on the traffic too).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import random
import socket
import struct
import threading
import time
from dataclasses import dataclass, field

CUT_MODES = ("rst", "fin", "mid-frame-rst", "mid-frame-fin")
TO_SERVER = "to-server"
TO_CLIENT = "to-client"
WEBSOCKET_PATHS = (b"GET /v1/agent", b"GET /v1/consumer")
CHUNK = 65536
# A mid-frame cut waits this long for a chunk in its direction, then cuts where the stream stands.
MID_FRAME_PATIENCE = 2.0
# A cut waits this long for a live WebSocket connection (the client may be waiting to retry).
LIVE_CONNECTION_PATIENCE = 40.0
# Each cut lands when its connection is a random age between 0 and this many seconds: some in
# the opening handshake and `resume`/`welcome`, most later. A cut that comes due while its client
# is still reconnecting waits for that age too, so cuts do not pile onto handshakes, where each
# one lengthens the console's back-off (1, 2, 4, … s), and the run stays bounded.
MAXIMUM_AGE = 3.0
# After a cut, this share of the time the next cut goes to the connection that replaces it
# while it is at most this many seconds old: in its upgrade, `resume`, `welcome` or replay.
HANDSHAKE_SHARE = 0.25
HANDSHAKE_AGE = 0.3


@dataclass
class Cut:
    """One cut made: how, in which direction, how far into its connection, and when."""

    mode: str
    direction: str
    bytes_to_server: int
    bytes_to_client: int
    connection_age: float
    at: float  # seconds since the schedule started
    partial: bool  # a chunk was passed on only in part


@dataclass
class _Relay:
    client: asyncio.StreamWriter
    server: asyncio.StreamWriter
    opened_at: float
    websocket: bool | None = None  # None until the first bytes from the client tell
    bytes_to_server: int = 0
    bytes_to_client: int = 0
    ended: bool = False
    pending: tuple[str, str] | None = None  # a mid-frame cut's direction and ending
    done: asyncio.Event = field(default_factory=asyncio.Event)


class CuttingProxy:
    """Relays 127.0.0.1:(its port) to 127.0.0.1:`upstream_port` and cuts its
    WebSocket connections on a schedule (`start_cutting`). Until `upstream_port`
    is set, it refuses connections."""

    def __init__(self, name: str, seed: int, upstream_port: int | None = None) -> None:
        self.name = name
        self.upstream_port = upstream_port
        self.seed = seed
        self.cuts: list[Cut] = []
        self.skipped = 0  # cuts given up because no WebSocket connection was live in time
        self.connections = 0
        self.websockets = 0  # of the connections, those that opened a WebSocket (or began to)
        self._random = random.Random(seed)
        self._relays: list[_Relay] = []
        self._tasks: set[asyncio.Task] = set()
        self._relays_changed: asyncio.Event | None = None
        self._schedule: asyncio.Future | None = None
        self._schedule_started = 0.0
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name=f"cutting-proxy-{name}", daemon=True)
        self._thread.start()
        self._listener = self._call(self._listen())
        port = self._listener.sockets[0].getsockname()[1]
        self.url = f"http://127.0.0.1:{port}"

    # The test thread's side.

    def start_cutting(self, count: int, over_seconds: float) -> None:
        """Makes `count` cuts at random moments within `over_seconds` from now."""
        self._schedule = asyncio.run_coroutine_threadsafe(self._cut_on_schedule(count, over_seconds), self._loop)

    def wait_until_cut(self, timeout: float) -> None:
        """Waits for the schedule to finish (the last cut is made or given up)."""
        assert self._schedule is not None, "no cutting schedule was started"
        self._schedule.result(timeout=timeout)

    def close(self) -> None:
        """Stops the schedule, ends every relayed connection and the listener, and stops the loop."""
        if self._schedule is not None:
            self._schedule.cancel()
            try:
                self._schedule.result(timeout=5)
            except (concurrent.futures.CancelledError, concurrent.futures.TimeoutError):
                pass
        try:
            self._call(self._shut_down(), timeout=10)
        finally:
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout=10)
            if not self._thread.is_alive():
                self._loop.close()

    def summary(self) -> str:
        modes = {mode: sum(1 for cut in self.cuts if cut.mode == mode) for mode in CUT_MODES}
        directions = {d: sum(1 for cut in self.cuts if cut.direction == d) for d in (TO_SERVER, TO_CLIENT)}
        early = sum(1 for cut in self.cuts if cut.connection_age < 0.5)
        span = f"{self.cuts[0].at:.1f}–{self.cuts[-1].at:.1f} s" if self.cuts else "none"
        return (f"{self.name}: {len(self.cuts)} cuts at {span} (seed {self.seed}; {modes}; {directions}; "
                f"{sum(cut.partial for cut in self.cuts)} inside a chunk; {early} within 0.5 s of the connection "
                f"opening), {self.skipped} skipped; {self.connections} connections relayed, "
                f"{self.websockets} of them WebSocket")

    def _call(self, coroutine, timeout: float = 30):
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result(timeout=timeout)

    # The loop's side.

    async def _listen(self) -> asyncio.base_events.Server:
        self._relays_changed = asyncio.Event()
        return await asyncio.start_server(self._relay, "127.0.0.1", 0)

    async def _shut_down(self) -> None:
        self._listener.close()
        for relay in list(self._relays):
            self._end(relay, "fin")
        if self._tasks:
            await asyncio.wait(list(self._tasks), timeout=5)

    async def _relay(self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        try:
            if self.upstream_port is None:
                raise ConnectionRefusedError("no upstream yet")
            server_reader, server_writer = await asyncio.open_connection("127.0.0.1", self.upstream_port)
        except OSError:
            client_writer.transport.abort()
            return
        relay = _Relay(client=client_writer, server=server_writer, opened_at=time.monotonic())
        self._tasks.add(asyncio.current_task())
        self._relays.append(relay)
        self._changed()
        try:
            await asyncio.gather(
                self._pump(relay, TO_SERVER, client_reader, server_writer),
                self._pump(relay, TO_CLIENT, server_reader, client_writer))
        finally:
            self._end(relay, "fin")
            self._relays.remove(relay)
            self._tasks.discard(asyncio.current_task())
            self._changed()

    async def _pump(self, relay: _Relay, direction: str, reader: asyncio.StreamReader,
                    writer: asyncio.StreamWriter) -> None:
        try:
            while not relay.ended:
                data = await reader.read(CHUNK)
                if relay.ended:
                    return
                if not data:  # the peer ended its side: pass the FIN on, keep the other direction
                    if writer.can_write_eof() and not writer.is_closing():
                        writer.write_eof()
                    return
                if direction == TO_SERVER and relay.websocket is None:
                    relay.websocket = data.startswith(WEBSOCKET_PATHS)
                    self.websockets += relay.websocket
                    self._changed()
                if relay.pending is not None and relay.pending[0] == direction:
                    await self._cut_inside(relay, direction, data, writer)
                    return
                writer.write(data)
                if direction == TO_SERVER:
                    relay.bytes_to_server += len(data)
                else:
                    relay.bytes_to_client += len(data)
                await writer.drain()
        except (ConnectionError, OSError):
            self._end(relay, "fin")

    async def _cut_inside(self, relay: _Relay, direction: str, data: bytes, writer: asyncio.StreamWriter) -> None:
        """Passes on a random prefix of `data` (never all of it, at least one byte when it can), then cuts."""
        _, ending = relay.pending
        prefix = data[:self._random.randint(1, len(data) - 1)] if len(data) > 1 else b""
        if prefix:
            writer.write(prefix)
            try:
                await writer.drain()
            except (ConnectionError, OSError):
                pass
        if direction == TO_SERVER:
            relay.bytes_to_server += len(prefix)
        else:
            relay.bytes_to_client += len(prefix)
        self._record(relay, f"mid-frame-{ending}", direction, partial=True)
        self._end(relay, ending)

    async def _cut_on_schedule(self, count: int, over_seconds: float) -> None:
        self._schedule_started = time.monotonic()
        moments = sorted(self._random.uniform(0, over_seconds) for _ in range(count))
        in_handshake = False
        last_cut = 0.0
        for moment in moments:
            if in_handshake:  # the connection that replaces the one just cut, while it opens and resumes
                relay = await self._live_websocket(self._random.uniform(0.0, HANDSHAKE_AGE), newer_than=last_cut)
            else:
                await asyncio.sleep(max(0.0, self._schedule_started + moment - time.monotonic()))
                relay = await self._live_websocket(self._random.uniform(0.0, MAXIMUM_AGE))
            if relay is None:
                self.skipped += 1
                in_handshake = False
                continue
            await self._cut(relay)
            last_cut = time.monotonic()
            in_handshake = not in_handshake and self._random.random() < HANDSHAKE_SHARE

    async def _cut(self, relay: _Relay) -> None:
        mode = self._random.choice(CUT_MODES)
        direction = self._random.choice((TO_SERVER, TO_CLIENT))
        if mode in ("rst", "fin"):
            self._record(relay, mode, direction, partial=False)
            self._end(relay, mode)
            return
        relay.pending = (direction, mode.removeprefix("mid-frame-"))
        try:
            await asyncio.wait_for(relay.done.wait(), MID_FRAME_PATIENCE)
        except asyncio.TimeoutError:
            pass
        if not relay.ended:  # nothing came that way in time: cut where the stream stands
            relay.pending = None
            self._record(relay, mode, direction, partial=False)
            self._end(relay, mode.removeprefix("mid-frame-"))

    async def _live_websocket(self, age: float, newer_than: float = 0.0) -> _Relay | None:
        """The newest WebSocket connection still open (and opened after `newer_than`)
        once it is `age` seconds old, waiting for one if there is none."""
        deadline = time.monotonic() + LIVE_CONNECTION_PATIENCE
        assert self._relays_changed is not None
        while True:
            live = [relay for relay in self._relays
                    if relay.websocket and not relay.ended and relay.opened_at > newer_than]
            now = time.monotonic()
            if live and now - live[-1].opened_at >= age:
                return live[-1]
            remaining = deadline - now
            if remaining <= 0:
                return None
            if live:  # not old enough yet; wait for its age, or for it to end
                remaining = min(remaining, live[-1].opened_at + age - now)
            self._relays_changed.clear()
            try:
                await asyncio.wait_for(self._relays_changed.wait(), remaining)
            except asyncio.TimeoutError:
                pass

    def _record(self, relay: _Relay, mode: str, direction: str, partial: bool) -> None:
        now = time.monotonic()
        self.cuts.append(Cut(mode=mode, direction=direction, bytes_to_server=relay.bytes_to_server,
                             bytes_to_client=relay.bytes_to_client, connection_age=now - relay.opened_at,
                             at=now - self._schedule_started, partial=partial))

    def _end(self, relay: _Relay, ending: str) -> None:
        """Ends both sides of `relay`: `rst` resets them, `fin` ends them in order."""
        if relay.ended:
            return
        relay.ended = True
        relay.pending = None
        for writer in (relay.client, relay.server):
            if ending == "rst":
                raw = writer.get_extra_info("socket")
                if raw is not None:
                    try:
                        raw.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                    except OSError:
                        pass
                writer.transport.abort()
            else:
                writer.transport.close()
        relay.done.set()
        self._changed()

    def _changed(self) -> None:
        if self._relays_changed is not None:
            self._relays_changed.set()
