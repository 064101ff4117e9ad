#!/usr/bin/python3
"""A GTK 4 window that acts like a busy terminal: a monospace text view that gets a new line of
text many times a second and is kept scrolled to its end.

    scrolling_text.py [--title T] [--size 800x500] [--rate 20] [--events FILE]

Each line is made from a seeded random choice of words, so every run shows the same text. The
view is read-only and has no text cursor (a blinking cursor would be a second source of change).
The screen-share benchmark (screen_benchmark.py) uses it for the "scrolling terminal" case.

One JSON line per event on stdout and (append) in --events FILE:
    {"event": "ready", "t": ...}                 the window is shown
    {"event": "lines", "lines": N, "t": ...}     every second: lines appended so far
Ends on SIGTERM.
"""
import argparse
import random
import sys

import gi

gi.require_version("Gtk", "4.0")
from gi.repository import GLib, Gtk  # noqa: E402

from window_app import WindowApp  # noqa: E402

WORDS = ("build", "error", "warning", "compile", "link", "test", "passed", "failed", "module",
         "Sources/AssistScreen", "0x7f3a", "frame", "tile", "png", "ok", "[info]", "[debug]", "12.8 ms")


class ScrollingText(WindowApp):
    def __init__(self, args):
        super().__init__(args, "org.assist.tests.ScrollingText")
        self.lines = 0
        self.words = random.Random(11)

    def build(self, app):
        win = self.window(app)
        self.view = Gtk.TextView(editable=False, cursor_visible=False, monospace=True)
        self.buffer = self.view.get_buffer()
        self.end = self.buffer.create_mark("end", self.buffer.get_end_iter(), False)
        scroller = Gtk.ScrolledWindow(child=self.view, hexpand=True, vexpand=True)
        win.set_child(scroller)
        win.present()
        self.emit(event="ready")
        GLib.timeout_add(max(1, round(1000 / self.args.rate)), self.on_tick)
        GLib.timeout_add_seconds(1, self.on_second)

    def on_tick(self):
        self.lines += 1
        text = " ".join(self.words.choice(WORDS) for _ in range(self.words.randint(4, 12)))
        self.buffer.insert(self.buffer.get_end_iter(), "%06d %s\n" % (self.lines, text))
        self.view.scroll_to_mark(self.end, 0.0, False, 0.0, 1.0)
        return GLib.SOURCE_CONTINUE

    def on_second(self):
        self.emit(event="lines", lines=self.lines)
        return GLib.SOURCE_CONTINUE


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--title", default="Scrolling text")
    ap.add_argument("--size", default="800x500")
    ap.add_argument("--rate", type=float, default=20.0, help="lines per second")
    ap.add_argument("--events", default=None)
    return ScrollingText(ap.parse_args()).run()


if __name__ == "__main__":
    sys.exit(main())
