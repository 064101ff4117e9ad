"""A headless GNOME desktop session for UI tests, with the ScreenCast and RemoteDesktop portals.

Run as root (as CI does). Everything inside the session runs as the unprivileged user
``assist-portal`` (mutter and PipeWire refuse, or misbehave, as root):

    private system bus (dbus-daemon)      -> DBUS_SYSTEM_BUS_ADDRESS, so nothing reaches the host's
    session bus (dbus-daemon)             -> DBUS_SESSION_BUS_ADDRESS = unix:path=$XDG_RUNTIME_DIR/bus
    at-spi-bus-launcher                   -> the accessibility bus (org.a11y.Bus)
    pipewire, wireplumber                 -> $XDG_RUNTIME_DIR/pipewire-0
    mutter (or gnome-shell) --headless    -> $XDG_RUNTIME_DIR/$WAYLAND_DISPLAY, org.gnome.Mutter.*
    xdg-desktop-portal-gnome              -> org.freedesktop.impl.portal.desktop.gnome (the dialogs)
    xdg-desktop-portal                    -> org.freedesktop.portal.Desktop

Usage::

    with GnomeSession(log_dir="/tmp/logs") as s:
        p = s.spawn(["/usr/bin/python3", "pattern_window.py", ...])
        s.run(["gdbus", "call", "--session", ...], timeout=10)
        s.pipewire_nodes(); s.screenshot("/tmp/shot.png")

The harness itself cannot talk to the session bus (the bus only admits its own user, not root),
so every query goes through a short process run as the user (``run``).
"""

from __future__ import annotations

import json
import os
import re
import pwd
import select
import shutil
import signal
import subprocess
import tempfile
import time
from typing import Iterable, Mapping, Optional, Sequence

HERE = os.path.dirname(os.path.abspath(__file__))
PYTHON = "/usr/bin/python3"
USER = "assist-portal"
BASE_PREFIX = "assist-gnome-"

PORTAL_BUS = "org.freedesktop.portal.Desktop"
PORTAL_PATH = "/org/freedesktop/portal/desktop"
PORTAL_GNOME_BUS = "org.freedesktop.impl.portal.desktop.gnome"
VIDEO_SOURCE_CLASSES = ("Stream/Output/Video", "Video/Source")

# Binaries without which no session can be started (a test may skip when one is missing).
REQUIRED_BINARIES = (
    "/usr/bin/setpriv", "/usr/bin/dbus-daemon", "/usr/bin/dbus-update-activation-environment",
    "/usr/bin/gdbus", "/usr/bin/pipewire", "/usr/bin/wireplumber", "/usr/bin/pw-dump",
    "/usr/bin/mutter", "/usr/libexec/xdg-desktop-portal", "/usr/libexec/xdg-desktop-portal-gnome",
    "/usr/libexec/at-spi-bus-launcher", "/usr/bin/gst-launch-1.0",
)


class SessionError(RuntimeError):
    """The session (or one of its components) could not be started or queried."""


def missing_binaries(compositor: str = "mutter") -> list:
    """The required binaries (and the compositor) that are not installed."""
    needed = list(REQUIRED_BINARIES) + [shutil.which(compositor) or "/usr/bin/" + compositor]
    return [b for b in needed if not os.access(b, os.X_OK)]


def ensure_user(name: str = USER) -> pwd.struct_passwd:
    """Create the unprivileged user (with a home) if it does not exist yet."""
    try:
        return pwd.getpwnam(name)
    except KeyError:
        pass
    if os.geteuid() != 0:
        raise SessionError("user %r does not exist and only root can create it" % name)
    r = subprocess.run(["useradd", "-m", "-s", "/bin/bash", name], capture_output=True, text=True)
    if r.returncode not in (0, 9):  # 9: exists (created concurrently)
        raise SessionError("useradd %s failed: %s" % (name, r.stderr.strip()))
    return pwd.getpwnam(name)


def _tail(path: str, lines: int = 30) -> str:
    try:
        with open(path, "rb") as f:
            f.seek(0, os.SEEK_END)
            f.seek(max(0, f.tell() - 16384))
            text = f.read().decode("utf-8", "replace")
    except OSError as e:
        return "(no log: %s)" % e
    return "\n".join(text.splitlines()[-lines:])


def _proc_env(pid: int) -> bytes:
    try:
        with open("/proc/%d/environ" % pid, "rb") as f:
            return f.read()
    except OSError:
        return b""


def _proc_uid(pid: int) -> int:
    try:
        return os.stat("/proc/%d" % pid).st_uid
    except OSError:
        return -1


def _pids() -> Iterable[int]:
    for d in os.listdir("/proc"):
        if d.isdigit():
            yield int(d)


