"""The screen shared end to end (docs/protocol.md §12.8): the real assist-desktop in a
headless GNOME session with the ScreenCast portal, a live assist-server as root on
loopback, and a scripted agent that decodes every picture it gets.

The agent asks for the screen; the person accepts Assist's prompt and then the portal's
own "Screen Share" dialog (both through AT-SPI); the agent sees a test window's known
colour in its pictures, never a pixel of a widget of Assist's window that it may not
see (the canary, covered on the person's own screen too), and a colour change of the
test window reaches it; Stop from either side removes the PipeWire stream. A cancelled
dialog is "declined" for the agent.

Run as root (the session runs as the unprivileged user `assist-portal`):
    /usr/bin/python3 -m pytest -q -p no:cacheprovider Tests/screen
"""

from __future__ import annotations

import json
import os
import queue
import secrets
import shutil
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Iterator

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(REPO / "Tests" / "ui"))

from agent_picture import AgentPicture  # noqa: E402
from gnome_session import GnomeSession, colour_fraction  # noqa: E402
from scripted_agent import ScriptedAgent  # noqa: E402
from stalling_proxy import StallingProxy  # noqa: E402

SERVER_BIN = Path(os.environ.get("ASSIST_SERVER_BIN", REPO / ".build" / "debug" / "assist-server"))
DESKTOP_BIN = Path(os.environ.get("ASSIST_DESKTOP_BIN", REPO / ".build" / "debug" / "assist-desktop"))
SCREENSHOTS = Path(os.environ.get("ASSIST_SCREENSHOTS", "/tmp/assist-screen-shots"))

PATTERN = (0xFF, 0x00, 0xFF)       # the test window's first colour
PATTERN_NEXT = (0x00, 0xC0, 0x40)  # its second
SECRET = (0xC8, 0x1D, 0x6B)        # the composer's background, a widget the agent may not see
MASK = (0x12, 0x34, 0x56)          # the configured maskColor
REMEMBER = "Remember my choice for this support server"
AGENT_WAIT = 30.0                  # seconds: a debug app on a busy two-core machine


class Server:
    """assist-server on loopback with one agent, Casey, who speaks co-browse."""

    def __init__(self, folder: Path) -> None:
        self.token = secrets.token_urlsafe(24)
        agents = folder / "agents.json"
        agents.write_text(json.dumps({"agents": [
            {"id": "casey", "name": "Casey", "token": self.token, "capacity": 1, "destinations": ["support"]}]}))
        self.log = folder / "server.log"
        with self.log.open("w") as log:
            self.process = subprocess.Popen(
                [str(SERVER_BIN), "--host", "127.0.0.1", "--port", "0", "--database", ":memory:",
                 "--agents", str(agents)], stdout=subprocess.PIPE, stderr=log, text=True, cwd=REPO)
        self.url = self._listening_url()

    def _listening_url(self) -> str:
        lines: queue.Queue[str] = queue.Queue()

        def drain() -> None:
            for line in self.process.stdout:
                lines.put(line)
            lines.put("")

        threading.Thread(target=drain, name="assist-server-stdout", daemon=True).start()
        try:
            first = lines.get(timeout=30)
        except queue.Empty:
            first = ""
        if not first.startswith("listening on "):
            self.stop()
            raise RuntimeError(f"assist-server did not report its URL (got {first!r}); log:\n{self.log.read_text()}")
        return first[len("listening on "):].strip()

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """A server of the test's own, so that no session of an earlier test holds Casey."""
    running = Server(tmp_path)
    try:
        yield running
    finally:
        running.stop()


@pytest.fixture
def desktop(tmp_path: Path) -> Iterator[GnomeSession]:
    """A fresh headless GNOME session; Assist's composer is drawn in the secret colour
    (the user's own gtk.css), so a leak of that widget would show at the agent."""
    with GnomeSession(log_dir=str(tmp_path / "session-logs")) as session:
        css = Path(session.env["XDG_CONFIG_HOME"]) / "gtk-4.0" / "gtk.css"
        css.parent.mkdir(parents=True, exist_ok=True)
        css.write_text(".assist-composer-text, .assist-composer-text text { background-color: #c81d6b; }\n")
        for path in (css.parent, css):
            os.chown(path, session.uid, session.gid)
        yield session


