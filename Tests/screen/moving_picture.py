#!/usr/bin/python3
"""A GTK 4 window that plays a "video": a smooth random picture panning across it at a steady rate.

    moving_picture.py [--title T] [--size 800x500] [--fps 30] [--events FILE]

The picture is a small random texture (made once, seeded, so every run shows the same) scaled
up ten times, bilinearly, once (GdkPixbuf), so it has soft blobs of colour like filmed content.
It is drawn unscaled at a whole-pixel offset that moves a few pixels in both directions every
frame, bouncing at its edges: every pixel of the window changes on every frame, as in a playing
video, and drawing a frame is a plain copy. The screen-share
benchmark (screen_benchmark.py) uses it for the "video" case.

One JSON line per event on stdout and (append) in --events FILE:
    {"event": "ready", "width": W, "height": H, "t": ...}   first frame drawn
    {"event": "frames", "drawn": N, "t": ...}               every second: frames drawn so far
Ends on SIGTERM.
"""
import argparse
import random
import sys

import gi

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
gi.require_version("Graphene", "1.0")
gi.require_version("GdkPixbuf", "2.0")
from gi.repository import Gdk, GdkPixbuf, GLib, Graphene, Gtk  # noqa: E402

from window_app import WindowApp  # noqa: E402

TEXTURE = (160, 100)   # random pixels, scaled SCALE times up once
SCALE = 10
STEP = (4, 2)          # pixels the picture moves per frame


def random_texture(width: int, height: int, scale: int, seed: int = 7) -> Gdk.Texture:
    """Random RGB pixels, width×height of them, scaled up `scale` times (bilinear)."""
    data = GLib.Bytes.new(random.Random(seed).randbytes(width * height * 3))
    small = GdkPixbuf.Pixbuf.new_from_bytes(data, GdkPixbuf.Colorspace.RGB, False, 8, width, height, width * 3)
    return Gdk.Texture.new_for_pixbuf(small.scale_simple(width * scale, height * scale, GdkPixbuf.InterpType.BILINEAR))


class Picture(Gtk.Widget):
    """Draws the texture at an offset that moves every frame."""

    def __init__(self, texture: Gdk.Texture, on_drawn):
        super().__init__()
        self.texture = texture
        self.on_drawn = on_drawn
        self.x = self.y = 0.0
        self.dx, self.dy = STEP

    def advance(self) -> None:
        """Moves the picture one step, bouncing at its edges, and asks for a frame."""
        big_w, big_h = TEXTURE[0] * SCALE, TEXTURE[1] * SCALE
        w, h = max(self.get_width(), 1), max(self.get_height(), 1)
        for axis in ("x", "y"):
            pos, step = getattr(self, axis), getattr(self, "d" + axis)
            room = (big_w - w) if axis == "x" else (big_h - h)
            pos += step
            if pos < 0 or pos > max(room, 0):
                step = -step
                pos += 2 * step
            setattr(self, axis, pos)
            setattr(self, "d" + axis, step)
        self.queue_draw()

    def do_snapshot(self, snapshot):
        w, h = self.get_width(), self.get_height()
        snapshot.push_clip(Graphene.Rect().init(0, 0, w, h))
        snapshot.append_texture(self.texture, Graphene.Rect().init(
            -self.x, -self.y, self.texture.get_width(), self.texture.get_height()))
        snapshot.pop()
        self.on_drawn(w, h)


class MovingPicture(WindowApp):
    def __init__(self, args):
        super().__init__(args, "org.assist.tests.MovingPicture")
        self.drawn = 0

    def build(self, app):
        win = self.window(app)
        self.picture = Picture(random_texture(*TEXTURE, SCALE), self.on_drawn)
        self.picture.set_hexpand(True)
        self.picture.set_vexpand(True)
        win.set_child(self.picture)
        win.present()
        GLib.timeout_add(max(1, round(1000 / self.args.fps)), self.on_tick)
        GLib.timeout_add_seconds(1, self.on_second)

    def on_drawn(self, width, height):
        if self.drawn == 0:
            self.emit(event="ready", width=width, height=height)
        self.drawn += 1

    def on_tick(self):
        self.picture.advance()
        return GLib.SOURCE_CONTINUE

    def on_second(self):
        self.emit(event="frames", drawn=self.drawn)
        return GLib.SOURCE_CONTINUE


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--title", default="Moving picture")
    ap.add_argument("--size", default="800x500")
    ap.add_argument("--fps", type=float, default=30.0)
    ap.add_argument("--events", default=None)
    return MovingPicture(ap.parse_args()).run()


if __name__ == "__main__":
    sys.exit(main())