def _kill_pids(pids: Sequence[int], grace: float) -> None:
    """SIGTERM, wait up to ``grace`` seconds, SIGKILL what is left."""
    alive = []
    for pid in pids:
        try:
            os.kill(pid, signal.SIGTERM)
            alive.append(pid)
        except ProcessLookupError:
            pass
    deadline = time.monotonic() + grace
    while alive and time.monotonic() < deadline:
        alive = [p for p in alive if os.path.exists("/proc/%d" % p) and not _is_zombie(p)]
        if alive:
            time.sleep(0.05)
    for pid in alive:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def _is_zombie(pid: int) -> bool:
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] == "Z"
    except (OSError, IndexError):
        return True


def kill_stale_sessions(user: str = USER) -> list:
    """Kill the user's processes left by an earlier session whose runtime dir is gone, and
    remove base dirs that no live session uses (e.g. after the harness itself was SIGKILLed).
    Returns the pids killed."""
    try:
        uid = pwd.getpwnam(user).pw_uid
    except KeyError:
        return []
    stale = []
    marker = b"XDG_RUNTIME_DIR="
    for pid in _pids():
        if _proc_uid(pid) != uid:
            continue
        for var in _proc_env(pid).split(b"\0"):
            if var.startswith(marker):
                rt = var[len(marker):].decode("utf-8", "replace")
                if BASE_PREFIX in rt and not os.path.isdir(rt):
                    stale.append(pid)
                break
    _kill_pids(stale, 2.0)
    # base dirs of sessions whose harness died: no live process names them, older than a minute
    tmp = tempfile.gettempdir()
    live = set()
    for pid in _pids():
        if _proc_uid(pid) == uid:
            for var in _proc_env(pid).split(b"\0"):
                if var.startswith(marker):
                    live.add(os.path.dirname(var[len(marker):].decode("utf-8", "replace")))
    for name in os.listdir(tmp):
        path = os.path.join(tmp, name)
        if name.startswith(BASE_PREFIX) and not name.startswith(BASE_PREFIX + "logs-") \
                and path not in live and os.path.isdir(path):
            try:
                st = os.stat(path)
            except OSError:
                continue
            if st.st_uid == uid and time.time() - st.st_mtime > 60:
                shutil.rmtree(path, ignore_errors=True)
    return stale


def parse_gvariant(text: str):
    """Parse gdbus's printed GVariant text (tuples, arrays, dicts, variants, numbers, booleans,
    strings, object paths) into Python values. No gi needed: the harness runs under any python3."""
    s, i = text.strip(), 0
    typed_prefixes = ("uint32", "int32", "uint64", "int64", "uint16", "int16", "byte", "double",
                      "objectpath", "signature", "handle")

    def ws():
        nonlocal i
        while i < len(s) and s[i] in " \t\n,":
            i += 1

    def value():
        nonlocal i
        ws()
        c = s[i]
        if c == "@":   # a type annotation such as @a{sv}
            while s[i] not in " \t":
                i += 1
            return value()
        if c in "([{<":
            close = {"(": ")", "[": "]", "{": "}", "<": ">"}[c]
            i += 1
            items, is_dict = [], False
            while True:
                ws()
                if s[i] == close:
                    i += 1
                    break
                k = value()
                ws()
                if s[i] == ":":
                    i += 1
                    is_dict = True
                    items.append((k, value()))
                else:
                    items.append(k)
            if c == "<":
                return items[0]
            if is_dict:
                return dict(items)
            return tuple(items) if c == "(" else items
        if c in "'\"":
            j, out = i + 1, []
            while s[j] != c:
                if s[j] == "\\":
                    j += 1
                out.append(s[j])
                j += 1
            i = j + 1
            return "".join(out)
        m = re.match(r"[A-Za-z_][A-Za-z0-9_]*|[-+0-9.eE]+", s[i:])
        if not m:
            raise ValueError("cannot parse GVariant text at %d: %r" % (i, s[i:i + 20]))
        word = m.group(0)
        i += len(word)
        if word in typed_prefixes:
            return value()
        if word in ("true", "false"):
            return word == "true"
        if word == "nothing":
            return None
        return float(word) if any(ch in word for ch in ".eE") and not word.isdigit() else int(word)

    return value()


# ---------------------------------------------------------------------- pictures and test windows

def _pixbuf(path: str):
    import gi
    gi.require_version("GdkPixbuf", "2.0")
    from gi.repository import GdkPixbuf
    return GdkPixbuf.Pixbuf.new_from_file(path)


def png_pixel(path: str, x: int, y: int):
    """(r, g, b) at (x, y) of a PNG (GdkPixbuf: run under /usr/bin/python3)."""
    pb = _pixbuf(path)
    i = y * pb.get_rowstride() + x * pb.get_n_channels()
    return tuple(pb.get_pixels()[i:i + 3])


