#!/usr/bin/python3
"""A raw org.freedesktop.portal.ScreenCast client (Gio only), for proving the harness.

Run inside the session as its user:

    portal_client.py [--types monitor|window|monitor,window] [--out FRAME.png]
                     [--persist N] [--restore-token T] [--remote-desktop] [--hold]

CreateSession -> (RemoteDesktop SelectDevices) -> SelectSources -> Start (the portal shows its
dialog here) -> OpenPipeWireRemote -> one frame through
``gst-launch-1.0 pipewiresrc fd=FD path=NODE ! videoconvert ! pngenc snapshot=true ! filesink``.

Prints one JSON object per line on stdout, e.g.
    {"event": "response", "method": "Start", "code": 0, "results": {...}}
    {"event": "started", "node": 47, "streams": [...], "restore_token": null}
    {"event": "frame", "path": "...", "bytes": 12345}
    {"event": "closed"}
With --hold it waits after the frame for a line on stdin: "close" closes the portal session,
"click X Y" (with --remote-desktop) moves the pointer to (X, Y) of the stream and clicks,
"key KEYSYM" presses and releases a key (e.g. "key 0x61"), "quit" exits without closing. Exit code: 0 ok, 1 a request was answered with a non-zero response
(1 = cancelled by the user, 2 = other), 3 timeout, 4 no frame.
"""
import argparse
import json
import os
import subprocess
import sys
import time

from gi.repository import Gio, GLib

BUS_NAME = "org.freedesktop.portal.Desktop"
PATH = "/org/freedesktop/portal/desktop"
SC = "org.freedesktop.portal.ScreenCast"
RD = "org.freedesktop.portal.RemoteDesktop"
TYPES = {"monitor": 1, "window": 2, "virtual": 4}


def emit(**kw):
    print(json.dumps(kw, default=str), flush=True)


