#!/usr/bin/python3
"""The "Screen share" figures for `./build.sh bench`: the real assist-desktop sharing the whole
1280×720 monitor of a headless GNOME session (mutter) with a scripted agent through a live
assist-server on loopback, as in test_screen_share.py, over both of its transports one after the
other in the same share — the co-browse tile path, then the video track (docs/protocol.md §13.5) —
against a bare VP8 encode of the same screen measured in the same run.

- Glass-to-glass latency: pattern_window.py (800×500) changes colour `--changes` times, 0.45–0.6 s
  apart. From the moment the window drew the new colour (its own "color" event, wall clock, ms)
  to the arrival at the agent of the relayed frame after which the agent's picture (every frame
  drawn in order, agent_picture.py, after the run) holds the new colour over ≥ 90 % of the window.
  Then the agent offers the share's video track (screen_video.py: a receive-only VP8 webrtcbin in
  this process, video_receiver.py) and as many changes are timed to the decoded picture (dated at
  its appsink) that holds the colour over ≥ 90 % of the window, within VIDEO_TOLERANCE.
  The same changes are then timed up to the desktop's own stream (screen_cast_probe.py watch: a
  consumer of mutter's stream that does no work), the floor no consumer can beat.
- Bytes and frames per second the agent receives over `--seconds` while nothing changes, while
  scrolling_text.py (800×500) adds 20 lines a second, and while moving_picture.py (800×500) plays
  its 30 frames/s "video": on the tile path the relayed ACR2 frames (WebSocket framing not counted),
  over the track the RTP payload bytes (counted before the depayloader, as getStats' bytesReceived)
  and the pictures decoded.
- CPU of the app process (utime + stime, /proc/PID/stat, all its threads) in each case and on each
  transport, of mutter, of the server, of this script (the agent, and over the track its decoder),
  and of the machine's other work (/proc/stat's busy time less this benchmark's processes: what a
  shared machine adds); then, the app's share stopped, the same three contents through
  screen_cast_probe.py vp8 (a bare `pipewiresrc ! videoconvert ! vp8enc ! fakesink` on its own
  recording of the monitor, vp8enc set as the app's screen track sets it, `--vp8-options`): its
  CPU, encoded bytes and frames per second.

Writes JSON to `--output` for `assist-bench --screen-results`, which writes the report's "Screen
share" section with both transports (Sources/AssistBench/ScreenShareSection.swift); a summary on
stdout; progress goes to stderr. Run as root with Debian's /usr/bin/python3, outside any X display;
the session runs as the unprivileged user `assist-bench`, so it never touches the test suite's
`assist-portal` sessions. ASSIST_SERVER_BIN and ASSIST_DESKTOP_BIN name the binaries (default: the
debug build).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import struct
import time
from pathlib import Path

import gi

gi.require_version("Gdk", "4.0")
gi.require_version("GdkPixbuf", "2.0")
from gi.repository import Gdk, GdkPixbuf  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1] / "Tests" / "ui"))

from agent_picture import AgentPicture  # noqa: E402
from gnome_session import PYTHON, GnomeSession  # noqa: E402
from screen_video import AgentVideo  # noqa: E402
from test_screen_share import (  # noqa: E402
    DESKTOP_BIN, SERVER_BIN, Server, portal, press, quiet_picture_count, wait_for_portal_dialog,
    wait_until_no_stream)
from test_screen_video import chatting  # noqa: E402  (the agent on version 3, for the video track)

USER = "assist-bench"
WAYLAND_DISPLAY = "wayland-bench"
PALETTE = ("#ff00ff", "#00c040", "#2040ff", "#ffc000")
WINDOW = "800x500"
HOLDS = 0.9            # share of the window that must show the new colour
TOLERANCE = 4
PNG_TILE = 1           # a tile's encoding: 1 PNG, 2 solid (agent_picture.py)
SETTLE = 2.0           # seconds after a window's first frame before measuring
VIDEO_TOLERANCE = 24   # the decoded video is VP8 through I420: near the colour, not exactly it
# The encoder settings the app's screen track sends with (Sources/AssistCall/CallPipelineDescription.swift,
# videoEncoder(for: .pictures)), so that the baseline encodes as the app does. `--vp8-options deadline=1`
# gives vp8enc's own defaults.
SCREEN_VP8_OPTIONS = "deadline=1 cpu-used=4 target-bitrate=2500000 keyframe-max-dist=300 threads=2"
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")


def log(text: str) -> None:
    """A progress line on stderr."""
    print(f"[{time.strftime('%H:%M:%S')}] {text}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------- the machine and its processes

def machine() -> dict:
    """Processor model, usable cores, memory and system, as the report prints them."""
    model = next((line.split(":", 1)[1].strip() for line in Path("/proc/cpuinfo").read_text().splitlines()
                  if line.startswith("model name")), "unknown processor")
    memory_kib = next(int(line.split()[1]) for line in Path("/proc/meminfo").read_text().splitlines()
                      if line.startswith("MemTotal:"))
    release = dict(line.split("=", 1) for line in Path("/etc/os-release").read_text().splitlines() if "=" in line)
    return {"processor": model, "cores": len(os.sched_getaffinity(0)), "memoryGiB": round(memory_kib / 1048576, 1),
            "system": release.get("PRETTY_NAME", "Linux").strip('"')}


def cpu_seconds(pid: int) -> float:
    """User + system time of the process (all its threads) so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS


