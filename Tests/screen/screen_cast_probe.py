#!/usr/bin/python3
"""Baselines for the screen-share benchmark (screen_benchmark.py), run inside the session as its user.

Both record the whole monitor through mutter's own org.gnome.Mutter.ScreenCast API (the API
xdg-desktop-portal-gnome itself calls for the portal's ScreenCast; no dialog), with the cursor
embedded as the app asks the portal for, and run until SIGTERM:

    screen_cast_probe.py vp8 --out FILE [--options "deadline=1 ..."]
        gst-launch-1.0 -v pipewiresrc path=NODE always-copy=true do-timestamp=true ! videoconvert
                       ! vp8enc OPTIONS ! fakesink silent=false
        (the same source settings as the app's own pipeline; a bare VP8 encode, as a WebRTC video
        track would make, with no payloading or transport). FILE gets one JSON line per encoded
        frame: {"t": wall-clock seconds, "bytes": N}.
    screen_cast_probe.py watch --out FILE --points "X,Y;X,Y;..."
        pipewiresrc ! videoconvert ! BGRx ! appsink in this process: FILE gets a JSON line
        {"t": ..., "colors": ["#rrggbb", ...]} whenever the colours at the points change, dated
        when the frame reached the sink (the capture's own floor: what any consumer of the
        desktop's stream gets, before it does any work).

FILE's first line is {"event": "started", "node": N, "pid": PID} (PID: the process that does
the work, for CPU accounting). Exit code 3: mutter gave no stream in time.
"""
import argparse
import json
import os
import re
import signal
import subprocess
import sys
import time

import gi

gi.require_version("Gst", "1.0")
from gi.repository import Gio, GLib, Gst  # noqa: E402

MUTTER_SC = "org.gnome.Mutter.ScreenCast"
CURSOR_EMBEDDED = 1   # mutter's cursor-mode: 0 hidden, 1 embedded, 2 metadata
CHAIN = re.compile(r"last-message = chain .*?\((\d+) bytes")


class MonitorRecording:
    """A mutter ScreenCast session recording the primary monitor, until ``stop``."""

    def __init__(self, timeout: float = 15.0):
        self.bus = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        self.timeout = timeout
        (self.session,) = self._call("/org/gnome/Mutter/ScreenCast", MUTTER_SC, "CreateSession",
                                     GLib.Variant("(a{sv})", ({},)), "(o)")
        (stream,) = self._call(self.session, MUTTER_SC + ".Session", "RecordMonitor",
                               GLib.Variant("(sa{sv})", ("", {"cursor-mode": GLib.Variant("u", CURSOR_EMBEDDED)})),
                               "(o)")
        found = {}
        sub = self.bus.signal_subscribe(MUTTER_SC, MUTTER_SC + ".Stream", "PipeWireStreamAdded", stream, None,
                                        Gio.DBusSignalFlags.NONE, lambda *a: found.setdefault("node", a[5].unpack()[0]))
        self._call(self.session, MUTTER_SC + ".Session", "Start", None, "()")
        deadline = time.monotonic() + timeout
        ctx = GLib.MainContext.default()
        while "node" not in found and time.monotonic() < deadline:
            ctx.iteration(False) or time.sleep(0.02)
        self.bus.signal_unsubscribe(sub)
        if "node" not in found:
            self.stop()
            print("no PipeWireStreamAdded within %.0f s" % timeout, file=sys.stderr)
            sys.exit(3)
        self.node = int(found["node"])

    def _call(self, path, iface, method, args, reply):
        return self.bus.call_sync(MUTTER_SC, path, iface, method, args, GLib.VariantType(reply),
                                  Gio.DBusCallFlags.NONE, int(self.timeout * 1000), None).unpack()

    def stop(self) -> None:
        try:
            self._call(self.session, MUTTER_SC + ".Session", "Stop", None, "()")
        except GLib.Error:
            pass


def write_line(out, **kw) -> None:
    out.write(json.dumps(kw) + "\n")
    out.flush()


def run_vp8(recording: MonitorRecording, out, options: str) -> int:
    """The bare VP8 encode; one line per encoded frame."""
    encoder = ["vp8enc"] + options.split()
    argv = ["gst-launch-1.0", "-v", "pipewiresrc", "path=%d" % recording.node, "always-copy=true",
            "do-timestamp=true", "!", "videoconvert", "!"] + encoder + ["!", "fakesink", "silent=false", "sync=false"]
    gst = subprocess.Popen(argv, stdout=subprocess.PIPE, text=True, errors="replace")
    signal.signal(signal.SIGTERM, lambda *_: gst.terminate())
    write_line(out, event="started", node=recording.node, pid=gst.pid, pipeline=" ".join(argv[2:]))
    for line in gst.stdout:
        match = CHAIN.search(line)
        if match:
            write_line(out, t=round(time.time(), 4), bytes=int(match.group(1)))
    gst.wait()
    return 0


def run_watch(recording: MonitorRecording, out, points) -> int:
    """Dates every change of the colours at `points` in the stream's frames."""
    Gst.init(None)
    pipeline = Gst.parse_launch(
        "pipewiresrc path=%d always-copy=true do-timestamp=true ! videoconvert ! video/x-raw,format=BGRx"
        " ! appsink name=frames emit-signals=true sync=false" % recording.node)
    last = {}

    def on_sample(sink):
        sample = sink.emit("pull-sample")
        if sample is None:
            return Gst.FlowReturn.OK
        arrived = time.time()
        width = sample.get_caps().get_structure(0).get_value("width")
        buffer = sample.get_buffer()
        colors = []
        for x, y in points:
            b, g, r, _ = buffer.extract_dup((y * width + x) * 4, 4)
            colors.append("#%02x%02x%02x" % (r, g, b))
        if colors != last.get("colors"):
            last["colors"] = colors
            write_line(out, t=round(arrived, 4), colors=colors)
        return Gst.FlowReturn.OK

    pipeline.get_by_name("frames").connect("new-sample", on_sample)
    loop = GLib.MainLoop()
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, lambda: loop.quit() or GLib.SOURCE_REMOVE)
    write_line(out, event="started", node=recording.node, pid=os.getpid())
    pipeline.set_state(Gst.State.PLAYING)
    loop.run()
    pipeline.set_state(Gst.State.NULL)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    vp8 = sub.add_parser("vp8")
    vp8.add_argument("--out", required=True)
    vp8.add_argument("--options", default="deadline=1", help="vp8enc's properties, space-separated")
    watch = sub.add_parser("watch")
    watch.add_argument("--out", required=True)
    watch.add_argument("--points", required=True, help='"X,Y;X,Y;..." in monitor pixels')
    a = ap.parse_args()
    recording = MonitorRecording()
    try:
        with open(a.out, "a") as out:
            if a.cmd == "vp8":
                return run_vp8(recording, out, a.options)
            points = [tuple(int(v) for v in p.split(",")) for p in a.points.split(";") if p]
            return run_watch(recording, out, points)
    finally:
        recording.stop()


if __name__ == "__main__":
    sys.exit(main())
