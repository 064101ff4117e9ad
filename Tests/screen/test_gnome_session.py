"""Tests of the headless GNOME session harness itself (gnome_session.py, portal_dialog.py,
pattern_window.py), against the real xdg-desktop-portal(-gnome), mutter / gnome-shell, PipeWire.

Run as root, no display needed:  /usr/bin/python3 -m pytest -q -p no:cacheprovider Tests/screen
"""
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import time

import pytest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gnome_session as gs  # noqa: E402
from gnome_session import GnomeSession, colour_fraction, png_size  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
TEST_LIMIT_S = 55          # hard bound for every test (SIGALRM)
MAGENTA, GREEN, RED, BLUE = "#ff00ff", "#00ff00", "#ff0000", "#0000ff"

if os.geteuid() != 0:
    pytest.skip("the harness must run as root (it starts the session as user %r)" % gs.USER,
                allow_module_level=True)
_missing = gs.missing_binaries("mutter")
if _missing:
    pytest.skip("required binaries missing: %s (see Tests/screen/README.md for the Debian packages)"
                % ", ".join(_missing), allow_module_level=True)


@pytest.fixture(autouse=True)
def time_limit():
    def on_alarm(*_):
        raise TimeoutError("test took longer than %d s" % TEST_LIMIT_S)
    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.alarm(TEST_LIMIT_S)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, old)


@pytest.fixture(scope="module")
def session(tmp_path_factory):
    """One mutter session shared by the module's monitor-sharing tests."""
    s = GnomeSession(log_dir=str(tmp_path_factory.mktemp("mutter-logs")))
    s.start()
    print("\nmutter session up in %.2f s %s, logs %s" % (s.timings["total"], s.timings, s.log_dir))
    yield s
    s.stop()


@pytest.fixture
def pattern(session):
    """A full-screen magenta pattern window (cycles to green on next_colour())."""
    win = session.spawn_pattern_window("Pattern Full", (MAGENTA, GREEN), fullscreen=True)
    yield win
    win.proc.terminate()
    try:
        win.proc.wait(5)
    except subprocess.TimeoutExpired:
        win.proc.kill()


# ---------------------------------------------------------------------- helpers

class Client:
    """portal_client.py running in the session; reads its JSON lines with a deadline."""

    def __init__(self, session, *args):
        self.session = session
        self.proc = session.spawn([gs.PYTHON, os.path.join(HERE, "portal_client.py")] + list(args),
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE)
        self.events = []
        self._buf = b""
        self._next = 0          # index in events of the first one not yet returned by wait()

    def _lines(self, timeout):
        """Read what is there within ``timeout``; False at end of output."""
        r, _, _ = select.select([self.proc.stdout], [], [], max(0.0, timeout))
        if not r:
            return True
        chunk = os.read(self.proc.stdout.fileno(), 65536)
        if not chunk:
            return False
        self._buf += chunk
        *lines, self._buf = self._buf.split(b"\n")
        self.events += [json.loads(x) for x in lines if x.strip()]
        return True

    def wait(self, event, timeout=20.0, **match):
        """The next event named ``event`` (with these fields); fails on exit or timeout."""
        deadline = time.monotonic() + timeout
        while True:
            for i in range(self._next, len(self.events)):
                e = self.events[i]
                if e.get("event") == event and all(e.get(k) == v for k, v in match.items()):
                    self._next = i + 1
                    return e
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError("portal client: no %r within %.0f s; got %s\n%s" % (
                    event, timeout, self.events, self.session.log_tail("xdg-desktop-portal-gnome", 8)))
            if not self._lines(left):
                err = self.proc.stderr.read().decode(errors="replace")
                raise AssertionError("portal client exited (%s) before %r; events %s; stderr %s" % (
                    self.proc.wait(5), event, self.events, err))

    def send(self, line):
        self.proc.stdin.write((line + "\n").encode())
        self.proc.stdin.flush()

    def finish(self, timeout=10.0):
        """Wait for the client to exit; returns (exit code, stderr)."""
        deadline = time.monotonic() + timeout
        while self._lines(deadline - time.monotonic()):
            if time.monotonic() > deadline:
                self.proc.kill()
                raise AssertionError("portal client did not exit; events %s" % self.events)
        try:
            code = self.proc.wait(max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise AssertionError("portal client did not exit; events %s" % self.events)
        return code, self.proc.stderr.read().decode(errors="replace")


def dialog(session, *args, timeout=20):
    r = session.run_python("portal_dialog.py", *args, timeout=timeout)
    return r.returncode, r.stdout.strip(), r.stderr.strip()


def frame_path(session, name):
    return os.path.join(session.tmp_dir, name)


def keep(session, path, name):
    """Copy a picture next to the logs (for a person to look at after a failure)."""
    if os.path.exists(path):
        shutil.copy(path, os.path.join(session.log_dir, name))


# ---------------------------------------------------------------------- (a) the portal is there

def test_screencast_portal_reports_source_types(session):
    r = session.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.portal.Desktop",
                     "--object-path", "/org/freedesktop/portal/desktop", "--method",
                     "org.freedesktop.DBus.Properties.Get", "org.freedesktop.portal.ScreenCast",
                     "AvailableSourceTypes"], timeout=10)
    assert r.returncode == 0, r.stderr
    (types,) = gs.parse_gvariant(r.stdout)
    assert types & 1, "MONITOR not offered: %r" % r.stdout          # 1 MONITOR | 2 WINDOW
    assert session.portal_property("org.freedesktop.portal.ScreenCast", "version") >= 4
    assert session.has_name("org.gnome.Mutter.ScreenCast")
    assert os.path.exists(os.path.join(session.runtime_dir, session.wayland_display))


