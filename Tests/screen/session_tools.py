#!/usr/bin/python3
"""Helpers run as the session's user, inside the session (GnomeSession.run_python).

    session_tools.py screenshot OUT.png [--timeout S]
        The whole primary monitor, through mutter's private org.gnome.Mutter.ScreenCast API
        (no portal, no dialog): RecordMonitor -> PipeWire node -> gst pipewiresrc -> PNG.
"""
import argparse
import subprocess
import sys
import time

from gi.repository import Gio, GLib

MUTTER_SC = "org.gnome.Mutter.ScreenCast"


def screenshot(out: str, timeout: float) -> int:
    deadline = time.monotonic() + timeout
    bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)

    def call(path, iface, method, args, reply):
        return bus.call_sync(MUTTER_SC, path, iface, method, args, GLib.VariantType(reply),
                             Gio.DBusCallFlags.NONE, int(timeout * 1000), None).unpack()

    (session_path,) = call("/org/gnome/Mutter/ScreenCast", MUTTER_SC, "CreateSession",
                           GLib.Variant("(a{sv})", ({},)), "(o)")
    try:
        (stream_path,) = call(session_path, MUTTER_SC + ".Session", "RecordMonitor",
                              GLib.Variant("(sa{sv})", ("", {"cursor-mode": GLib.Variant("u", 0)})),
                              "(o)")
        node = {}
        ctx = GLib.MainContext.default()
        sub = bus.signal_subscribe(MUTTER_SC, MUTTER_SC + ".Stream", "PipeWireStreamAdded",
                                   stream_path, None, Gio.DBusSignalFlags.NONE,
                                   lambda *a: node.setdefault("id", a[5].unpack()[0]))
        call(session_path, MUTTER_SC + ".Session", "Start", None, "()")
        while "id" not in node and time.monotonic() < deadline:
            ctx.iteration(False) or time.sleep(0.02)
        bus.signal_unsubscribe(sub)
        if "id" not in node:
            print("no PipeWireStreamAdded within %.0f s" % timeout, file=sys.stderr)
            return 3
        cmd = ["gst-launch-1.0", "-q", "pipewiresrc", "path=%d" % node["id"], "always-copy=true",
               "!", "videoconvert", "!", "pngenc", "snapshot=true", "!", "filesink", "location=" + out]
        try:
            r = subprocess.run(cmd, timeout=max(1.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            print("no frame from node %d within %.0f s" % (node["id"], timeout), file=sys.stderr)
            return 4
        return r.returncode
    finally:
        try:
            call(session_path, MUTTER_SC + ".Session", "Stop", None, "()")
        except GLib.Error:
            pass


def main() -> int:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    sp = sub.add_parser("screenshot")
    sp.add_argument("out")
    sp.add_argument("--timeout", type=float, default=15.0)
    a = ap.parse_args()
    if a.cmd == "screenshot":
        return screenshot(a.out, a.timeout)
    return 2


if __name__ == "__main__":
    sys.exit(main())
