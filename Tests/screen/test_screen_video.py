"""A shared screen as a video track end to end (docs/protocol.md §13.5): the real
assist-desktop in a headless GNOME session with the ScreenCast portal, a live
assist-server on loopback, and a scripted agent on version 3 that plays the console's
part of the track with an in-process GStreamer `webrtcbin` (`screen_video.py`,
`video_receiver.py`) and decodes every picture it gets.

The person shares the monitor through Assist's prompt and the portal's dialog, as in
test_screen_share.py; the app's pictures go as tiles until the agent offers a
receive-only VP8 m-line. Then: the app answers, the test window's known colour shows
in the decoded video where the window lies, and every later colour change travels in
the video while not one tile frame comes; no decoded picture holds a pixel of the
composer the agent may not see (the canary, covered on the person's own screen); the
agent's Stop ends the track and the desktop's stream; and a console whose connection
vanished gets the app's `restart`, tiles again, and the track back on a new offer.

Run as root (the session runs as the unprivileged user `assist-portal`):
    /usr/bin/python3 -m pytest -q -p no:cacheprovider Tests/screen/test_screen_video.py
"""

from __future__ import annotations

import re
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Iterator

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parents[1] / "Tests" / "ui"))

from agent_picture import AgentPicture  # noqa: E402
from gnome_session import GnomeSession, colour_fraction  # noqa: E402
from screen_video import AgentVideo  # noqa: E402
from scripted_agent import ScriptedAgent  # noqa: E402
from test_screen_share import (  # noqa: E402  (fixtures: server, desktop)
    AGENT_WAIT, MASK, PATTERN, PATTERN_NEXT, SCREENSHOTS, SECRET, Server, desktop, is_keyframe, portal,
    press, server, start_app, stream_nodes, wait_for_picture, wait_for_text, wait_until_no_stream)
from video_receiver import Picture  # noqa: E402

PATTERN_THIRD = (0x20, 0x40, 0xFF)
COLOURS = ("#ff00ff", "#00c040", "#2040ff")
VIDEO_TOLERANCE = 24    # VP8 goes through I420 and is lossy: near the colour, not exactly it
SECRET_TOLERANCE = 12   # as test_screen_share.py's canary
HOLDS = 0.95            # share of the window's points that must show its colour
# libnice (webrtcbin 1.22) has no consent freshness: with keepalive checks a vanished peer fails
# ICE after one keepalive period and the checks' retransmissions, about 50 s on this machine.
VANISHED_PEER_WAIT = 90.0


def chatting(session: GnomeSession, server: Server) -> tuple[ScriptedAgent, str, dict, subprocess.Popen]:
    """The app started and Casey, on version 3, chatting with Ada; the agent, session id,
    assignment and the app."""
    agent = ScriptedAgent(server.url, server.token, timeout=AGENT_WAIT, versions=(1, 2, 3))
    app = start_app(session, server)
    assignment = agent.accept_next(within=60)
    session_id = assignment["sessionId"]
    agent.chat(session_id, "Hi Ada, this is Casey.")
    wait_for_text(session, "this is Casey")
    return agent, session_id, assignment, app


def share_monitor(session: GnomeSession, agent: ScriptedAgent, session_id: str) -> str:
    """Casey asks for the screen and the person shares the monitor; the share's request id."""
    request = agent.request_screen_share(session_id, scope="screen")
    press(session, "Choose What to Share…")
    portal(session, "share")
    answer = agent.expect("consumerAnswered", lambda body: body["requestId"] == request)
    assert answer["accepted"] is True and answer["shared"] == "monitor", answer
    return request


def interior_points(drawn: AgentPicture, rgb: tuple[int, int, int], tolerance: int = 0,
                    step: int = 16) -> list[tuple[int, int]]:
    """Points of the tile picture, every `step` pixels, whose 17-pixel square is all `rgb`: where
    that colour lies, away from its edges (which VP8 blurs) and from windows over it."""
    box = drawn.bounds(rgb, tolerance)
    assert box, f"no pixel of {rgb} in the agent's tile picture"

    def near(x: int, y: int) -> bool:
        index = (y * drawn.width + x) * 4
        return all(abs(drawn.pixels[index + channel] - rgb[channel]) <= tolerance for channel in range(3))

    points = [(x, y) for y in range(box[1] + 8, box[3] - 8, step) for x in range(box[0] + 8, box[2] - 8, step)
              if all(near(x + dx, y + dy) for dx in (-8, 0, 8) for dy in (-8, 0, 8))]
    assert len(points) >= 20, f"too few clear points of {rgb} in {box}: {len(points)}"
    return points