def machine_busy_seconds() -> float:
    """CPU seconds every core of the machine has spent not idle (nor waiting for I/O) so far (/proc/stat)."""
    fields = [int(v) for v in Path("/proc/stat").read_text().splitlines()[0].split()[1:]]
    return (sum(fields[:8]) - fields[3] - fields[4]) / CLOCK_TICKS


def load_average() -> float:
    """The machine's one-minute load average."""
    return float(Path("/proc/loadavg").read_text().split()[0])


class Agent:
    """The scripted agent's relayed frames, dated, and a picture drawn from them on demand."""

    def __init__(self, scripted) -> None:
        self.scripted = scripted
        self.picture = AgentPicture()
        self.applied = 0

    def frames(self) -> list[tuple[float, bytes]]:
        return self.scripted.dated_pictures()

    def draw_all(self) -> None:
        """Draws every frame received so far onto the picture."""
        frames = self.frames()
        for _, frame in frames[self.applied:]:
            self.picture.apply_relayed(frame)
        self.applied = len(frames)

    def wait_quiet(self, quiet: float = 1.5, timeout: float = 30.0) -> None:
        """Returns once no frame has come for `quiet` seconds."""
        quiet_picture_count(self.scripted, quiet, timeout)

    def traffic(self, start: float, end: float) -> tuple[float, float]:
        """Bytes and frames per second that arrived between `start` and `end` (wall clock)."""
        inside = [len(frame) for at, frame in self.frames() if start <= at < end]
        return sum(inside) / (end - start), len(inside) / (end - start)


def rgb(colour: str) -> tuple[int, int, int]:
    """"#rrggbb" as (r, g, b)."""
    return tuple(int(colour.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))


def share_of(picture: AgentPicture, points, colour: tuple[int, int, int]) -> float:
    """The share of `points` of the agent's picture within TOLERANCE of `colour`."""
    px, w = picture.pixels, picture.width
    hit = 0
    for x, y in points:
        i = (y * w + x) * 4
        if abs(px[i] - colour[0]) <= TOLERANCE and abs(px[i + 1] - colour[1]) <= TOLERANCE \
                and abs(px[i + 2] - colour[2]) <= TOLERANCE:
            hit += 1
    return hit / len(points)


def window_rect(picture: AgentPicture, colour: tuple[int, int, int]) -> tuple[int, int, int, int]:
    """Bounding box (x, y, w, h) of the pixels of `colour` in the picture (every 4th pixel)."""
    xs, ys = [], []
    for y in range(0, picture.height, 4):
        for x in range(0, picture.width, 4):
            if share_of(picture, ((x, y),), colour) == 1.0:
                xs.append(x)
                ys.append(y)
    if not xs:
        raise RuntimeError("the pattern window is not in the agent's picture")
    return min(xs), min(ys), max(xs) - min(xs) + 4, max(ys) - min(ys) + 4


def grid(rect, step: int, inset: int = 8) -> list[tuple[int, int]]:
    """Points every `step` pixels inside `rect` (x, y, w, h), `inset` from its edges."""
    x, y, w, h = rect
    return [(px, py) for py in range(y + inset, y + h - inset, step) for px in range(x + inset, x + w - inset, step)]


# ---------------------------------------------------------------- processes in the session

class Events:
    """A JSON-lines file a process in the session appends to."""

    def __init__(self, session: GnomeSession, name: str) -> None:
        self.path = Path(session.tmp_dir) / f"{name}-{time.monotonic_ns()}.jsonl"

    def read(self) -> list[dict]:
        try:
            return [json.loads(line) for line in self.path.read_text().splitlines() if line.strip()]
        except FileNotFoundError:
            return []

    def wait(self, pred, what: str, timeout: float = 20.0) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            found = [e for e in self.read() if pred(e)]
            if found:
                return found[0]
            if time.monotonic() > deadline:
                raise RuntimeError(f"no {what} within {timeout:.0f} s in {self.path}")
            time.sleep(0.05)