def png_size(path: str):
    pb = _pixbuf(path)
    return pb.get_width(), pb.get_height()


def colour_fraction(path: str, rgb, tolerance: int = 6, step: int = 4) -> float:
    """Share of the PNG's pixels (sampled every ``step`` pixels) within ``tolerance`` of ``rgb``
    ("#rrggbb" or a tuple)."""
    if isinstance(rgb, str):
        rgb = tuple(int(rgb.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4))
    pb = _pixbuf(path)
    w, h, n, stride = pb.get_width(), pb.get_height(), pb.get_n_channels(), pb.get_rowstride()
    data = pb.get_pixels()
    hit = total = 0
    r0, g0, b0 = rgb
    for y in range(0, h, step):
        base = y * stride
        for x in range(0, w, step):
            i = base + x * n
            total += 1
            if abs(data[i] - r0) <= tolerance and abs(data[i + 1] - g0) <= tolerance \
                    and abs(data[i + 2] - b0) <= tolerance:
                hit += 1
    return hit / total if total else 0.0


class PatternWindow:
    """A running pattern_window.py (see GnomeSession.spawn_pattern_window)."""

    def __init__(self, proc: subprocess.Popen, events_path: str, title: str):
        self.proc, self.events_path, self.title = proc, events_path, title

    def events(self) -> list:
        try:
            with open(self.events_path) as f:
                return [json.loads(line) for line in f if line.strip()]
        except FileNotFoundError:
            return []

    def wait_event(self, pred, timeout: float = 10.0, what: str = "event"):
        """The first recorded event for which ``pred(event)`` is true (polls the events file)."""
        deadline = time.monotonic() + timeout
        while True:
            for e in self.events():
                if pred(e):
                    return e
            if self.proc.poll() is not None:
                raise SessionError("pattern window %r exited (%s) before %s" % (
                    self.title, self.proc.returncode, what))
            if time.monotonic() > deadline:
                raise SessionError("pattern window %r: no %s within %.0f s; events: %s" % (
                    self.title, what, timeout, self.events()[-10:]))
            time.sleep(0.05)

    def next_colour(self) -> None:
        """Cycle to the next colour (SIGUSR1); wait for its {"event": "color"} if needed."""
        os.kill(self.proc.pid, signal.SIGUSR1)

    def clicks(self) -> list:
        return [e for e in self.events() if e.get("event") == "click"]

    def keys(self) -> list:
        return [e for e in self.events() if e.get("event") == "key"]


def parse_pw_dump(text: str) -> list:
    """pw-dump prints one JSON array, and more arrays after it when objects change meanwhile
    (an update repeats an object's id; {"id": N, "info": null} means it was removed). Merge them."""
    dec = json.JSONDecoder()
    objects, order = {}, []
    i, text = 0, text or ""
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if i >= len(text):
            break
        batch, i = dec.raw_decode(text, i)
        for obj in batch if isinstance(batch, list) else [batch]:
            oid = obj.get("id")
            if "info" in obj and obj["info"] is None and len(obj) <= 3:
                objects.pop(oid, None)
                continue
            if oid in objects:
                objects[oid].update(obj)
            else:
                objects[oid] = obj
                order.append(oid)
    return [objects[o] for o in order if o in objects]


class Component:
    def __init__(self, name: str, proc: subprocess.Popen, log: str):
        self.name, self.proc, self.log = name, proc, log