def reachable_app(session: GnomeSession) -> tuple[str, dict[str, str]]:
    """The app's binary and environment as the session's user can run them: the build
    itself when its folders let that user in, else a copy with the data folder beside
    it in the session's own folder (a clone under a private folder, as CI may make)."""
    if session.run(["test", "-x", str(DESKTOP_BIN), "-a", "-r", str(REPO / "data" / "assist.css")]).returncode == 0:
        return str(DESKTOP_BIN), {}
    folder = Path(session.tmp_dir) / "app"
    if not folder.exists():
        shutil.copytree(REPO / "data", folder / "data")
        shutil.copy2(DESKTOP_BIN, folder / "assist-desktop")
        for path in [folder, *folder.rglob("*")]:
            os.chown(path, session.uid, session.gid)
    return str(folder / "assist-desktop"), {"ASSIST_DATA_DIR": str(folder / "data")}


def start_app(session: GnomeSession, server: Server, through: str | None = None) -> subprocess.Popen:
    """assist-desktop in the session, straight into support (at `through`, a relay
    to the server, when given), with the composer masked."""
    binary, environment = reachable_app(session)
    config = Path(session.tmp_dir) / "assist.json"
    config.write_text(json.dumps({
        "server": through or server.url, "destination": "support", "autoStart": True, "visitorName": "Ada",
        "maskingTags": ["assist-composer-text"], "maskColor": "#123456", "keepSessionOnRestart": False,
    }))
    os.chown(config, session.uid, session.gid)
    return session.spawn([binary, "--config", str(config)], env_extra={"GTK_A11Y": None, **environment},
                         log="assist-desktop")


def press(session: GnomeSession, label: str, timeout: float = AGENT_WAIT) -> None:
    result = session.run_python("app_window.py", "press", label, "--timeout", timeout, timeout=timeout + 15)
    assert result.returncode == 0, f"pressing {label!r}: {result.stdout}{result.stderr}"


def wait_for_text(session: GnomeSession, text: str, timeout: float = AGENT_WAIT) -> None:
    result = session.run_python("app_window.py", "wait-text", text, "--timeout", timeout, timeout=timeout + 15)
    assert result.returncode == 0, f"waiting for {text!r}: {result.stdout}{result.stderr}"


def portal(session: GnomeSession, command: str, timeout: float = AGENT_WAIT) -> None:
    result = session.run_python("portal_dialog.py", command, "--timeout", timeout, timeout=timeout + 15)
    assert result.returncode == 0, f"portal dialog {command}: {result.stdout}{result.stderr}"


def wait_for_portal_dialog(session: GnomeSession, timeout: float = AGENT_WAIT) -> None:
    deadline = time.monotonic() + timeout
    while session.run_python("portal_dialog.py", "shown", timeout=20).returncode != 0:
        if time.monotonic() > deadline:
            raise AssertionError("the desktop's Screen Share dialog did not show")
        time.sleep(0.2)


def chatting(session: GnomeSession, server: Server,
             through: str | None = None) -> tuple[ScriptedAgent, str, subprocess.Popen]:
    """The app started (through the relay at `through`, when given) and Casey chatting
    with Ada; returns the agent and the session id."""
    agent = ScriptedAgent(server.url, server.token, timeout=AGENT_WAIT, versions=(1, 2))
    app = start_app(session, server, through)
    assignment = agent.accept_next(within=60)
    session_id = assignment["sessionId"]
    agent.chat(session_id, "Hi Ada, this is Casey.")
    wait_for_text(session, "this is Casey")
    return agent, session_id, app


def sharing_the_screen(desktop: GnomeSession, agent: ScriptedAgent, session_id: str) -> str:
    """Casey asks for the screen and the person shares the monitor through both prompts;
    returns the share's request id once the agent has its answer."""
    request = agent.request_screen_share(session_id, scope="screen")
    press(desktop, "Choose What to Share…")
    portal(desktop, "share")
    agent.expect("consumerAnswered", lambda body: body["requestId"] == request and body["accepted"])
    return request