class Canary:
    """Counts the secret colour's pixels in every decoded picture, as it arrives."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.checked = 0
        self.leaks: list[tuple[int, int]] = []   # (picture number, secret pixels) of each leaking picture
        self.first_leak: Picture | None = None

    def __call__(self, seen: Picture) -> None:
        found = seen.count(SECRET, SECRET_TOLERANCE)
        with self.lock:
            self.checked += 1
            if found:
                self.leaks.append((seen.number, found))
                self.first_leak = self.first_leak or seen


def app_log(session: GnomeSession, app: subprocess.Popen) -> str:
    path = session.log_path(app)
    try:
        return Path(path).read_text(errors="replace")[-6000:] if path else ""
    except OSError:
        return ""


def video_failures(session: GnomeSession, app: subprocess.Popen) -> list[str]:
    """The app's own reports of a failed track (its stderr)."""
    return [line for line in app_log(session, app).splitlines() if "video track failed" in line]


def wait_until_quiet(receiver, quiet: float = 1.5, timeout: float = AGENT_WAIT) -> int:
    """The receiver's packet count once no RTP packet has come for `quiet` seconds."""
    deadline = time.monotonic() + timeout
    packets, since = receiver.counters.packets, time.monotonic()
    while time.monotonic() - since < quiet:
        assert time.monotonic() < deadline, "the track never went quiet on a still screen"
        time.sleep(0.1)
        if receiver.counters.packets != packets:
            packets, since = receiver.counters.packets, time.monotonic()
    return packets


def tiles_since(agent: ScriptedAgent, mark: int) -> list[bytes]:
    return agent.pictures()[mark:]


@pytest.fixture
def pattern_first(desktop: GnomeSession):
    """The test window, in its first colour, before Assist starts (Assist's window goes on top)."""
    return desktop.spawn_pattern_window("Export tool", colours=COLOURS, size="520x360")


def test_the_video_track_shows_the_screen_carries_every_change_without_tiles_and_never_a_masked_widget(
        desktop: GnomeSession, server: Server, pattern_first) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    pattern = pattern_first
    agent, session_id, assignment, app = chatting(desktop, server)
    assert assignment.get("screenVideo") is True, f"the app does not offer the track: {assignment}"
    before = desktop.screenshot(str(SCREENSHOTS / "screen-video-before-share.png"))
    assert colour_fraction(before, SECRET, tolerance=2, step=2) > 0.002, "the detector must see the secret on screen"

    request = share_monitor(desktop, agent, session_id)
    # Tiles first (§13.5: until the track is connected); they tell where the window and the mask lie.
    tiles = wait_for_picture(agent, lambda drawn: drawn.count(PATTERN, tolerance=4) > 20_000, "the test window")
    tiles = wait_for_picture(agent, lambda drawn: drawn.count(MASK, tolerance=0) > 500, "the composer's mask")
    window = interior_points(tiles, PATTERN, tolerance=4)
    mask = interior_points(tiles, MASK, tolerance=0, step=4)

    canary = Canary()
    video = AgentVideo(agent, session_id, request, observer=canary)
    try:
        receiver = video.offer()
        receiver.wait_for_state(("connected", "completed"), timeout=AGENT_WAIT)
        (negotiation, answer), = video.answers
        assert negotiation == 1
        assert re.findall(r"^m=(\w+)", answer, re.M) == ["video"], answer
        assert re.search(r"^a=sendonly", answer, re.M) and re.search(r"^a=rtpmap:\d+ VP8/90000", answer, re.M), answer

        # (a) the window's colour in the decoded video, where the tiles had it.
        seen = receiver.wait_for_picture(lambda shot: shot.share(window, PATTERN, VIDEO_TOLERANCE) >= HOLDS,
                                         "the test window's colour", timeout=AGENT_WAIT)
        assert (seen.width, seen.height) == tuple(desktop.size)
        assert seen.share(mask, MASK, 16) >= 0.9, "the composer's mask is not where the tiles had it"
        seen.save_png(str(SCREENSHOTS / "screen-video-agent-picture.png"))

        # (b) every change travels in the video, and not one tile frame while it is connected.
        mark, started = len(agent.pictures()), time.monotonic()
        changes = 0
        for colour in [PATTERN_NEXT, PATTERN_THIRD, PATTERN] * 3:
            pattern.next_colour()
            receiver.wait_for_picture(lambda shot: shot.share(window, colour, VIDEO_TOLERANCE) >= HOLDS,
                                      f"the window's colour {colour}", timeout=AGENT_WAIT)
            changes += 1
            if changes >= 3 and time.monotonic() - started >= 4.0:
                break
        late = tiles_since(agent, mark)
        assert not late, (f"{len(late)} tile frame(s) came while the track was connected "
                          f"({changes} colour changes, {receiver.picture_count()} video pictures)")
        assert receiver.counters.payload_bytes > 0 and receiver.picture_count() >= changes + 1

        # (c) the canary: not one pixel of the masked composer in any decoded picture.
        with canary.lock:
            checked, leaks, leaked = canary.checked, list(canary.leaks), canary.first_leak
        if leaked is not None:
            leaked.save_png(str(SCREENSHOTS / "screen-video-leak.png"))
        assert checked == receiver.picture_count() and checked > 0
        assert not leaks, f"pixels of the masked composer reached the agent's video: {leaks[:5]}"
        during = desktop.screenshot(str(SCREENSHOTS / "screen-video-during-share.png"))
        assert colour_fraction(during, SECRET, tolerance=12, step=1) == 0, "the secret showed on the person's screen"

        print(f"video: {receiver.picture_count()} pictures, {receiver.counters.payload_bytes} payload bytes, "
              f"{len(receiver.counters.keyframe_times)} key frames, {receiver.counters.keyframes_requested} asked for; "
              f"states {[state[1:] for state in receiver.states]}")
        assert not agent.received("error"), agent.received("error")
        assert not video.restarts, "the app asked for a restart of a track that works"
        assert not video_failures(desktop, app), video_failures(desktop, app)
        video.raise_failure()
        agent.stop_share(session_id, request)
        wait_until_no_stream(desktop)
    finally:
        video.close()
        agent.close()


