"""The whole X screen shared on a desktop without a ScreenCast portal (docs/protocol.md §12.8): Xvfb has
none, so the app offers the screen through X11 capture, its prompt says the agent sees the whole screen as
soon as the person accepts (there is no desktop dialog), and the agent's pictures are the X screen with
Assist's masked composer — drawn in a secret colour by the user's gtk.css — at 0 secret pixels: covered on
the screen itself and, since on X11 the app knows where its window is, in the pictures too. Control is not
offered on the X screen."""

from __future__ import annotations

import json
import os
import secrets
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "Tests" / "screen"))

from agent_picture import AgentPicture  # noqa: E402
from conftest import SupportServer, _require_session, start_desktop, stop_process  # noqa: E402
from scripted_agent import ScriptedAgent  # noqa: E402

SECRET = (0xC8, 0x1D, 0x6B)   # the composer's background, a widget the agent may not see
MASK = (0x12, 0x34, 0x56)     # the configured maskColor
WAIT = 30.0
SCREENSHOTS = Path(os.environ.get("ASSIST_SCREENSHOTS", "/tmp/assist-screen-shots"))


def app_window(command: str, text: str) -> None:
    """Presses the app's button `text`, or waits for its text, through AT-SPI (Tests/screen/app_window.py)."""
    result = subprocess.run(["/usr/bin/python3", str(REPO / "Tests" / "screen" / "app_window.py"), command, text,
                             "--timeout", str(WAIT)], capture_output=True, text=True, timeout=WAIT + 15)
    assert result.returncode == 0, f"{command} {text!r}: {result.stdout}{result.stderr}"


def solid(drawn: AgentPicture, rgb: tuple[int, int, int]) -> bool:
    """Whether the box of the pixels of colour `rgb` holds that colour only: the app's mask was painted
    into the picture where its window lies, over the on-screen mask and its hint."""
    left, top, right, bottom = drawn.bounds(rgb)
    wanted = bytes(rgb)
    return all(drawn.pixels[(y * drawn.width + x) * 4:(y * drawn.width + x) * 4 + 3] == wanted
               for y in range(top, bottom) for x in range(left, right))


def wait_for_picture(agent: ScriptedAgent, condition, what: str) -> AgentPicture:
    deadline = time.monotonic() + WAIT
    while True:
        drawn = AgentPicture()
        for frame in agent.pictures():
            drawn.apply_relayed(frame)
        if drawn.width and condition(drawn):
            return drawn
        assert time.monotonic() < deadline, f"the agent's picture never showed {what} ({drawn.frames} frames)"
        time.sleep(0.5)


def test_without_a_portal_the_whole_x_screen_is_shared_once_the_prompt_says_so_with_the_masks_held(
        tmp_path: Path) -> None:
    _require_session()
    token = secrets.token_urlsafe(24)
    agents = tmp_path / "agents.json"
    agents.write_text(json.dumps({"agents": [
        {"id": "casey", "name": "Casey", "token": token, "capacity": 1, "destinations": ["support"]}]}))
    server = SupportServer(tmp_path, arguments=("--agents", str(agents)))
    server.start()
    config = tmp_path / "assist.json"
    config.write_text(json.dumps({"autoStart": True, "visitorName": "Ada", "maskingTags": ["assist-composer-text"],
                                  "maskColor": "#123456", "keepSessionOnRestart": False}))
    css = tmp_path / "config" / "gtk-4.0" / "gtk.css"
    css.parent.mkdir(parents=True)
    css.write_text(".assist-composer-text, .assist-composer-text text { background-color: #c81d6b; }\n")
    log = (tmp_path / "desktop.log").open("wb")
    app = start_desktop(tmp_path, server.url, log, ("--set", 'screenShareScopes=["window","screen"]'), config=config)
    agent = ScriptedAgent(server.url, token, timeout=WAIT, versions=(1, 2))
    try:
        assignment = agent.accept_next(within=60)
        assert assignment.get("shareScopes") == ["window", "screen"]
        assert "screenControl" not in assignment, "control offered on the X screen"
        session_id = assignment["sessionId"]
        request = agent.request_screen_share(session_id, scope="screen")
        app_window("wait-text", "This desktop has no dialog to choose from, so Casey sees your whole screen")
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        subprocess.run(["import", "-window", "root", str(SCREENSHOTS / "x11-prompt.png")], capture_output=True, timeout=30)
        app_window("press", "Share Whole Screen")
        answer = agent.expect("consumerAnswered", lambda body: body["requestId"] == request)
        assert answer["accepted"] is True and answer["shared"] == "monitor"
        seen = wait_for_picture(agent, lambda drawn: drawn.count(MASK) > 2_000, "the composer's mask")
        assert (seen.width, seen.height) == (1280, 800), "the picture is not the whole X screen"
        assert seen.count(SECRET, tolerance=12) == 0, "a pixel of the masked composer reached the agent"
        assert solid(seen, MASK), "the composer was not covered in the picture by the window's position"
        seen.save_png(str(SCREENSHOTS / "x11-agent-picture.png"))
        agent.stop_share(session_id, request)
    finally:
        agent.close()
        stop_process(app)
        log.close()
        server.stop()