def picture(agent: ScriptedAgent, after: int = 0) -> AgentPicture:
    drawn = AgentPicture()
    for frame in agent.pictures():
        drawn.apply_relayed(frame)
    return drawn


def wait_for_picture(agent: ScriptedAgent, condition, what: str, timeout: float = AGENT_WAIT) -> AgentPicture:
    deadline = time.monotonic() + timeout
    while True:
        drawn = picture(agent)
        if drawn.width and condition(drawn):
            return drawn
        if time.monotonic() > deadline:
            raise AssertionError(f"the agent's picture never showed {what} ({drawn.frames} frames, "
                                 f"{drawn.width}×{drawn.height})")
        time.sleep(0.5)


def quiet_picture_count(agent: ScriptedAgent, quiet: float = 1.5, timeout: float = AGENT_WAIT) -> int:
    """The number of pictures once none has come for `quiet` seconds (a still screen)."""
    deadline = time.monotonic() + timeout
    count, since = len(agent.pictures()), time.monotonic()
    while time.monotonic() - since < quiet:
        assert time.monotonic() < deadline, "the pictures never stopped coming"
        time.sleep(0.1)
        if len(agent.pictures()) != count:
            count, since = len(agent.pictures()), time.monotonic()
    return count


def is_keyframe(relayed: bytes) -> bool:
    """Whether a relayed frame (`ACR2`, session id, then `ACF2`) carries a keyframe."""
    return bool(relayed[5 + relayed[4] + 4] & 1)


def stream_nodes(session: GnomeSession) -> list:
    return session.screencast_nodes()