def test_the_agents_stop_ends_the_track_and_the_desktops_stream(
        desktop: GnomeSession, server: Server, pattern_first) -> None:
    pattern = pattern_first
    agent, session_id, _, app = chatting(desktop, server)
    request = share_monitor(desktop, agent, session_id)
    tiles = wait_for_picture(agent, lambda drawn: drawn.count(PATTERN, tolerance=4) > 20_000, "the test window")
    window = interior_points(tiles, PATTERN, tolerance=4)
    video = AgentVideo(agent, session_id, request)
    try:
        receiver = video.offer()
        receiver.wait_for_state(("connected", "completed"), timeout=AGENT_WAIT)
        receiver.wait_for_picture(lambda shot: shot.share(window, PATTERN, VIDEO_TOLERANCE) >= HOLDS,
                                  "the test window's colour", timeout=AGENT_WAIT)
        assert stream_nodes(desktop), "no PipeWire stream while sharing"

        agent.stop_share(session_id, request)
        wait_until_no_stream(desktop)
        # The app's connection is gone: not one RTP packet more, even when the screen changes
        # (while the track ran, a change reached the agent in well under a second).
        packets = receiver.counters.packets
        tiles_before = len(agent.pictures())
        pattern.next_colour()
        pattern.wait_event(lambda event: event.get("event") == "color", 10, "the new colour drawn")
        quiet_until = time.monotonic() + 3.0
        while time.monotonic() < quiet_until:
            assert receiver.counters.packets == packets, "the app still sends video after the share ended"
            time.sleep(0.1)
        assert len(agent.pictures()) == tiles_before, "the app sent tiles after the share ended"
        assert not video_failures(desktop, app), video_failures(desktop, app)
        assert not agent.received("error"), agent.received("error")
    finally:
        video.close()
        agent.close()