class GnomeSession:
    """A headless GNOME (mutter or gnome-shell) Wayland session with the desktop portals.

    Parameters
    ----------
    log_dir:      folder for one log per component (kept after ``stop``); a new
                  /tmp/assist-gnome-logs-* folder when None.
    compositor:   "mutter" (monitor sharing only) or "gnome-shell" (monitor and window sharing).
    size:         (width, height) of the one virtual monitor.
    portals:      start xdg-desktop-portal(-gnome) (False: compositor only).
    a11y:         start the AT-SPI bus launcher up front (needed to drive the portal dialog).
    gsk_renderer: GSK_RENDERER for GTK 4 processes in the session ("cairo" is fast on CPU
                  only machines; None keeps GTK's default).
    start_timeout: bound, in seconds, for each component to come up.
    compositor_args: more arguments for mutter / gnome-shell (e.g. a second
                  "--virtual-monitor", "800x600").
    """

    def __init__(self, log_dir: Optional[str] = None, compositor: str = "mutter",
                 size: Sequence[int] = (1280, 720), portals: bool = True, a11y: bool = True,
                 gsk_renderer: Optional[str] = "cairo", start_timeout: float = 30.0,
                 user: str = USER, wayland_display: str = "wayland-assist",
                 compositor_args: Sequence[str] = ()):
        if compositor not in ("mutter", "gnome-shell"):
            raise ValueError("compositor must be 'mutter' or 'gnome-shell'")
        self.compositor = compositor
        self.compositor_args = [str(a) for a in compositor_args]
        self.size = (int(size[0]), int(size[1]))
        self.portals = portals
        self.a11y = a11y
        self.gsk_renderer = gsk_renderer
        self.start_timeout = start_timeout
        self.user = user
        self.wayland_display = wayland_display
        self.log_dir = log_dir
        self.base_dir = self.runtime_dir = self.tmp_dir = None
        self.bus_address = self.system_bus_address = None
        self.uid = self.gid = None
        self.home = None
        self.timings = {}          # component -> seconds to come up; "total" for start()
        self._components = []      # Component, in start order
        self._spawned = []         # (name, Popen) started with spawn()
        self._env = None
        self._spawn_count = 0
        self._started = False

    # ------------------------------------------------------------------ lifecycle

    def __enter__(self) -> "GnomeSession":
        self.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop()

    def start(self) -> "GnomeSession":
        if self._started:
            return self
        if os.geteuid() != 0:
            raise SessionError("GnomeSession must be started as root (it switches to %r)" % self.user)
        missing = missing_binaries(self.compositor)
        if missing:
            raise SessionError("missing binaries: %s" % ", ".join(missing))
        t_start = time.monotonic()
        pw = ensure_user(self.user)
        self.uid, self.gid, self.home = pw.pw_uid, pw.pw_gid, pw.pw_dir
        kill_stale_sessions(self.user)
        if self.log_dir is None:
            self.log_dir = tempfile.mkdtemp(prefix="assist-gnome-logs-")
        os.makedirs(self.log_dir, exist_ok=True)
        # <base> (user, 0700) / run = XDG_RUNTIME_DIR (0700), xdg/{config,data,cache,state}, tmp
        self.base_dir = tempfile.mkdtemp(prefix=BASE_PREFIX)
        os.chown(self.base_dir, self.uid, self.gid)
        os.chmod(self.base_dir, 0o700)
        self.runtime_dir = os.path.join(self.base_dir, "run")
        self.tmp_dir = os.path.join(self.base_dir, "tmp")
        dirs = [self.runtime_dir, self.tmp_dir] + [
            os.path.join(self.base_dir, "xdg", d) for d in ("config", "data", "cache", "state")]
        os.makedirs(os.path.join(self.base_dir, "xdg"))
        os.chown(os.path.join(self.base_dir, "xdg"), self.uid, self.gid)
        for d in dirs:
            os.mkdir(d, 0o700)
            os.chown(d, self.uid, self.gid)
        self.bus_address = "unix:path=%s/bus" % self.runtime_dir
        self.system_bus_address = "unix:path=%s/system_bus" % self.runtime_dir
        self._env = self._base_env()
        self._started = True
        try:
            self._start_components()
        except BaseException:
            self.stop()
            raise
        self.timings["total"] = round(time.monotonic() - t_start, 3)
        return self

    def _base_env(self) -> dict:
        x = os.path.join(self.base_dir, "xdg")
        env = {
            "HOME": self.home, "USER": self.user, "LOGNAME": self.user, "SHELL": "/bin/bash",
            "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
            "XDG_RUNTIME_DIR": self.runtime_dir,
            "XDG_CONFIG_HOME": x + "/config", "XDG_DATA_HOME": x + "/data",
            "XDG_CACHE_HOME": x + "/cache", "XDG_STATE_HOME": x + "/state",
            "XDG_DATA_DIRS": "/usr/local/share:/usr/share", "XDG_CONFIG_DIRS": "/etc/xdg",
            "TMPDIR": self.tmp_dir,
            "DBUS_SESSION_BUS_ADDRESS": self.bus_address,
            "DBUS_SYSTEM_BUS_ADDRESS": self.system_bus_address,
            "WAYLAND_DISPLAY": self.wayland_display,
            "XDG_CURRENT_DESKTOP": "GNOME", "XDG_SESSION_DESKTOP": "gnome",
            "DESKTOP_SESSION": "gnome", "XDG_SESSION_TYPE": "wayland", "XDG_SESSION_CLASS": "user",
            "GDK_BACKEND": "wayland",
        }
        if self.gsk_renderer:
            env["GSK_RENDERER"] = self.gsk_renderer
        return env

    def _start_components(self) -> None:
        rt = self.runtime_dir
        # A private, empty system bus: gnome-shell needs one; mutter and the app then never
        # reach a host system bus either.
        self._start("system-bus", ["dbus-daemon", "--session", "--nofork", "--nopidfile",
                                   "--address=" + self.system_bus_address],
                    ready=lambda: os.path.exists(rt + "/system_bus"))
        self._start_session_bus()
        if self.a11y:
            self._start("at-spi", ["/usr/libexec/at-spi-bus-launcher"],
                        ready=lambda: self.has_name("org.a11y.Bus"))
        # No animations (faster, steadier on a CPU-only machine) and no notification banners
        # (gnome-shell's "Screen Lock disabled" would cover the top of the screen); dconf keeps
        # them in our private XDG_CONFIG_HOME.
        self.run(["sh", "-c", "gsettings set org.gnome.desktop.interface enable-animations false"
                  " && gsettings set org.gnome.desktop.notifications show-banners false"],
                 timeout=10, check=True)
        self._start("pipewire", ["pipewire"], ready=lambda: os.path.exists(rt + "/pipewire-0"))
        self._start("wireplumber", ["wireplumber"], ready=self._wireplumber_ready)
        w, h = self.size
        argv = [self.compositor, "--wayland", "--headless", "--no-x11",
                "--wayland-display=" + self.wayland_display, "--virtual-monitor", "%dx%d" % (w, h)
                ] + self.compositor_args
        sock = os.path.join(rt, self.wayland_display)
        self._start("compositor", argv, ready=lambda: os.path.exists(sock) and self.has_name(
            "org.gnome.Shell" if self.compositor == "gnome-shell" else "org.gnome.Mutter.ScreenCast"))
        if self.compositor == "gnome-shell":
            t0 = time.monotonic()
            self.close_overview()
            self.timings["close-overview"] = round(time.monotonic() - t0, 3)
        r = self.run(["dbus-update-activation-environment", "WAYLAND_DISPLAY", "XDG_CURRENT_DESKTOP",
                      "XDG_SESSION_TYPE", "XDG_RUNTIME_DIR"], timeout=10)
        if r.returncode != 0:
            raise SessionError("dbus-update-activation-environment failed: %s" % r.stderr)
        if self.portals:
            self._start("xdg-desktop-portal-gnome", ["/usr/libexec/xdg-desktop-portal-gnome", "-v"],
                        ready=lambda: self.has_name(PORTAL_GNOME_BUS))
            self._start("xdg-desktop-portal", ["/usr/libexec/xdg-desktop-portal", "-v"],
                        ready=lambda: self.has_name(PORTAL_BUS))

    def _start_session_bus(self) -> None:
        """dbus-daemon --print-address=FD: ready when it has printed its address."""
        t0 = time.monotonic()
        rfd, wfd = os.pipe()
        log = os.path.join(self.log_dir, "session-bus.log")
        proc = self._popen(["dbus-daemon", "--session", "--nofork", "--nopidfile",
                            "--address=" + self.bus_address, "--print-address=%d" % wfd],
                           log, pass_fds=(wfd,))
        os.close(wfd)
        comp = Component("session-bus", proc, log)
        self._components.append(comp)
        buf = b""
        deadline = t0 + self.start_timeout
        try:
            while not buf.endswith(b"\n"):
                left = deadline - time.monotonic()
                if left <= 0 or proc.poll() is not None:
                    self._fail(comp, "did not print its address")
                ready, _, _ = select.select([rfd], [], [], min(left, 0.2))
                if ready:
                    chunk = os.read(rfd, 4096)
                    if not chunk:
                        self._fail(comp, "closed its address pipe")
                    buf += chunk
        finally:
            os.close(rfd)
        self.bus_address = buf.decode().strip()   # with its guid
        self._env["DBUS_SESSION_BUS_ADDRESS"] = self.bus_address
        self.timings["session-bus"] = round(time.monotonic() - t0, 3)

    def _start(self, name: str, argv: Sequence[str], ready) -> Component:
        t0 = time.monotonic()
        log = os.path.join(self.log_dir, name + ".log")
        comp = Component(name, self._popen(argv, log), log)
        self._components.append(comp)
        deadline = t0 + self.start_timeout
        delay = 0.05
        while True:
            if comp.proc.poll() is not None:
                self._fail(comp, "exited with code %s while starting" % comp.proc.returncode)
            try:
                if ready():
                    break
            except SessionError:
                pass
            if time.monotonic() > deadline:
                self._fail(comp, "not ready after %.0f s" % self.start_timeout)
            time.sleep(delay)
            delay = min(delay * 1.5, 0.3)
        self.timings[name] = round(time.monotonic() - t0, 3)
        return comp

    def _fail(self, comp: Component, what: str):
        argv = comp.proc.args[comp.proc.args.index("--") + 1:]
        raise SessionError("%s (%s) %s; end of its log %s:\n%s" % (
            comp.name, " ".join(argv), what, comp.log, _tail(comp.log)))

    def _wireplumber_ready(self) -> bool:
        for obj in self.pipewire_objects():
            props = (obj.get("info") or {}).get("props") or {}
            if obj.get("type") == "PipeWire:Interface:Client" and \
                    "wireplumber" in str(props.get("application.name", "")).lower():
                return True
        return False

    def stop(self) -> None:
        """Stop everything (TERM, then KILL after a bound), leave no process, remove the runtime dir."""
        if not self._started:
            return
        self._started = False
        for name, proc in reversed(self._spawned):
            self._stop_proc(proc, 3.0)
        for comp in reversed(self._components):
            self._stop_proc(comp.proc, 5.0)
        # Anything else started inside the session (D-Bus activated services, helpers' children):
        # every process of the user whose environment names our runtime dir.
        self._kill_leftovers()
        self._spawned, self._components = [], []
        if self.base_dir:
            for _ in range(5):   # a dying service may still write into the runtime dir
                shutil.rmtree(self.base_dir, ignore_errors=True)
                if not os.path.exists(self.base_dir):
                    break
                time.sleep(0.2)
                self._kill_leftovers()

    def _stop_proc(self, proc: subprocess.Popen, grace: float) -> None:
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
            try:
                proc.wait(grace)
            except subprocess.TimeoutExpired:
                pass
        try:
            os.killpg(proc.pid, signal.SIGKILL)   # also what is left in its process group
        except (ProcessLookupError, PermissionError):
            pass
        try:
            proc.wait(2.0)
        except subprocess.TimeoutExpired:
            pass

    def component_pid(self, name: str) -> int:
        """The process id of a running component ("compositor", "pipewire", ...)."""
        for component in self._components:
            if component.name == name:
                return component.proc.pid
        raise SessionError("no component %r in this session" % name)

    def session_pids(self) -> list:
        """Pids of the user's processes that belong to this session (by XDG_RUNTIME_DIR)."""
        if self.uid is None or not self.runtime_dir:
            return []
        marker = ("XDG_RUNTIME_DIR=%s" % self.runtime_dir).encode()
        me = os.getpid()
        return [p for p in _pids() if p != me and _proc_uid(p) == self.uid
                and marker in _proc_env(p).split(b"\0") and not _is_zombie(p)]

    def _kill_leftovers(self) -> None:
        for _ in range(3):
            pids = self.session_pids()
            if not pids:
                return
            _kill_pids(pids, 3.0)

    # ------------------------------------------------------------------ processes in the session

    @property
    def env(self) -> dict:
        """The environment of a process in the session (a copy)."""
        if self._env is None:
            raise SessionError("session not started")
        return dict(self._env)

    def _popen(self, argv: Sequence[str], log: Optional[str], env_extra: Optional[Mapping] = None,
               **kw) -> subprocess.Popen:
        env = self.env
        for k, v in (env_extra or {}).items():
            if v is None:
                env.pop(k, None)
            else:
                env[k] = str(v)
        cmd = ["setpriv", "--reuid=%d" % self.uid, "--regid=%d" % self.gid, "--init-groups",
               "--pdeathsig=TERM", "--"] + [str(a) for a in argv]
        kw.setdefault("cwd", self.home)
        kw.setdefault("stdin", subprocess.DEVNULL)
        kw.setdefault("start_new_session", True)
        close = []
        if log is not None:
            if "stdout" not in kw or "stderr" not in kw:
                f = open(log, "wb")
                close.append(f)
                kw.setdefault("stdout", f)
                kw.setdefault("stderr", subprocess.STDOUT if kw["stdout"] is f else f)
        try:
            return subprocess.Popen(cmd, env=env, **kw)
        finally:
            for f in close:
                f.close()

    def spawn(self, argv: Sequence[str], env_extra: Optional[Mapping] = None,
              log: Optional[str] = None, **popen_kwargs) -> subprocess.Popen:
        """Start ``argv`` as the user inside the session; it is stopped by ``stop()`` at the latest.

        Unless stdout/stderr are given, output goes to ``<log_dir>/<log or argv[0]>-N.log``
        (``self.log_path(p)`` tells which). ``env_extra`` adds to (value None: removes from)
        ``env``. Runs in a new process group, cwd = the user's home unless ``cwd`` is given.
        """
        self._require_started()
        self._spawn_count += 1
        prog = os.path.basename(str(argv[0]))
        if prog.startswith("python") and len(argv) > 1:   # name the log after the script
            prog = os.path.splitext(os.path.basename(str(argv[1])))[0]
        name = "%s-%d" % (log or prog, self._spawn_count)
        path = os.path.join(self.log_dir, name + ".log")
        proc = self._popen(argv, path, env_extra, **popen_kwargs)
        proc.log_path = path if not ("stdout" in popen_kwargs and "stderr" in popen_kwargs) else None
        self._spawned.append((name, proc))
        return proc

    def run(self, argv: Sequence[str], timeout: float = 30.0, env_extra: Optional[Mapping] = None,
            input: Optional[str] = None, check: bool = False, **popen_kwargs) -> subprocess.CompletedProcess:
        """Run a short command as the user in the session; returns text stdout/stderr.

        On timeout the whole process group is killed and ``subprocess.TimeoutExpired`` raised.
        ``check=True`` raises SessionError (with stderr) on a non-zero exit.
        """
        self._require_started()
        popen_kwargs.setdefault("stdout", subprocess.PIPE)
        popen_kwargs.setdefault("stderr", subprocess.PIPE)
        if input is not None:
            popen_kwargs["stdin"] = subprocess.PIPE
        proc = self._popen(argv, None, env_extra, text=True, **popen_kwargs)
        try:
            out, err = proc.communicate(input, timeout=timeout)
        except subprocess.TimeoutExpired:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            out, err = proc.communicate()
            raise subprocess.TimeoutExpired(argv, timeout, out, err)
        res = subprocess.CompletedProcess(list(argv), proc.returncode, out, err)
        if check and res.returncode != 0:
            raise SessionError("%s exited %d: %s%s" % (" ".join(map(str, argv)), res.returncode,
                                                        err, out))
        return res

    def run_python(self, script: str, *args, timeout: float = 30.0, **kw) -> subprocess.CompletedProcess:
        """Run one of the scripts beside this file (e.g. "portal_dialog.py") as the user."""
        return self.run([PYTHON, os.path.join(HERE, script)] + [str(a) for a in args],
                        timeout=timeout, **kw)

    def log_path(self, proc: subprocess.Popen) -> Optional[str]:
        return getattr(proc, "log_path", None)

    def log_tail(self, name: str, lines: int = 40) -> str:
        """The end of a component's log ("compositor", "xdg-desktop-portal-gnome", ...)."""
        return _tail(os.path.join(self.log_dir, name + ".log"), lines)

    def _require_started(self) -> None:
        if not self._started:
            raise SessionError("session not started")

    # ------------------------------------------------------------------ queries

    def has_name(self, name: str) -> bool:
        r = self.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus",
                      "--object-path", "/org/freedesktop/DBus",
                      "--method", "org.freedesktop.DBus.NameHasOwner", name], timeout=10)
        if r.returncode != 0:
            raise SessionError("NameHasOwner(%s) failed: %s" % (name, r.stderr.strip()))
        return "true" in r.stdout

    def wait_for_name(self, name: str, timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        while not self.has_name(name):
            if time.monotonic() > deadline:
                raise SessionError("%s did not appear on the session bus within %.0f s" % (name, timeout))
            time.sleep(0.1)

    def gdbus_call(self, dest: str, path: str, method: str, *args: str, timeout: float = 15.0):
        """``gdbus call --session`` as the user; returns the reply as Python values."""
        r = self.run(["gdbus", "call", "--session", "--dest", dest, "--object-path", path,
                      "--method", method] + list(args), timeout=timeout)
        if r.returncode != 0:
            raise SessionError("%s on %s failed: %s" % (method, dest, r.stderr.strip()))
        return parse_gvariant(r.stdout)

    def get_property(self, dest: str, path: str, interface: str, prop: str):
        return self.gdbus_call(dest, path, "org.freedesktop.DBus.Properties.Get", interface, prop)[0]

    def portal_property(self, interface: str, prop: str):
        """E.g. portal_property("org.freedesktop.portal.ScreenCast", "AvailableSourceTypes")."""
        return self.get_property(PORTAL_BUS, PORTAL_PATH, interface, prop)

    def pipewire_objects(self) -> list:
        """``pw-dump`` of the session's PipeWire, parsed."""
        r = self.run(["pw-dump", "--no-colors"], timeout=15)
        if r.returncode != 0:
            raise SessionError("pw-dump failed: %s" % r.stderr.strip())
        try:
            return parse_pw_dump(r.stdout)
        except ValueError as e:
            raise SessionError("pw-dump output is not JSON: %s\n%s" % (e, r.stdout[:2000]))

    def pipewire_nodes(self, media_class=VIDEO_SOURCE_CLASSES) -> list:
        """PipeWire nodes; by default the video sources (mutter's screen cast streams are
        "Stream/Output/Video" nodes named "mutter", media.name "meta-screen-cast-src").

        ``media_class``: one class, a tuple of classes, or None for every node.
        Each item: {"id": int, "name": node.name, "media_class": ..., "props": {...}}.
        """
        if isinstance(media_class, str):
            media_class = (media_class,)
        nodes = []
        for obj in self.pipewire_objects():
            if obj.get("type") != "PipeWire:Interface:Node":
                continue
            props = (obj.get("info") or {}).get("props") or {}
            if media_class is not None and props.get("media.class") not in media_class:
                continue
            nodes.append({"id": obj.get("id"), "name": props.get("node.name"),
                          "media_class": props.get("media.class"), "props": props})
        return nodes

    def screencast_nodes(self) -> list:
        """The compositor's screen cast streams now in PipeWire (portal and screenshot ones)."""
        return [n for n in self.pipewire_nodes()
                if n["props"].get("media.name") == "meta-screen-cast-src"]

    def screenshot(self, path: str, timeout: float = 20.0) -> str:
        """PNG of the whole virtual monitor (mutter's private ScreenCast API: no dialog).

        ``path`` may be anywhere root can write; the frame is made in the session's tmp dir.
        """
        tmp = os.path.join(self.tmp_dir, "shot-%d.png" % time.monotonic_ns())
        r = self.run_python("session_tools.py", "screenshot", tmp, timeout=timeout)
        if r.returncode != 0 or not os.path.exists(tmp):
            raise SessionError("screenshot failed (rc %s): %s%s" % (r.returncode, r.stdout, r.stderr))
        shutil.move(tmp, path)
        return path

    def spawn_pattern_window(self, title: str, colours: Sequence[str] = ("#ff00ff",),
                             size: Optional[str] = None, fullscreen: bool = False,
                             maximized: bool = False, timeout: float = 15.0,
                             settle: float = 0.5, motion: bool = False) -> PatternWindow:
        """Start pattern_window.py in the session, wait until its first frame is drawn, then
        ``settle`` seconds more for the compositor's map animation."""
        events = os.path.join(self.tmp_dir, "pattern-%s.jsonl" % time.monotonic_ns())
        argv = [PYTHON, os.path.join(HERE, "pattern_window.py"), "--title", title,
                "--colors", ",".join(colours), "--events", events]
        if size:
            argv += ["--size", size]
        if fullscreen:
            argv.append("--fullscreen")
        if maximized:
            argv.append("--maximized")
        if motion:
            argv.append("--motion")
        win = PatternWindow(self.spawn(argv), events, title)
        win.wait_event(lambda e: e.get("event") == "ready", timeout, "first frame")
        time.sleep(settle)   # mutter's map animation (~0.25 s) ignores enable-animations
        return win

    def wait_for_screen(self, pred, path: str, timeout: float = 8.0) -> str:
        """Take screenshots to ``path`` until ``pred(path)`` is true (e.g. a colour fills the
        screen: windows map with a short animation). Raises SessionError at the deadline."""
        deadline = time.monotonic() + timeout
        while True:
            self.screenshot(path)
            if pred(path):
                return path
            if time.monotonic() > deadline:
                raise SessionError("the screen did not show what was expected within %.0f s "
                                   "(last screenshot: %s)" % (timeout, path))
            time.sleep(0.2)

    def close_overview(self, timeout: float = 15.0) -> None:
        """gnome-shell starts in the overview: wait for its startup animation, then leave it
        (org.gnome.Shell's OverviewActive property is writable by any client)."""
        shell, path, iface = "org.gnome.Shell", "/org/gnome/Shell", "org.gnome.Shell"
        t0 = time.monotonic()
        deadline = t0 + timeout
        seen_active = False
        while time.monotonic() < deadline:
            try:   # the name is owned a moment before /org/gnome/Shell is exported
                active = self.get_property(shell, path, iface, "OverviewActive")
                if active:
                    seen_active = True
                    self.gdbus_call(shell, path, "org.freedesktop.DBus.Properties.Set", iface,
                                    "OverviewActive", "<false>")
                elif seen_active or time.monotonic() - t0 > 5.0:
                    time.sleep(0.5)   # the startup animation must not bring it back
                    if not self.get_property(shell, path, iface, "OverviewActive"):
                        return
            except SessionError:
                pass
            time.sleep(0.2)
        raise SessionError("gnome-shell overview did not close; log:\n" + self.log_tail("compositor"))


if __name__ == "__main__":   # smoke run: python3 gnome_session.py [mutter|gnome-shell]
    import sys
    comp = sys.argv[1] if len(sys.argv) > 1 else "mutter"
    with GnomeSession(compositor=comp) as s:
        print("started in %.2f s: %s" % (s.timings["total"], s.timings))
        print("logs:", s.log_dir)
        print("AvailableSourceTypes:", s.portal_property("org.freedesktop.portal.ScreenCast",
                                                         "AvailableSourceTypes"))
