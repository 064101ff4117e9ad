"""The app follows the desktop's light or dark style through the Settings
portal (ColorSchemeFollower), read off the screen.

A stand-in portal (fake_settings_portal.py) on the test's session bus says
"prefer dark" before the app starts; the app's window must then be dark.
The portal then announces "prefer light", and "no preference" (GTK's own
setting, light under Xvfb): the running window must follow each.
With ASSIST_SCREENSHOTS=1 the dark and light start pages are saved to
docs/screenshots/app-start-dark.png and app-start-light.png.
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import time
from pathlib import Path
from typing import Iterator

import pytest

from accessible_app import App, find_all, save_window_picture, wait_for
from conftest import DESKTOP_BIN, REPO, _require_session, stop_process

SCREENSHOTS = REPO / "docs" / "screenshots"


def mean_brightness(picture: Path) -> float:
    """The picture's mean brightness, 0 (black) to 1 (white)."""
    measured = subprocess.run(["identify", "-format", "%[fx:mean]", str(picture)],
                              capture_output=True, text=True, check=True, timeout=30)
    return float(measured.stdout)


PORTAL = "org.freedesktop.portal.Desktop"


def bus_call(method: str, *arguments: str) -> str:
    """A method of the session bus itself, through gdbus; its reply as text ("" when it failed)."""
    called = subprocess.run(
        ["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
         "--method", f"org.freedesktop.DBus.{method}", *arguments], capture_output=True, text=True, timeout=10)
    return called.stdout if called.returncode == 0 else ""


def stop_the_real_portal() -> None:
    """Ends an xdg-desktop-portal that an earlier app of this session's bus started by
    D-Bus activation (the app asks the portal for its settings and whether it can
    share the screen), so that the stand-in can own the name."""
    if "true" not in bus_call("NameHasOwner", PORTAL):
        return
    found = re.search(r"uint32 (\d+)", bus_call("GetConnectionUnixProcessID", PORTAL))
    assert found, "the portal's process cannot be found"
    os.kill(int(found.group(1)), signal.SIGTERM)
    deadline = time.monotonic() + 10
    while "true" in bus_call("NameHasOwner", PORTAL):
        assert time.monotonic() < deadline, "the real portal did not end"
        time.sleep(0.1)


@pytest.fixture
def portal() -> Iterator[subprocess.Popen[str]]:
    _require_session()
    stop_the_real_portal()
    process = subprocess.Popen(
        ["/usr/bin/python3", str(Path(__file__).with_name("fake_settings_portal.py")), "1"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    line = process.stdout.readline().strip()
    if line != "ready":
        process.kill()
        pytest.fail(f"the stand-in Settings portal did not start (said {line!r})")
    yield process
    process.terminate()
    process.wait(timeout=10)


def test_window_follows_the_portals_color_scheme(portal: subprocess.Popen[str], tmp_path: Path) -> None:
    environment = dict(os.environ)
    environment.pop("GTK_A11Y", None)
    environment["XDG_CONFIG_HOME"] = str(tmp_path / "config")
    environment["XDG_STATE_HOME"] = str(tmp_path / "state")
    log_path = tmp_path / "desktop.log"
    with log_path.open("wb") as log:
        desktop = subprocess.Popen([str(DESKTOP_BIN), "--server", "http://127.0.0.1:9"], stdout=log,
                                   stderr=subprocess.STDOUT, env=environment, cwd=tmp_path, start_new_session=True)
    app = App(DESKTOP_BIN.name, process=desktop, log=log_path)
    try:
        def start_page():
            window = app.window("Assist")
            return window if window is not None and find_all(window, "push button", name="Get help") else None

        window = wait_for("the start page", start_page, app, timeout=30)

        def brightness(name: str) -> float:
            picture = tmp_path / f"{name}.png"
            assert save_window_picture(window, picture), "no screenshot of the window"
            return mean_brightness(picture)

        wait_for("the window drawn dark (the portal prefers dark)", lambda: brightness("dark") < 0.35, app)
        assert portal.stdin is not None
        portal.stdin.write("color-scheme 2\n")
        portal.stdin.flush()
        wait_for("the window drawn light (the portal now prefers light)", lambda: brightness("light") > 0.65, app)
        portal.stdin.write("color-scheme 1\n")
        portal.stdin.flush()
        wait_for("the window dark again", lambda: brightness("dark-again") < 0.35, app)
        portal.stdin.write("color-scheme 0\n")
        portal.stdin.flush()
        wait_for("the window light with no preference (GTK's own setting under Xvfb)",
                 lambda: brightness("no-preference") > 0.65, app)
        if os.environ.get("ASSIST_SCREENSHOTS") == "1":
            shutil.copy(tmp_path / "dark.png", SCREENSHOTS / "app-start-dark.png")
            shutil.copy(tmp_path / "light.png", SCREENSHOTS / "app-start-light.png")
    finally:
        stop_process(desktop)