def test_a_console_whose_connection_vanished_gets_a_restart_tiles_again_and_the_track_back(
        desktop: GnomeSession, server: Server, pattern_first) -> None:
    pattern = pattern_first
    agent, session_id, _, app = chatting(desktop, server)
    request = share_monitor(desktop, agent, session_id)
    tiles = wait_for_picture(agent, lambda drawn: drawn.count(PATTERN, tolerance=4) > 20_000, "the test window")
    window = interior_points(tiles, PATTERN, tolerance=4)
    video = AgentVideo(agent, session_id, request)
    try:
        first = video.offer()
        first.wait_for_state(("connected", "completed"), timeout=AGENT_WAIT)
        first.wait_for_picture(lambda shot: shot.share(window, PATTERN, VIDEO_TOLERANCE) >= HOLDS,
                               "the test window's colour", timeout=AGENT_WAIT)
        mark = len(agent.pictures())

        dropped_at = time.time()
        video.drop()   # the console's peer connection is gone; nothing is said to the app
        restart = video.wait_for_restart(after=dropped_at, timeout=VANISHED_PEER_WAIT)
        # Tiles again, starting with a keyframe (§13.5), before or while the new offer is negotiated.
        deadline = time.monotonic() + AGENT_WAIT
        while not any(is_keyframe(frame) for frame in tiles_since(agent, mark)):
            assert time.monotonic() < deadline, "no tile keyframe after the track stopped"
            time.sleep(0.1)
        resumed = [at for at, _ in agent.dated_pictures()[mark:]]
        assert resumed and resumed[0] >= dropped_at

        # The helper offered again on the restart: negotiation 2, on a new connection.
        second = video.wait_for_negotiation(2, timeout=AGENT_WAIT)
        assert second is not first and video.negotiation == 2
        second.wait_for_state(("connected", "completed"), timeout=AGENT_WAIT)
        second.wait_for_picture(lambda shot: shot.share(window, PATTERN, VIDEO_TOLERANCE) >= HOLDS,
                                "the test window's colour on the new track", timeout=AGENT_WAIT)
        again = len(agent.pictures())
        pattern.next_colour()
        second.wait_for_picture(lambda shot: shot.share(window, PATTERN_NEXT, VIDEO_TOLERANCE) >= HOLDS,
                                "the window's new colour on the new track", timeout=AGENT_WAIT)
        assert not tiles_since(agent, again), "tiles came while the new track was connected"
        assert len(video.restarts) == 1, f"restarts at {video.restarts} (first {restart})"
        assert not video_failures(desktop, app), video_failures(desktop, app)
        agent.stop_share(session_id, request)
        wait_until_no_stream(desktop)
    finally:
        video.close()
        agent.close()


def test_a_keyframe_request_or_a_pli_on_a_still_screen_is_answered_with_the_tracks_own_key_frame(
        desktop: GnomeSession, server: Server, pattern_first) -> None:
    pattern = pattern_first
    agent, session_id, _, app = chatting(desktop, server)
    request = share_monitor(desktop, agent, session_id)
    tiles = wait_for_picture(agent, lambda drawn: drawn.count(PATTERN, tolerance=4) > 20_000, "the test window")
    window = interior_points(tiles, PATTERN, tolerance=4)
    video = AgentVideo(agent, session_id, request)
    try:
        receiver = video.offer()
        receiver.wait_for_state(("connected", "completed"), timeout=AGENT_WAIT)
        receiver.wait_for_picture(lambda shot: shot.share(window, PATTERN, VIDEO_TOLERANCE) >= HOLDS,
                                  "the test window's colour", timeout=AGENT_WAIT)
        # A still screen: the track goes quiet (nothing changes, nothing is encoded; the composer's
        # cursor stops blinking after GTK's 10 s).
        wait_until_quiet(receiver)
        tiles_before = len(agent.pictures())
        # As a browser's decoder asks, a PLI over RTCP: on a still screen the app encodes its newest
        # picture again, as a key frame, with nothing changed on the screen.
        keyframes = len(receiver.counters.keyframe_times)
        assert receiver.request_keyframe()
        deadline = time.monotonic() + 10
        while len(receiver.counters.keyframe_times) == keyframes:
            assert time.monotonic() < deadline, "no key frame within 10 s of a PLI on a still screen"
            time.sleep(0.1)
        keyframes = len(receiver.counters.keyframe_times)
        assert receiver.request_keyframe()
        pattern.next_colour()
        receiver.wait_for_picture(lambda shot: shot.share(window, PATTERN_NEXT, VIDEO_TOLERANCE) >= HOLDS,
                                  "the window's new colour", timeout=AGENT_WAIT)
        assert len(receiver.counters.keyframe_times) > keyframes, "the picture after a PLI was no key frame"
        packets = wait_until_quiet(receiver)

        # As the protocol asks (§13.5): `requestKeyframe`, answered with the track's own key frame.
        keyframes = len(receiver.counters.keyframe_times)
        agent.request_keyframe(session_id)
        deadline = time.monotonic() + 10
        while len(receiver.counters.keyframe_times) == keyframes:
            assert time.monotonic() < deadline, (
                f"no key frame on the track within 10 s of requestKeyframe ({receiver.counters.packets - packets} "
                f"packets, {len(agent.pictures()) - tiles_before} tile frames since)")
            time.sleep(0.1)
        assert len(agent.pictures()) == tiles_before, "a tile frame came while the track was connected"
        assert not agent.received("error"), agent.received("error")
        assert not video_failures(desktop, app), video_failures(desktop, app)
        agent.stop_share(session_id, request)
        wait_until_no_stream(desktop)
    finally:
        video.close()
        agent.close()