def plain(v):
    """GLib.Variant contents -> JSON-able values."""
    if isinstance(v, GLib.Variant):
        v = v.unpack()
    if isinstance(v, dict):
        return {str(k): plain(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [plain(x) for x in v]
    return v


class Portal:
    def __init__(self, timeout: float):
        self.bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        self.sender = self.bus.get_unique_name()[1:].replace(".", "_")
        self.timeout = timeout
        self.n = 0

    def call(self, iface, method, args, reply="(o)", fds=None):
        r = self.bus.call_with_unix_fd_list_sync(
            BUS_NAME, PATH, iface, method, args, GLib.VariantType(reply), Gio.DBusCallFlags.NONE,
            int(self.timeout * 1000), fds, None)
        return r

    def input(self, method, sig, args):
        """A RemoteDesktop Notify* call (input into the session's devices)."""
        self.bus.call_sync(BUS_NAME, PATH, RD, method, GLib.Variant(sig, args), None,
                           Gio.DBusCallFlags.NONE, 5000, None)

    def request(self, iface, method, head, options):
        """Call a method that answers through a Request object's Response signal."""
        self.n += 1
        token = "assist%d_%d" % (os.getpid(), self.n)
        path = "%s/request/%s/%s" % (PATH, self.sender, token)
        got = {}

        def on_response(_c, _s, _p, _i, _n, params):
            got["code"], got["results"] = params.unpack()

        # Subscribe before the call: the answer may come before the call returns.
        sub = self.bus.signal_subscribe(None, "org.freedesktop.portal.Request", "Response",
                                        path, None, Gio.DBusSignalFlags.NONE, on_response)
        options = dict(options)
        options["handle_token"] = GLib.Variant("s", token)
        sig = "(" + "".join(t for t, _ in head) + "a{sv})"
        args = GLib.Variant(sig, tuple(v for _, v in head) + (options,))
        handle, _ = self.call(iface, method, args)
        handle = handle.unpack()[0]
        if handle != path:
            emit(event="warning", what="request path differs", expected=path, got=handle)
        deadline = time.monotonic() + self.timeout
        ctx = GLib.MainContext.default()
        while "code" not in got and time.monotonic() < deadline:
            if not ctx.iteration(False):
                time.sleep(0.01)
        self.bus.signal_unsubscribe(sub)
        if "code" not in got:
            emit(event="timeout", method=method, seconds=self.timeout)
            sys.exit(3)
        emit(event="response", method=method, code=int(got["code"]), results=plain(got["results"]))
        if got["code"] != 0:
            sys.exit(1)
        return got["results"]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--types", default="monitor")
    ap.add_argument("--out", default=None, help="PNG of the first frame")
    ap.add_argument("--persist", type=int, default=None)
    ap.add_argument("--restore-token", default=None)
    ap.add_argument("--remote-desktop", action="store_true",
                    help="a RemoteDesktop session (pointer+keyboard) with a screen cast in it")
    ap.add_argument("--hold", action="store_true")
    ap.add_argument("--warm-up", type=float, default=0.5,
                    help="RemoteDesktop: use the new devices once and wait this long (0: don't)")
    ap.add_argument("--click-delay", type=float, default=0.1,
                    help="seconds between moving the pointer and pressing the button")
    ap.add_argument("--timeout", type=float, default=30.0)
    a = ap.parse_args()
    types = 0
    for t in a.types.split(","):
        types |= TYPES[t.strip()]

    p = Portal(a.timeout)
    main_iface = RD if a.remote_desktop else SC
    r = p.request(main_iface, "CreateSession", [],
                  {"session_handle_token": GLib.Variant("s", "assists%d" % os.getpid())})
    session = r["session_handle"]
    if a.remote_desktop:
        p.request(RD, "SelectDevices", [("o", session)],
                  {"types": GLib.Variant("u", 3)})  # keyboard | pointer
    sel = {"types": GLib.Variant("u", types), "multiple": GLib.Variant("b", False),
           "cursor_mode": GLib.Variant("u", 1)}
    if a.persist is not None:
        sel["persist_mode"] = GLib.Variant("u", a.persist)
    if a.restore_token:
        sel["restore_token"] = GLib.Variant("s", a.restore_token)
    p.request(SC, "SelectSources", [("o", session)], sel)
    r = p.request(main_iface, "Start", [("o", session), ("s", "")], {})
    streams = plain(r.get("streams", []))
    if not streams:
        emit(event="error", what="Start gave no streams")
        return 2
    node = int(streams[0][0])
    emit(event="started", node=node, streams=streams, restore_token=r.get("restore_token"),
         devices=r.get("devices"), session=session)

    (fdv, fdlist) = p.call(SC, "OpenPipeWireRemote", GLib.Variant("(oa{sv})", (session, {})),
                           reply="(h)")
    fd = fdlist.get(fdv.unpack()[0])
    rc = 0
    if a.out:
        cmd = ["gst-launch-1.0", "-q", "pipewiresrc", "fd=%d" % fd, "path=%d" % node,
               "always-copy=true", "!", "videoconvert", "!", "pngenc", "snapshot=true", "!",
               "filesink", "location=" + a.out]
        try:
            g = subprocess.run(cmd, pass_fds=[fd], timeout=a.timeout)
            ok = g.returncode == 0 and os.path.exists(a.out) and os.path.getsize(a.out) > 0
        except subprocess.TimeoutExpired:
            ok = False
        if ok:
            emit(event="frame", path=a.out, bytes=os.path.getsize(a.out))
        else:
            emit(event="error", what="no frame")
            rc = 4
    if a.remote_desktop and a.warm_up and (r.get("devices") or 0) & 3 == 3:
        # mutter makes the session's virtual pointer and keyboard on their first use, and only
        # then does the seat offer them to Wayland clients: the very first press or key can be
        # lost. Use both once (pointer to the centre, Shift tapped) and let clients catch up.
        w, h = streams[0][1].get("size", (2, 2))
        p.input("NotifyPointerMotionAbsolute", "(oa{sv}udd)", (session, {}, node, w / 2, h / 2))
        for pressed in (1, 0):
            p.input("NotifyKeyboardKeysym", "(oa{sv}iu)", (session, {}, 0xffe1, pressed))  # Shift_L
        time.sleep(a.warm_up)
        emit(event="warmed-up")
    if a.hold:
        emit(event="holding")
        for line in sys.stdin:
            words = line.split()
            if not words:
                continue
            if words[0] == "close":
                break
            if words[0] == "quit":
                return rc
            try:
                if words[0] == "click" and a.remote_desktop:
                    x, y = float(words[1]), float(words[2])
                    p.input("NotifyPointerMotionAbsolute", "(oa{sv}udd)", (session, {}, node, x, y))
                    # mutter moves the pointer focus to the surface under the new position on
                    # its next frame: a press sent at once can go to the old focus and be lost.
                    time.sleep(a.click_delay)
                    for pressed in (1, 0):   # BTN_LEFT (linux/input-event-codes.h)
                        p.input("NotifyPointerButton", "(oa{sv}iu)", (session, {}, 0x110, pressed))
                    emit(event="clicked", x=x, y=y)
                elif words[0] == "key" and a.remote_desktop:   # key KEYSYM, e.g. 0x61 for "a"
                    keysym = int(words[1], 0)
                    for pressed in (1, 0):
                        p.input("NotifyKeyboardKeysym", "(oa{sv}iu)", (session, {}, keysym, pressed))
                    emit(event="keyed", keysym=keysym)
                else:
                    emit(event="error", what="unknown command", line=line.strip())
            except (GLib.Error, ValueError, IndexError) as e:
                emit(event="error", what=str(e), line=line.strip())
    p.bus.call_sync(BUS_NAME, session, "org.freedesktop.portal.Session", "Close", None, None,
                    Gio.DBusCallFlags.NONE, 5000, None)
    emit(event="closed")
    return rc

if __name__ == "__main__":
    sys.exit(main())