def test_remote_desktop_portal_reports_device_types(session):
    types = session.portal_property("org.freedesktop.portal.RemoteDesktop", "AvailableDeviceTypes")
    print("RemoteDesktop AvailableDeviceTypes = %d (1 keyboard, 2 pointer, 4 touchscreen)" % types)
    assert types & 3 == 3


# ---------------------------------------------------------------------- (b) accepted -> frame

def test_share_monitor_frame_shows_pattern_colour(session, pattern):
    out = frame_path(session, "monitor.png")
    c = Client(session, "--types", "monitor", "--out", out)
    rc, stdout, stderr = dialog(session, "share")
    assert rc == 0, (stdout, stderr)
    assert json.loads(stdout)["pressed"].endswith("Share")
    started = c.wait("started")
    assert started["streams"][0][1]["source_type"] == 1
    c.wait("frame")
    code, err = c.finish()
    assert code == 0, err
    keep(session, out, "monitor.png")
    assert png_size(out) == session.size
    share = colour_fraction(out, MAGENTA)
    assert share > 0.9, "the full-screen magenta window fills only %.0f%% of the frame" % (share * 100)


def test_screenshot_follows_pattern_colour_change(session, pattern):
    shot = os.path.join(session.log_dir, "shot-magenta.png")
    session.wait_for_screen(lambda p: colour_fraction(p, MAGENTA) > 0.95, shot, timeout=5)
    pattern.next_colour()
    pattern.wait_event(lambda e: e.get("event") == "color" and e.get("color") == GREEN, 5,
                       "green frame")
    shot = os.path.join(session.log_dir, "shot-green.png")
    session.wait_for_screen(lambda p: colour_fraction(p, GREEN) > 0.95, shot, timeout=5)
    assert colour_fraction(shot, MAGENTA) < 0.01


# ---------------------------------------------------------------------- (c) cancelled -> 1

def test_cancelled_dialog_answers_response_1(session):
    before = {n["id"] for n in session.screencast_nodes()}
    c = Client(session, "--types", "monitor")
    rc, stdout, stderr = dialog(session, "cancel")
    assert rc == 0, (stdout, stderr)
    assert json.loads(stdout)["pressed"].endswith("Cancel")
    resp = c.wait("response", method="Start")
    assert resp["code"] == 1, resp
    code, _ = c.finish()
    assert code == 1
    rc, stdout, _ = dialog(session, "wait-gone", "--timeout", "5")
    assert rc == 0, stdout
    assert {n["id"] for n in session.screencast_nodes()} <= before, "a cancelled share made a stream"


def test_dialog_not_found_is_reported(session):
    assert dialog(session, "shown")[0] == 1
    rc, _, stderr = dialog(session, "share", "--timeout", "1")
    assert rc == 2 and "DialogNotFound" in stderr, stderr
    assert "xdg-desktop-portal-gnome" in stderr   # says which AT-SPI apps it saw


# ---------------------------------------------------------------------- (d) closed -> node gone

def test_closed_session_removes_pipewire_node(session):
    c = Client(session, "--types", "monitor", "--hold")
    assert dialog(session, "share")[0] == 0
    node = c.wait("started")["node"]
    c.wait("holding")
    nodes = session.screencast_nodes()
    assert node in [n["id"] for n in nodes], "stream node %d not in pw-dump: %s" % (
        node, session.pipewire_nodes(None))
    c.send("close")
    c.wait("closed")
    assert c.finish()[0] == 0
    deadline = time.monotonic() + 5
    while node in [n["id"] for n in session.pipewire_nodes(None)]:
        assert time.monotonic() < deadline, "node %d still in pw-dump 5 s after Close" % node
        time.sleep(0.2)
    assert session.screencast_nodes() == []


# ---------------------------------------------------------------------- restore token: no dialog