def wait_until_no_stream(session: GnomeSession, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while stream_nodes(session):
        if time.monotonic() > deadline:
            raise AssertionError(f"the PipeWire stream is still there: {stream_nodes(session)}")
        time.sleep(0.3)


def test_the_agent_sees_the_screen_the_person_picked_and_never_a_masked_widget(
        desktop: GnomeSession, server: Server) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    pattern = desktop.spawn_pattern_window("Export tool", colours=("#ff00ff", "#00c040"), size="520x360")
    agent, session_id, _ = chatting(desktop, server)
    assert agent.received("sessionAssigned")[0].get("shareScopes") == ["window", "screen"]

    before = desktop.screenshot(str(SCREENSHOTS / "screen-before-share.png"))
    assert colour_fraction(before, SECRET, tolerance=2, step=2) > 0.002, "the detector must see the secret on screen"

    request = agent.request_screen_share(session_id, scope="screen")
    wait_for_text(desktop, "Casey asks to see your screen")
    desktop.screenshot(str(SCREENSHOTS / "screen-assist-prompt.png"))
    press(desktop, "Choose What to Share…")
    wait_for_portal_dialog(desktop)
    desktop.screenshot(str(SCREENSHOTS / "screen-portal-dialog.png"))
    portal(desktop, "share")
    answer = agent.expect("consumerAnswered", lambda body: body["requestId"] == request)
    assert answer["accepted"] is True and answer["shared"] == "monitor"

    seen = wait_for_picture(agent, lambda drawn: drawn.count(PATTERN, tolerance=4) > 20_000, "the test window")
    assert (seen.width, seen.height) == tuple(desktop.size)
    seen = wait_for_picture(agent, lambda drawn: drawn.count(MASK, tolerance=2) > 500, "the mask of the composer")
    assert seen.count(SECRET, tolerance=12) == 0, "a pixel of the masked composer reached the agent"
    seen.save_png(str(SCREENSHOTS / "screen-agent-picture.png"))
    during = desktop.screenshot(str(SCREENSHOTS / "screen-during-share.png"))
    assert colour_fraction(during, SECRET, tolerance=12, step=1) == 0, "the secret showed on the person's screen"

    pattern.next_colour()
    wait_for_picture(agent, lambda drawn: drawn.count(PATTERN_NEXT, tolerance=4) > 20_000, "the window's new colour")
    assert picture(agent).count(SECRET, tolerance=12) == 0

    assert stream_nodes(desktop), "no PipeWire stream while sharing"
    agent.stop_share(session_id, request)
    wait_until_no_stream(desktop)
    after = desktop.screenshot(str(SCREENSHOTS / "screen-after-share.png"))
    assert colour_fraction(after, SECRET, tolerance=2, step=2) > 0.002, "the mask stayed on the person's screen"
    record = Path(desktop.env["XDG_STATE_HOME"]) / "assist" / "activity.jsonl"
    events = [json.loads(line) for line in record.read_text().splitlines()]
    assert [(event["kind"], event["agent"], event.get("subject")) for event in events] == [
        ("shareStarted", "Casey", "monitor"), ("shareEnded", "Casey", None)], "the person's own record"
    agent.close()


def test_a_cancelled_desktop_dialog_is_declined_for_the_agent(desktop: GnomeSession, server: Server) -> None:
    agent, session_id, _ = chatting(desktop, server)
    request = agent.request_screen_share(session_id, scope="screen")
    press(desktop, "Choose What to Share…")
    portal(desktop, "cancel")
    answer = agent.expect("consumerAnswered", lambda body: body["requestId"] == request)
    assert answer["accepted"] is False
    assert "shared" not in answer
    assert not stream_nodes(desktop)
    assert not agent.pictures()
    agent.close()


def test_a_remembered_choice_starts_the_next_share_without_the_desktop_dialog(
        desktop: GnomeSession, server: Server) -> None:
    agent, session_id, _ = chatting(desktop, server)
    first = agent.request_screen_share(session_id, scope="screen")
    wait_for_text(desktop, "Casey asks to see your screen")
    tick = desktop.run_python("app_window.py", "check", REMEMBER, timeout=30)
    assert tick.returncode == 0, tick.stderr
    press(desktop, "Choose What to Share…")
    portal(desktop, "share")
    agent.expect("consumerAnswered", lambda body: body["requestId"] == first and body["accepted"])
    choices = Path(desktop.env["XDG_STATE_HOME"]) / "assist" / "screen-choices.json"
    assert server.url in json.loads(choices.read_text())["tokens"], "the choice was not kept for the server"
    pictures = len(agent.wait_for_pictures(1))
    agent.stop_share(session_id, first)
    wait_until_no_stream(desktop)

    second = agent.request_screen_share(session_id, scope="screen")
    wait_for_text(desktop, "Casey asks to see your screen")
    assert desktop.run_python("app_window.py", "is-checked", REMEMBER, timeout=30).returncode == 0, \
        "the prompt does not show the choice as remembered"
    press(desktop, "Choose What to Share…")
    answer = agent.expect("consumerAnswered", lambda body: body["requestId"] == second)
    assert answer["accepted"] is True and answer["shared"] == "monitor"
    assert desktop.run_python("portal_dialog.py", "shown", timeout=20).returncode == 1, "the desktop asked again"
    agent.wait_for_pictures(pictures + 1)
    agent.stop_share(session_id, second)
    wait_until_no_stream(desktop)
    agent.close()


def test_a_cut_connection_resumes_the_running_share_with_no_new_dialog(desktop: GnomeSession, server: Server) -> None:
    proxy = StallingProxy(int(server.url.rsplit(":", 1)[1]))
    try:
        agent, session_id, _ = chatting(desktop, server, through=proxy.url)
        request = sharing_the_screen(desktop, agent, session_id)
        agent.wait_for_pictures(1)
        before = quiet_picture_count(agent)
        nodes = [node["id"] for node in stream_nodes(desktop)]
        assert nodes, "no PipeWire stream while sharing"

        connections = proxy.accepted
        proxy.cut()
        deadline = time.monotonic() + 60
        while proxy.accepted == connections:
            assert time.monotonic() < deadline, "the app did not connect again after the cut"
            time.sleep(0.2)
        deadline = time.monotonic() + 30
        while not any(is_keyframe(frame) for frame in agent.pictures()[before:]):
            assert time.monotonic() < deadline, "no keyframe of the screen after the resume"
            time.sleep(0.2)
        wait_for_text(desktop, "Casey can see your whole screen")
        assert desktop.run_python("portal_dialog.py", "shown", timeout=20).returncode == 1, "the desktop asked again"
        assert [node["id"] for node in stream_nodes(desktop)] == nodes, "the stream was not the same one"
        assert len(agent.received("screenShareEnd")) == 0
        agent.stop_share(session_id, request)
        wait_until_no_stream(desktop)
        agent.close()
    finally:
        proxy.close()


def test_the_person_stops_sharing_and_the_stream_is_gone(desktop: GnomeSession, server: Server) -> None:
    agent, session_id, _ = chatting(desktop, server)
    request = sharing_the_screen(desktop, agent, session_id)
    agent.wait_for_pictures(1)
    wait_for_text(desktop, "Casey can see your whole screen")
    press(desktop, "Stop sharing")
    agent.expect("screenShareEnd", lambda body: body["requestId"] == request)
    wait_until_no_stream(desktop)
    agent.close()


def clear_point(drawn: AgentPicture, rgb: tuple[int, int, int], tolerance: int) -> tuple[int, int]:
    """A point of the picture in the middle of a 17-pixel square of colour `rgb`, the one
    nearest the middle of that colour's box (windows may overlap)."""
    box = drawn.bounds(rgb, tolerance)
    assert box, f"no pixel of {rgb} in the agent's picture"

    def near(x: int, y: int) -> bool:
        index = (y * drawn.width + x) * 4
        return all(abs(drawn.pixels[index + channel] - rgb[channel]) <= tolerance for channel in range(3))

    middle = ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2)
    candidates = sorted(((x, y) for x in range(box[0] + 8, box[2] - 8, 4) for y in range(box[1] + 8, box[3] - 8, 4)),
                        key=lambda point: abs(point[0] - middle[0]) + abs(point[1] - middle[1]))
    for x, y in candidates:
        if all(near(x + dx, y + dy) for dx in (-8, 0, 8) for dy in (-8, 0, 8)):
            return x, y
    raise AssertionError(f"no clear 17-pixel square of {rgb} in {box}")