def stop(process: subprocess.Popen) -> None:
    """SIGTERM to one process we started, SIGKILL to its group after 5 s."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(5)


def spawn_content(session: GnomeSession, script: str) -> tuple[subprocess.Popen, Events]:
    """One of the content windows, shown; returns it once its first frame is drawn."""
    events = Events(session, Path(script).stem)
    process = session.spawn([PYTHON, str(HERE / script), "--size", WINDOW, "--events", str(events.path)])
    events.wait(lambda e: e.get("event") == "ready", f"first frame of {script}")
    return process, events


def rate(events: Events, key: str, start: float, end: float) -> float:
    """Per second growth of the counter `key` of a content window over [start, end]."""
    marks = [(e["t"], e[key]) for e in events.read() if key in e]
    inside = [m for m in marks if start <= m[0] <= end + 1.0]
    before = [m for m in marks if m[0] < start]
    if not inside or not before:
        return 0.0
    (t0, n0), (t1, n1) = before[-1], inside[-1]
    return (n1 - n0) / (t1 - t0) if t1 > t0 else 0.0


class Meter:
    """CPU over a stretch of time (percent of one core): of named processes, and of the work on the machine
    that is not this benchmark's ("others": every core's busy time less that of the session's processes,
    the server and this script), which a shared machine adds."""

    def __init__(self, session: GnomeSession, server_pid: int) -> None:
        self.session, self.server_pid = session, server_pid

    def _ours(self) -> dict[int, float]:
        found = {}
        for pid in set(self.session.session_pids()) | {self.server_pid, os.getpid()}:
            try:
                found[pid] = cpu_seconds(pid)
            except (OSError, IndexError):
                pass
        return found

    def during(self, step, pids: dict[str, int]):
        """Runs `step()`; returns its result, the wall-clock start and end, and the CPU figures."""
        named = {name: cpu_seconds(pid) for name, pid in pids.items()}
        ours, busy = self._ours(), machine_busy_seconds()
        start, began = time.time(), time.monotonic()
        result = step()
        elapsed = time.monotonic() - began
        busy, ours_after = machine_busy_seconds() - busy, self._ours()
        figures = {name: (cpu_seconds(pid) - named[name]) / elapsed * 100 for name, pid in pids.items()}
        mine = sum(ours_after[pid] - ours[pid] for pid in ours if pid in ours_after)
        figures["others"] = max(busy - mine, 0.0) / elapsed * 100
        return result, start, start + elapsed, figures

    def measure(self, pids: dict[str, int], seconds: float):
        """The CPU figures over `seconds` of waiting; returns (start, end, figures)."""
        _, start, end, figures = self.during(lambda: time.sleep(seconds), pids)
        return start, end, figures


# ---------------------------------------------------------------- the steps

def change_colours(pattern, changes: int, jitter: random.Random) -> list[tuple[float, dict]]:
    """Cycles the pattern window's colour `changes` times; each change's signal time and its drawn event."""
    known = len(pattern.events())
    sent = []
    for _ in range(changes):
        sent.append(time.time())
        pattern.next_colour()
        time.sleep(0.45 + jitter.random() * 0.15)
    time.sleep(1.0)
    drawn = [e for e in pattern.events()[known:] if e.get("event") == "color"]
    if len(drawn) != changes:
        raise RuntimeError(f"the pattern window drew {len(drawn)} colour changes, not {changes}")
    return list(zip(sent, drawn))


def match_changes(changes, observations) -> tuple[list[float], int]:
    """Milliseconds from each change being drawn to the first observation that holds its colour.

    `observations` yields (wall-clock time, holds) in arrival order, `holds(colour)` telling whether
    what was observed then shows "#rrggbb". An observation is matched to the latest change drawn
    before it whose colour it holds; earlier changes not matched by then were never seen (missed).
    """
    latencies, missed, pending = [], 0, 0
    for at, holds in observations:
        drawn = [i for i in range(pending, len(changes)) if changes[i][1]["t"] <= at + 0.002]
        for i in reversed(drawn):
            if holds(changes[i][1]["color"]):
                latencies.append(round((at - changes[i][1]["t"]) * 1000, 1))
                missed += i - pending
                pending = i + 1
                break
        if pending == len(changes):
            break
    return latencies, missed + len(changes) - pending


def agent_latencies(agent: Agent, changes, points) -> tuple[list[float], int]:
    """Drawn-to-agent milliseconds per change: the frames that came after the changes began, drawn in order."""
    frames = agent.frames()

    def observations():
        for at, frame in frames[agent.applied:]:
            agent.picture.apply_relayed(frame)
            agent.applied += 1
            yield at, lambda colour: share_of(agent.picture, points, rgb(colour)) >= HOLDS

    found = match_changes(changes, observations())
    agent.draw_all()
    return found


def capture_latencies(watch: Events, changes, count: int) -> tuple[list[float], int]:
    """Drawn-to-stream milliseconds per change, from screen_cast_probe.py watch's lines."""
    seen = [e for e in watch.read() if "colors" in e]
    return match_changes(changes, ((e["t"], lambda colour, e=e: sum(c == colour for c in e["colors"]) >= HOLDS * count)
                                   for e in seen))