def test_restore_token_starts_without_dialog(session):
    c = Client(session, "--types", "monitor", "--persist", "2")
    rc, stdout, stderr = dialog(session, "share")
    assert rc == 0, (stdout, stderr)
    token = c.wait("started")["restore_token"]
    assert token, "persist_mode=2 gave no restore_token"
    assert c.finish()[0] == 0

    c2 = Client(session, "--types", "monitor", "--persist", "2", "--restore-token", token, "--hold")
    seen_dialog = []
    deadline = time.monotonic() + 15
    started = None
    while started is None and time.monotonic() < deadline:
        if dialog(session, "shown")[0] == 0:
            seen_dialog.append(time.monotonic())
        try:
            started = c2.wait("started", timeout=0.3)
        except AssertionError as e:
            if "exited" in str(e):
                raise
    assert started is not None, "restored session did not start: %s" % c2.events
    assert dialog(session, "shown")[0] == 1
    assert not seen_dialog, "a dialog was shown although a restore token was given"
    assert started["restore_token"], "a restored session gets a new token"
    c2.send("close")
    assert c2.finish()[0] == 0


# ---------------------------------------------------------------------- RemoteDesktop input

def test_remote_desktop_click_and_key_land_in_pattern_window(session, pattern):
    c = Client(session, "--remote-desktop", "--types", "monitor", "--hold")
    rc, stdout, stderr = dialog(session, "share")
    assert rc == 0, (stdout, stderr)
    assert json.loads(stdout)["dialog"].lower() == "remote desktop"
    started = c.wait("started")
    assert started["devices"] & 3 == 3, "no pointer/keyboard granted: %s" % started
    c.wait("holding")
    c.send("click 321 123")
    c.wait("clicked")
    click = pattern.wait_event(lambda e: e.get("event") == "click", 5, "click")
    assert (click["x"], click["y"], click["button"]) == (321, 123, 1)
    c.send("key 0x61")
    c.wait("keyed")
    key = pattern.wait_event(lambda e: e.get("event") == "key" and e.get("name") == "a", 5, "key a")
    assert key["keyval"] == 0x61
    c.send("close")
    assert c.finish()[0] == 0


# ---------------------------------------------------------------------- gnome-shell: one window

@pytest.mark.skipif(gs.missing_binaries("gnome-shell") != [], reason="gnome-shell not installed")
def test_gnome_shell_shares_one_window(tmp_path_factory):
    with GnomeSession(compositor="gnome-shell",
                      log_dir=str(tmp_path_factory.mktemp("shell-logs"))) as s:
        print("\ngnome-shell session up in %.2f s %s" % (s.timings["total"], s.timings))
        assert s.portal_property("org.freedesktop.portal.ScreenCast", "AvailableSourceTypes") & 2
        s.spawn_pattern_window("Pattern Red", (RED,), size="500x300")
        s.spawn_pattern_window("Pattern Blue", (BLUE,), size="400x300")
        out = frame_path(s, "window.png")
        c = Client(s, "--types", "monitor,window", "--out", out)
        rc, stdout, stderr = dialog(s, "share", "--select", "Pattern Blue")
        assert rc == 0, (stdout, stderr)
        assert "Pattern Blue" in json.loads(stdout)["selected"]
        started = c.wait("started")
        assert started["streams"][0][1]["source_type"] == 2      # WINDOW
        c.wait("frame")
        assert c.finish()[0] == 0
        keep(s, out, "window.png")
        blue, red = colour_fraction(out, BLUE, step=2), colour_fraction(out, RED, step=2)
        # window streams are monitor-sized buffers with the window's pixels at the top left
        assert blue > 0.05 and red == 0, "blue %.3f red %.3f" % (blue, red)


# ---------------------------------------------------------------------- the harness cleans up

def test_stop_leaves_no_process_and_no_runtime_dir(tmp_path):
    s = GnomeSession(log_dir=str(tmp_path / "logs"), portals=True)
    s.start()
    runtime, base = s.runtime_dir, s.base_dir
    sleeper = s.spawn(["sleep", "300"])
    orphan = s.run(["sh", "-c", "setsid sleep 300 >/dev/null 2>&1 & echo $!"], timeout=5)
    orphan_pid = int(orphan.stdout.strip())
    # spawn returns once the child exists; it becomes the session user's only when setpriv
    # has switched to that user, a moment later.
    deadline = time.monotonic() + 5
    while sleeper.pid not in s.session_pids() and time.monotonic() < deadline:
        time.sleep(0.05)
    pids = s.session_pids()
    assert sleeper.pid in pids and orphan_pid in pids and len(pids) >= 8, pids
    s.stop()
    assert s.session_pids() == []
    assert sleeper.poll() is not None
    assert not os.path.exists("/proc/%d" % orphan_pid) or gs._is_zombie(orphan_pid)
    assert not os.path.exists(runtime) and not os.path.exists(base)
    assert os.path.exists(os.path.join(str(tmp_path / "logs"), "compositor.log"))


def test_failing_component_error_has_log_tail(tmp_path):
    s = GnomeSession(log_dir=str(tmp_path), compositor_args=["--no-such-option"], portals=False,
                     start_timeout=10)
    with pytest.raises(gs.SessionError) as ei:
        s.start()
    msg = str(ei.value)
    assert "compositor" in msg and "exited with code" in msg and "end of its log" in msg, msg
    assert "no-such-option" in msg.split("end of its log", 1)[1], msg   # mutter's own words
    assert s.session_pids() == [] and not os.path.exists(s.base_dir)