def wait_for_input_result(agent: ScriptedAgent, input_id: str) -> str:
    return agent.expect("inputResult", lambda body: body["inputId"] == input_id)["outcome"]


def test_the_agent_controls_the_shared_screen_only_while_allowed_and_never_the_app(
        desktop: GnomeSession, server: Server) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    pattern = desktop.spawn_pattern_window("Export tool", colours=("#ff00ff",), size="520x360")
    agent, session_id, _ = chatting(desktop, server)
    assert agent.received("sessionAssigned")[0].get("screenControl") is True
    share = sharing_the_screen(desktop, agent, session_id)
    wait_for_picture(agent, lambda drawn: drawn.count(PATTERN, tolerance=4) > 20_000, "the test window")

    request = agent.request_control(session_id)
    wait_for_text(desktop, "Casey asks to use your mouse and keyboard")
    desktop.screenshot(str(SCREENSHOTS / "screen-control-prompt.png"))
    press(desktop, "Continue…")
    wait_for_portal_dialog(desktop)
    desktop.screenshot(str(SCREENSHOTS / "screen-control-portal-dialog.png"))
    portal(desktop, "share")   # the Remote desktop dialog, with "Allow remote interaction" turned on
    answer = agent.expect("consumerAnswered", lambda body: body["requestId"] == request and body["kind"] == "control")
    assert answer["accepted"] is True
    wait_for_text(desktop, "Casey can see and use your whole screen")

    # The share goes on with the control session's stream: a keyframe, then the window.
    seen = wait_for_picture(agent, lambda drawn: drawn.count(PATTERN, tolerance=4) > 20_000, "the test window")
    # Two clicks in the test window (Assist's window may cover part of it): each lands, and the
    # window sees them as far apart as the agent put them, so the agent's pixels are the screen's.
    x, y = clear_point(seen, PATTERN, tolerance=4)
    box = seen.bounds(PATTERN, tolerance=4)
    x2, y2 = min(x + 40, box[2] - 9), min(y + 30, box[3] - 9)
    for point in ((x, y), (x2, y2)):
        clicked = wait_for_input_result(agent, agent.send_input(session_id, {"kind": "click", "x": point[0], "y": point[1]}))
        assert clicked == "performed"
    deadline = time.monotonic() + 10
    while len(pattern.clicks()) < 2:
        assert time.monotonic() < deadline, f"the agent's clicks did not land: {pattern.clicks()}"
        time.sleep(0.1)
    first, second = pattern.clicks()[:2]
    assert (second["x"] - first["x"], second["y"] - first["y"]) == (x2 - x, y2 - y), (first, second, (x, y), (x2, y2))
    assert first["button"] == 1 and first["n_press"] == 1
    typed = wait_for_input_result(agent, agent.send_input(session_id, {"kind": "text", "text": "hi"}))
    assert typed == "performed"
    pattern.wait_event(lambda e: e.get("event") == "key" and e.get("name") == "i", 10, "the agent's typing")
    assert [key["name"] for key in pattern.keys()][-2:] == ["h", "i"]

    # Assist's own window never takes the agent's click: the composer's mask lies in it.
    mask = wait_for_picture(agent, lambda drawn: drawn.count(MASK, tolerance=2) > 500, "the composer's mask")
    app_x, app_y = clear_point(mask, MASK, tolerance=0)   # exact: the wallpaper comes close to the mask colour
    into_app = wait_for_input_result(agent, agent.send_input(session_id, {"kind": "click", "x": app_x, "y": app_y}))
    assert into_app == "notInteractive"

    clicks = len(pattern.clicks())
    press(desktop, "Take back control")
    agent.expect("controlEnd", lambda body: body["requestId"] == request)
    wait_for_text(desktop, "Casey can see your whole screen")
    late = agent.send_input(session_id, {"kind": "click", "x": x, "y": y})
    agent.expect("error", lambda body: body.get("refType") == "input")
    time.sleep(1.0)
    assert len(pattern.clicks()) == clicks, "a click landed after the person took control back"
    assert not agent.received("inputResult", lambda body: body["inputId"] == late)

    # Asked again in the same share: Assist's prompt only, the desktop lent its devices already.
    again = agent.request_control(session_id)
    press(desktop, "Continue…")
    answer = agent.expect("consumerAnswered", lambda body: body["requestId"] == again and body["kind"] == "control")
    assert answer["accepted"] is True
    assert desktop.run_python("portal_dialog.py", "shown", timeout=20).returncode == 1, "the desktop asked again"
    assert wait_for_input_result(agent, agent.send_input(session_id, {"kind": "click", "x": x, "y": y})) == "performed"
    pattern.wait_event(lambda e: e.get("event") == "click" and e["t"] > pattern.clicks()[clicks - 1]["t"], 10, "a click")

    agent.stop_share(session_id, share)
    wait_until_no_stream(desktop)
    record = Path(desktop.env["XDG_STATE_HOME"]) / "assist" / "activity.jsonl"
    kinds = [(event["kind"], event.get("subject")) for event in map(json.loads, record.read_text().splitlines())]
    assert ("controlGranted", "screen") in kinds and ("controlEnded", None) in kinds, kinds
    agent.close()


def test_control_left_off_in_the_desktop_dialog_is_declined_and_the_share_goes_on(
        desktop: GnomeSession, server: Server) -> None:
    agent, session_id, _ = chatting(desktop, server)
    share = sharing_the_screen(desktop, agent, session_id)
    agent.wait_for_pictures(1)
    nodes = [node["id"] for node in stream_nodes(desktop)]

    request = agent.request_control(session_id)
    press(desktop, "Continue…")
    wait_for_portal_dialog(desktop)
    result = desktop.run_python("portal_dialog.py", "share", "--no-interaction", "--timeout", AGENT_WAIT,
                                timeout=AGENT_WAIT + 15)
    assert result.returncode == 0, result.stdout + result.stderr
    answer = agent.expect("consumerAnswered", lambda body: body["requestId"] == request and body["kind"] == "control")
    assert answer["accepted"] is False
    wait_for_text(desktop, "Remote interaction was left off in the desktop's dialog")
    assert [node["id"] for node in stream_nodes(desktop)] == nodes, "the share's stream did not go on"
    before = len(agent.pictures())
    agent.request_keyframe(session_id)
    agent.wait_for_pictures(before + 1)
    agent.stop_share(session_id, share)
    wait_until_no_stream(desktop)
    agent.close()
