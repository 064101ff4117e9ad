#!/usr/bin/python3
"""A GTK 4 test window filled with one known solid colour, that logs the input it receives.

    pattern_window.py --title "Pattern A" [--colors "#ff0000,#00ff00,#0000ff"]
                      [--events FILE] [--size 640x400 | --maximized | --fullscreen]

* The whole content area is painted with the current colour (first of --colors).
* Next colour on SIGUSR1, or on the stdin line "next"; "color #rrggbb" sets one; "quit" exits.
* Every event is one JSON line, on stdout and (append) in --events FILE:
    {"event": "ready", "width": W, "height": H, "title": T}            first frame drawn
    {"event": "color", "color": "#rrggbb"}                             a new colour was drawn
    {"event": "click", "x": X, "y": Y, "button": B, "n_press": N}      pointer press
    {"event": "release", "x": X, "y": Y, "button": B}
    {"event": "key", "keyval": K, "name": "a", "keycode": C, "state": S}
    {"event": "scroll", "dx": DX, "dy": DY}
    {"event": "active", "active": true|false}                          keyboard focus in/out
    {"event": "enter" | "motion", "x": X, "y": Y}, {"event": "leave"}   (with --motion only)
  x, y are in the content area's own pixels; with --fullscreen that area starts at the
  monitor's (0, 0), so they are monitor coordinates too.
Runs in the session as its user: FILE must be writable by that user (GnomeSession.tmp_dir).
"""
import argparse
import os
import signal
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
gi.require_version("Graphene", "1.0")
from gi.repository import Gdk, GLib, Graphene, Gtk  # noqa: E402

from window_app import WindowApp  # noqa: E402


def parse_color(text):
    t = text.strip().lstrip("#")
    if len(t) != 6:
        raise ValueError("colour must be #rrggbb: %r" % text)
    return "#" + t.lower(), tuple(int(t[i:i + 2], 16) / 255.0 for i in (0, 2, 4))


class ColorArea(Gtk.Widget):
    """Paints itself with one colour (a GskColorNode: no cairo binding needed)."""

    def __init__(self, on_snapshot):
        super().__init__()
        self.rgba = Gdk.RGBA()
        self.on_snapshot = on_snapshot

    def set_rgb(self, rgb):
        self.rgba.red, self.rgba.green, self.rgba.blue = rgb
        self.rgba.alpha = 1.0
        self.queue_draw()

    def do_snapshot(self, snapshot):
        w, h = self.get_width(), self.get_height()
        rect = Graphene.Rect().init(0, 0, w, h)
        snapshot.append_color(self.rgba, rect)
        self.on_snapshot(w, h)


class PatternWindow(WindowApp):
    def __init__(self, args):
        super().__init__(args, args.app_id)
        self.colors = [parse_color(c) for c in args.colors.split(",")]
        self.index = 0
        self.drawn = None

    def build(self, app):
        win = self.window(app)
        self.win = win
        area = ColorArea(self.on_drawn)
        area.set_hexpand(True)
        area.set_vexpand(True)
        area.set_focusable(True)
        self.area = area
        area.set_rgb(self.colors[self.index][1])
        click = Gtk.GestureClick()
        click.set_button(0)  # every button
        click.connect("pressed", self.on_pressed)
        click.connect("released", self.on_released)
        area.add_controller(click)
        keys = Gtk.EventControllerKey()
        keys.connect("key-pressed", self.on_key)
        win.add_controller(keys)
        scroll = Gtk.EventControllerScroll(flags=Gtk.EventControllerScrollFlags.BOTH_AXES)
        scroll.connect("scroll", lambda _c, dx, dy: self.emit(event="scroll", dx=dx, dy=dy) or False)
        area.add_controller(scroll)
        click.connect("unpaired-release", lambda _g, x, y, b, _s: self.emit(
            event="unpaired-release", x=round(x, 1), y=round(y, 1), button=b))
        if self.args.motion:
            motion = Gtk.EventControllerMotion()
            motion.connect("enter", lambda _c, x, y: self.emit(event="enter", x=round(x, 1), y=round(y, 1)))
            motion.connect("leave", lambda _c: self.emit(event="leave"))
            motion.connect("motion", lambda _c, x, y: self.emit(event="motion", x=round(x, 1), y=round(y, 1)))
            area.add_controller(motion)
        win.set_child(area)
        if self.args.fullscreen:
            win.fullscreen()
        elif self.args.maximized:
            win.maximize()
        win.connect("notify::is-active", lambda w, _p: self.emit(event="active", active=w.is_active()))
        win.connect("close-request", lambda *_: (self.emit(event="closed"), False)[1])
        win.present()
        area.grab_focus()
        GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, signal.SIGUSR1, self.on_usr1)
        if not os.isatty(0):
            GLib.io_add_watch(GLib.IOChannel.unix_new(0), GLib.PRIORITY_DEFAULT,
                              GLib.IOCondition.IN | GLib.IOCondition.HUP, self.on_stdin)

    def on_drawn(self, width, height):
        name = self.colors[self.index][0]
        if self.drawn is None:
            self.emit(event="ready", width=width, height=height, title=self.args.title, color=name)
        elif self.drawn != name:
            self.emit(event="color", color=name)
        self.drawn = name

    def set_index(self, i):
        self.index = i % len(self.colors)
        self.area.set_rgb(self.colors[self.index][1])

    def set_color(self, text):
        c = parse_color(text)
        if c not in self.colors:
            self.colors.append(c)
        self.set_index(self.colors.index(c))

    def on_usr1(self):
        self.set_index(self.index + 1)
        return GLib.SOURCE_CONTINUE

    def on_stdin(self, channel, cond):
        if cond & GLib.IOCondition.IN:
            line = sys.stdin.readline()
            if line:
                words = line.split()
                try:
                    if words[:1] == ["next"]:
                        self.set_index(self.index + 1)
                    elif words[:1] == ["color"] and len(words) == 2:
                        self.set_color(words[1])
                    elif words[:1] == ["quit"]:
                        self.quit()
                    elif words:
                        self.emit(event="error", what="unknown command", line=line.strip())
                except ValueError as e:
                    self.emit(event="error", what=str(e))
                return True
        return False  # EOF / hang-up: stop watching stdin

    def on_pressed(self, gesture, n_press, x, y):
        self.area.grab_focus()
        self.emit(event="click", x=round(x, 1), y=round(y, 1), button=gesture.get_current_button(),
                  n_press=n_press)

    def on_released(self, gesture, n_press, x, y):
        self.emit(event="release", x=round(x, 1), y=round(y, 1), button=gesture.get_current_button())

    def on_key(self, _ctl, keyval, keycode, state):
        self.emit(event="key", keyval=keyval, name=Gdk.keyval_name(keyval), keycode=keycode,
                  state=int(state))
        return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--title", required=True)
    ap.add_argument("--colors", default="#ff0000,#00ff00,#0000ff")
    ap.add_argument("--events", default=None)
    ap.add_argument("--size", default="640x400")
    ap.add_argument("--maximized", action="store_true")
    ap.add_argument("--fullscreen", action="store_true")
    ap.add_argument("--motion", action="store_true", help="also record enter/leave/motion")
    ap.add_argument("--app-id", default="org.assist.tests.PatternWindow")
    args = ap.parse_args()
    for c in args.colors.split(","):
        parse_color(c)
    return PatternWindow(args).run()


if __name__ == "__main__":
    sys.exit(main())
