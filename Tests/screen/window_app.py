"""What the session's test windows (pattern_window.py, scrolling_text.py, moving_picture.py)
share: a non-unique GTK 4 application, one JSON line per event on stdout and appended to an
events file, a window of the size asked for, and SIGTERM to end."""
import json
import signal
import sys
import time

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import Gio, GLib, Gtk  # noqa: E402


class WindowApp:
    """A test window's application; a subclass builds its window in ``build(app)``."""

    def __init__(self, args, app_id: str):
        self.args = args
        self.events = open(args.events, "a", buffering=1) if args.events else None
        self.app = Gtk.Application(application_id=app_id, flags=Gio.ApplicationFlags.NON_UNIQUE)
        self.app.connect("activate", self._activated)

    def emit(self, **kw):
        """Writes one event, with the wall-clock time `t` (ms resolution)."""
        kw["t"] = round(time.time(), 3)
        line = json.dumps(kw)
        print(line, flush=True)
        if self.events:
            self.events.write(line + "\n")

    def window(self, app) -> Gtk.ApplicationWindow:
        """A window titled and sized as asked (`--title`, `--size WxH`)."""
        win = Gtk.ApplicationWindow(application=app, title=self.args.title)
        w, h = (int(v) for v in self.args.size.lower().split("x"))
        win.set_default_size(w, h)
        return win

    def build(self, app) -> None:
        raise NotImplementedError

    def quit(self):
        self.app.quit()
        return GLib.SOURCE_REMOVE

    def run(self):
        return self.app.run([sys.argv[0]])

    def _activated(self, app):
        self.build(app)
        GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGTERM, self.quit)