def vp8_traffic(lines: Events, start: float, end: float) -> tuple[float, float]:
    """Encoded bytes and frames per second between `start` and `end`, from screen_cast_probe.py vp8's lines."""
    inside = [e["bytes"] for e in lines.read() if "bytes" in e and start <= e["t"] < end]
    return sum(inside) / (end - start), len(inside) / (end - start)


def tiles(relayed: bytes):
    """(encoding, payload) of each tile of a relayed frame (ACR2 around ACF2, docs/protocol.md §12.4)."""
    frame = relayed[5 + relayed[4]:]
    count = struct.unpack(">H", frame[13:15])[0]
    offset = 15
    for _ in range(count):
        encoding, size = struct.unpack(">BI", frame[offset + 8:offset + 13])
        offset += 13
        yield encoding, frame[offset:offset + size]
        offset += size


def png_floor(frames: list[tuple[float, bytes]], start: float, end: float, sample: int = 8) -> dict:
    """The PNG tiles of up to `sample` frames that arrived in [start, end), re-encoded with GTK's PNG encoder
    (gdk_texture_save_to_png_bytes, the app's PNGTileEncoder): milliseconds of one core per frame for the
    encoding alone, whatever the build of the app."""
    inside = [frame for at, frame in frames if start <= at < end]
    picked = [inside[i * len(inside) // sample] for i in range(sample)] if len(inside) > sample else inside
    encode_seconds, tile_count, png_count = 0.0, 0, 0
    for frame in picked:
        for encoding, payload in tiles(frame):
            tile_count += 1
            if encoding != PNG_TILE:
                continue
            png_count += 1
            loader = GdkPixbuf.PixbufLoader.new_with_type("png")
            loader.write(payload)
            loader.close()
            pixbuf = loader.get_pixbuf()
            if not pixbuf.get_has_alpha():
                pixbuf = pixbuf.add_alpha(False, 0, 0, 0)
            texture = Gdk.MemoryTexture.new(pixbuf.get_width(), pixbuf.get_height(), Gdk.MemoryFormat.R8G8B8A8,
                                            pixbuf.read_pixel_bytes(), pixbuf.get_rowstride())
            began = time.perf_counter()
            texture.save_to_png_bytes()
            encode_seconds += time.perf_counter() - began
    n = max(len(picked), 1)
    return {"framesSampled": len(picked), "tilesPerFrame": round(tile_count / n, 1),
            "pngTilesPerFrame": round(png_count / n, 1),
            "encodeMillisecondsPerFrame": round(encode_seconds * 1000 / n, 1)}


def share_the_screen(session: GnomeSession, server: Server):
    """The app chatting with the agent and sharing the monitor, the pattern window on it; returns the
    scripted agent, the session and request ids, the app, the agent's dated frames, the pattern window
    and where it shows in the agent's picture."""
    scripted, session_id, assignment, app = chatting(session, server)
    if assignment.get("screenVideo") is not True:
        raise RuntimeError(f"the app does not offer the screen as a video track: {assignment}")
    agent = Agent(scripted)
    log("chatting; asking for the screen")
    request = scripted.request_screen_share(session_id, scope="screen")
    press(session, "Choose What to Share…")
    wait_for_portal_dialog(session)
    portal(session, "share")
    answer = scripted.expect("consumerAnswered", lambda body: body["requestId"] == request)
    if not (answer["accepted"] and answer.get("shared") == "monitor"):
        raise RuntimeError(f"the share was not accepted as the monitor: {answer}")
    pattern = session.spawn_pattern_window("Screen bench pattern", colours=PALETTE, size=WINDOW)
    deadline = time.monotonic() + 30
    while True:
        agent.draw_all()
        if agent.picture.width and agent.picture.count(rgb(PALETTE[0]), TOLERANCE) > 300_000:
            break
        if time.monotonic() > deadline:
            raise RuntimeError("the agent never saw the pattern window")
        time.sleep(0.3)
    agent.wait_quiet()
    agent.draw_all()
    rect = window_rect(agent.picture, rgb(PALETTE[0]))
    log(f"sharing; the pattern window is at {rect} in the agent's picture")
    return scripted, session_id, request, app, agent, pattern, rect


def measure_share(session, meter, agent, pids, options, windows) -> dict:
    """Traffic and CPU of the app's share for each content; `windows` gets each one's measured seconds."""
    cases = {}
    agent.wait_quiet()
    start, end, cpu = meter.measure(pids, options.seconds)
    cases["idle"] = {"content": 0.0, "app": case_figures(agent.traffic(start, end), cpu)}
    log(f"idle: {cases['idle']['app']}")
    for name, script, key in (("scrolling", "scrolling_text.py", "lines"), ("video", "moving_picture.py", "drawn")):
        process, events = spawn_content(session, script)
        time.sleep(SETTLE)
        start, end, cpu = meter.measure(pids, options.seconds)
        cases[name] = {"content": round(rate(events, key, start, end), 1),
                       "app": case_figures(agent.traffic(start, end), cpu)}
        windows[name] = (start, end)
        stop(process)
        log(f"{name}: {cases[name]}")
        agent.wait_quiet(timeout=20)
    return cases


class TrackColours:
    """Dates the decoded video's pictures by which palette colour holds the pattern window (an observer of
    the receiver, on its streaming thread): one (arrival time, colours holding ≥ HOLDS) per picture."""

    def __init__(self, points) -> None:
        self.points = points
        self.seen: list[tuple[float, frozenset]] = []

    def __call__(self, picture) -> None:
        held = frozenset(colour for colour in PALETTE
                         if picture.share(self.points, rgb(colour), VIDEO_TOLERANCE) >= HOLDS)
        self.seen.append((picture.at, held))


def share_over_the_track(scripted, session_id, request, pattern, rect):
    """The agent offers the share's video track (§13.5) and waits until it is connected and its decoded
    picture shows the pattern window's colour; returns the track, its receiver and the milliseconds from
    the offer to connected and to that first picture."""
    colour = next(e["color"] for e in reversed(pattern.events()) if "color" in e)
    points = grid(rect, 16)
    video = AgentVideo(scripted, session_id, request)
    offered = time.time()
    receiver = video.offer()
    try:
        receiver.wait_for_state(("connected", "completed"), timeout=30)
    except AssertionError as failure:
        raise RuntimeError(f"{failure}; the agent's errors: {scripted.received('error')}") from failure
    connected = next((at for at, ice, peer in receiver.states if peer == "connected"), time.time())
    first = receiver.wait_for_picture(lambda picture: picture.share(points, rgb(colour), VIDEO_TOLERANCE) >= HOLDS,
                                      "the pattern window", timeout=30)
    log(f"the video track is connected after {(connected - offered) * 1000:.0f} ms, "
        f"its first picture after {(first.at - offered) * 1000:.0f} ms")
    return video, receiver, {"offerToConnectedMilliseconds": round((connected - offered) * 1000, 1),
                             "offerToPictureMilliseconds": round((first.at - offered) * 1000, 1)}


def track_latencies(colours: TrackColours, changes) -> tuple[list[float], int]:
    """Drawn-to-decoded milliseconds per change, from the pictures `colours` dated."""
    return match_changes(changes, ((at, lambda colour, held=held: colour in held) for at, held in list(colours.seen)))


def wait_track_quiet(agent: Agent, receiver, quiet: float = 1.5, timeout: float = 30.0) -> None:
    """Returns once neither an RTP packet nor a tile frame has come for `quiet` seconds."""
    deadline = time.monotonic() + timeout
    mark, since = (receiver.counters.packets, len(agent.frames())), time.monotonic()
    while time.monotonic() - since < quiet:
        if time.monotonic() > deadline:
            raise RuntimeError("the video track never went quiet")
        time.sleep(0.1)
        now = (receiver.counters.packets, len(agent.frames()))
        if now != mark:
            mark, since = now, time.monotonic()


def measure_track(session, meter, agent, receiver, pids, options) -> dict:
    """Traffic and CPU of the app's share over the video track for each content."""
    cases = {}
    for name, script, key in (("idle", None, None), ("scrolling", "scrolling_text.py", "lines"),
                              ("video", "moving_picture.py", "drawn")):
        process = events = None
        if script:
            process, events = spawn_content(session, script)
            time.sleep(SETTLE)
        else:
            wait_track_quiet(agent, receiver)
        start, end, cpu = meter.measure(pids, options.seconds)
        byte_rate, packet_rate, picture_rate = receiver.traffic(start, end)
        tile_bytes, tile_frames = agent.traffic(start, end)
        cases[name] = {"content": round(rate(events, key, start, end), 1) if events else 0.0,
                       "bytesPerSecond": round(byte_rate), "packetsPerSecond": round(packet_rate, 1),
                       "framesPerSecond": round(picture_rate, 2), "tileBytesPerSecond": round(tile_bytes),
                       "tileFramesPerSecond": round(tile_frames, 2), "cpuPercent": round(cpu["app"], 1),
                       "compositorCpuPercent": round(cpu["compositor"], 1),
                       "serverCpuPercent": round(cpu["server"], 1), "agentCpuPercent": round(cpu["agent"], 1),
                       "othersCpuPercent": round(cpu["others"], 1)}
        if process:
            stop(process)
            wait_track_quiet(agent, receiver, timeout=20)
        log(f"track {name}: {cases[name]}")
    return cases


def stream_latencies(session, meter, pattern, rect, options, jitter):
    """The colour changes timed up to the desktop's own stream (screen_cast_probe.py watch)."""
    watch = Events(session, "watch")
    points = grid(rect, max(1, (min(rect[2], rect[3]) - 16) // 4))
    probe = session.spawn([PYTHON, str(HERE / "screen_cast_probe.py"), "watch", "--out", str(watch.path),
                           "--points", ";".join(f"{x},{y}" for x, y in points)])
    try:
        watch.wait(lambda e: "colors" in e, "first frame of the watch")
        time.sleep(0.5)
        changes, _, _, cpu = meter.during(lambda: change_colours(pattern, options.changes, jitter), {})
        return capture_latencies(watch, changes, len(points)), cpu["others"]
    finally:
        stop(probe)


def measure_vp8(session, meter, cases, pids, options) -> str:
    """The bare VP8 encode of each content (screen_cast_probe.py vp8), into `cases`; returns its pipeline."""
    lines = Events(session, "vp8")
    probe = session.spawn([PYTHON, str(HERE / "screen_cast_probe.py"), "vp8", "--out", str(lines.path),
                           "--options", options.vp8_options])
    try:
        started = lines.wait(lambda e: e.get("event") == "started", "start of the VP8 pipeline")
        lines.wait(lambda e: "bytes" in e, "first VP8 frame")
        pids = dict(pids, vp8=started["pid"])
        time.sleep(SETTLE)
        for name, script, key in (("idle", None, None), ("scrolling", "scrolling_text.py", "lines"),
                                  ("video", "moving_picture.py", "drawn")):
            process = events = None
            if script:
                process, events = spawn_content(session, script)
                time.sleep(SETTLE)
            start, end, cpu = meter.measure(pids, options.seconds)
            byte_rate, frame_rate = vp8_traffic(lines, start, end)
            cases[name]["vp8"] = {"bytesPerSecond": round(byte_rate), "framesPerSecond": round(frame_rate, 2),
                                  "cpuPercent": round(cpu["vp8"], 1),
                                  "compositorCpuPercent": round(cpu["compositor"], 1),
                                  "appNotSharingCpuPercent": round(cpu["app"], 1),
                                  "othersCpuPercent": round(cpu["others"], 1)}
            if process:
                cases[name]["vp8Content"] = round(rate(events, key, start, end), 1)
                stop(process)
                time.sleep(1.0)
            log(f"vp8 {name}: {cases[name]['vp8']}")
        return started["pipeline"]
    finally:
        stop(probe)


def measure(session: GnomeSession, server: Server, options) -> dict:
    """Every figure but the machine's: the app's share on the tile path, then over the video track, then
    the desktop's floor, then the VP8 baseline."""
    compositor = session.component_pid("compositor")
    scripted, session_id, request, app, agent, pattern, rect = share_the_screen(session, server)
    meter = Meter(session, server.process.pid)
    jitter = random.Random(5)
    changes, _, _, cpu = meter.during(lambda: change_colours(pattern, options.changes, jitter), {})
    others_to_agent = cpu["others"]
    to_agent, missed = agent_latencies(agent, changes, grid(rect, 16))
    log(f"latency to the agent: {len(to_agent)} changes timed, {missed} missed")
    windows = {}
    pids = {"app": app.pid, "compositor": compositor, "server": server.process.pid, "agent": os.getpid()}
    cases = measure_share(session, meter, agent, pids, options, windows)

    log("offering the video track")
    video, receiver, negotiation = share_over_the_track(scripted, session_id, request, pattern, rect)
    colours = receiver.observer = TrackColours(grid(rect, 16))
    tiles_before = len(agent.frames())
    track_changes, _, _, cpu = meter.during(lambda: change_colours(pattern, options.changes, jitter), {})
    others_to_track = cpu["others"]
    receiver.observer = None
    to_track, track_missed = track_latencies(colours, track_changes)
    log(f"latency over the track: {len(to_track)} changes timed, {track_missed} missed, "
        f"{len(agent.frames()) - tiles_before} tile frames meanwhile")
    track_cases = measure_track(session, meter, agent, receiver, pids, options)
    track = {"negotiation": negotiation,
             "latency": {"changes": options.changes, "missed": track_missed, "drawnToAgentMilliseconds": to_track,
                         "signalToDrawnMilliseconds": [round((drawn["t"] - sent) * 1000, 1)
                                                       for sent, drawn in track_changes],
                         "othersCpuPercentToAgent": round(others_to_track, 1),
                         "tileFramesMeanwhile": len(agent.frames()) - tiles_before},
             "keyframes": len(receiver.counters.keyframe_times),
             "keyframesRequested": receiver.counters.keyframes_requested,
             "restarts": len(video.restarts), "cases": track_cases}
    scripted.stop_share(session_id, request)
    wait_until_no_stream(session)
    agent.draw_all()
    log("the app's share stopped; timing the desktop's own stream")
    (to_stream, stream_missed), others_to_stream = stream_latencies(session, meter, pattern, rect, options, jitter)
    log(f"latency to the stream: {len(to_stream)} timed, {stream_missed} missed")
    video.close()
    pipeline = measure_vp8(session, meter, cases, {"compositor": compositor, "app": app.pid}, options)
    scripted.close()
    frames = agent.frames()
    for name, (start, end) in windows.items():   # after every measurement: it takes a core for seconds
        cases[name]["png"] = png_floor(frames, start, end)
    return {
        "window": {"x": rect[0], "y": rect[1], "width": rect[2], "height": rect[3]},
        "latency": {"changes": options.changes, "missed": missed, "drawnToAgentMilliseconds": to_agent,
                    "signalToDrawnMilliseconds": [round((drawn["t"] - sent) * 1000, 1) for sent, drawn in changes],
                    "drawnToStreamMilliseconds": to_stream, "streamMissed": stream_missed,
                    "othersCpuPercentToAgent": round(others_to_agent, 1),
                    "othersCpuPercentToStream": round(others_to_stream, 1)},
        "cases": cases,
        "videoTrack": track,
        "vp8Pipeline": pipeline,
    }


def case_figures(traffic: tuple[float, float], cpu: dict[str, float]) -> dict:
    """The app's figures for one content, as the JSON has them."""
    return {"bytesPerSecond": round(traffic[0]), "framesPerSecond": round(traffic[1], 2),
            "cpuPercent": round(cpu["app"], 1), "compositorCpuPercent": round(cpu["compositor"], 1),
            "serverCpuPercent": round(cpu["server"], 1), "agentCpuPercent": round(cpu["agent"], 1),
            "othersCpuPercent": round(cpu["others"], 1)}


def vp8_target_bitrate(properties: str) -> int:
    """The baseline's target-bitrate: from its properties, else vp8enc's default (gst-inspect-1.0)."""
    for word in properties.split():
        if word.startswith("target-bitrate="):
            return int(word.split("=", 1)[1])
    lines = subprocess.run(["gst-inspect-1.0", "vp8enc"], capture_output=True, text=True, timeout=20).stdout.splitlines()
    for i, line in enumerate(lines):
        if line.strip().startswith("target-bitrate"):
            for follow in lines[i + 1:i + 4]:
                if "Default:" in follow:
                    return int(follow.split("Default:")[1].split()[0])
    return 0


def percentile(values: list[float], fraction: float) -> float:
    """Nearest rank, as assist-bench's LatencySample."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(int(-(-fraction * len(ordered) // 1)) - 1, 0)
    return ordered[min(rank, len(ordered) - 1)]


def summary(result: dict) -> str:
    """The figures as a few lines for a person."""
    lat = result["latency"]
    track = result.get("videoTrack")
    rows = [f"Screen share ({result['build']} build), {result['machine']['processor']}, "
            f"{result['machine']['cores']} cores, {result['date']}",
            f"glass-to-glass, tile path (drawn -> agent): p50 {percentile(lat['drawnToAgentMilliseconds'], 0.5):.0f} ms, "
            f"p95 {percentile(lat['drawnToAgentMilliseconds'], 0.95):.0f} ms "
            f"({len(lat['drawnToAgentMilliseconds'])} changes, {lat['missed']} missed)"]
    if track:
        timed = track["latency"]["drawnToAgentMilliseconds"]
        rows.append(f"glass-to-glass, video track (drawn -> decoded): p50 {percentile(timed, 0.5):.0f} ms, "
                    f"p95 {percentile(timed, 0.95):.0f} ms ({len(timed)} changes, {track['latency']['missed']} missed)")
    rows += [f"drawn -> desktop stream (floor): p50 {percentile(lat['drawnToStreamMilliseconds'], 0.5):.0f} ms, "
             f"p95 {percentile(lat['drawnToStreamMilliseconds'], 0.95):.0f} ms",
             f"{'case':<10} {'tiles B/s':>10} {'f/s':>5} {'CPU':>5} {'track B/s':>10} {'f/s':>5} {'CPU':>5} "
             f"{'VP8 B/s':>10} {'f/s':>5} {'CPU':>5} {'tiles/VP8':>9} {'track/VP8':>9}"]
    for name, case in result["cases"].items():
        app, vp8 = case["app"], case["vp8"]
        over = track["cases"][name] if track else {"bytesPerSecond": 0, "framesPerSecond": 0.0, "cpuPercent": 0.0}
        rows.append(f"{name:<10} {app['bytesPerSecond']:>10,} {app['framesPerSecond']:>5.1f} {app['cpuPercent']:>4.0f}% "
                    f"{over['bytesPerSecond']:>10,} {over['framesPerSecond']:>5.1f} {over['cpuPercent']:>4.0f}% "
                    f"{vp8['bytesPerSecond']:>10,} {vp8['framesPerSecond']:>5.1f} {vp8['cpuPercent']:>4.0f}% "
                    f"{ratio_text(app['cpuPercent'], vp8['cpuPercent']):>9} "
                    f"{ratio_text(over['cpuPercent'], vp8['cpuPercent']):>9}")
    return "\n".join(rows)


def ratio_text(measured: float, baseline: float) -> str:
    """`measured` over `baseline` as 1.52×, or "n/a" when the baseline is 0."""
    return f"{measured / baseline:.2f}×" if baseline > 0 else "n/a"


def build_of(binary: Path) -> str:
    """"release" or "debug", from where the binary was built."""
    parts = binary.resolve().parts
    return "release" if "release" in parts else "debug" if "debug" in parts else "unknown"


def main() -> int:
    """Measures, writes the JSON, prints the summary."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, required=True, help="where to write the JSON figures")
    parser.add_argument("--changes", type=int, default=24, help="colour changes timed on each transport (default 24)")
    parser.add_argument("--seconds", type=float, default=10.0, help="seconds each case is measured (default 10)")
    parser.add_argument("--vp8-options", default=SCREEN_VP8_OPTIONS,
                        help=f"vp8enc's properties in the baseline (default: the app's screen track, "
                             f"{SCREEN_VP8_OPTIONS!r})")
    parser.add_argument("--time-limit", type=float, default=480.0, help="seconds before the run gives up")
    options = parser.parse_args()
    if os.geteuid() != 0:
        parser.error("run as root (the session runs as the user %s)" % USER)

    def too_long(*_):
        raise TimeoutError(f"the benchmark took more than {options.time_limit:.0f} s")

    signal.signal(signal.SIGALRM, too_long)
    signal.alarm(int(options.time_limit))
    began = datetime.datetime.now(datetime.timezone.utc)
    load_before = load_average()
    folder = Path(tempfile.mkdtemp(prefix="assist-screen-bench-"))
    log(f"logs in {folder}; {DESKTOP_BIN}, {SERVER_BIN}")
    server = Server(folder)
    try:
        with GnomeSession(log_dir=str(folder / "session-logs"), user=USER, wayland_display=WAYLAND_DISPLAY) as session:
            log(f"session up in {session.timings['total']:.1f} s")
            figures = measure(session, server, options)
            monitor = list(session.size)
    finally:
        server.stop()
        signal.alarm(0)
    result = {
        "build": build_of(DESKTOP_BIN), "desktopBinary": str(DESKTOP_BIN), "serverBinary": str(SERVER_BIN),
        "machine": machine(), "date": began.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "monitor": {"width": monitor[0], "height": monitor[1]},
        "compositor": subprocess.run(["mutter", "--version"], capture_output=True, text=True).stdout.splitlines()[0],
        "measureSeconds": options.seconds,
        "vp8Options": options.vp8_options,
        "vp8TargetBitrate": vp8_target_bitrate(options.vp8_options),
        "loadAverage": {"before": load_before, "after": load_average()},
        "durationSeconds": round((datetime.datetime.now(datetime.timezone.utc) - began).total_seconds(), 1),
        **figures,
    }
    options.output.write_text(json.dumps(result, indent=2) + "\n")
    print(summary(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
