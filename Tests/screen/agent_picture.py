"""What the agent sees of a share: relayed co-browse frames (docs/protocol.md
§12.4, `ACR2` around `ACF2`) drawn in order onto one RGBA picture, as the
console does, and pixels counted by colour.

PNG tiles are decoded with GdkPixbuf (Debian's python3-gi), solid tiles
filled; a keyframe that changes the size starts a new picture.
"""

from __future__ import annotations

import struct

import gi

gi.require_version("GdkPixbuf", "2.0")
from gi.repository import GdkPixbuf, GLib  # noqa: E402

PNG = 1
SOLID = 2


class AgentPicture:
    """The picture the agent has after the frames applied so far."""

    def __init__(self) -> None:
        self.width = 0
        self.height = 0
        self.frames = 0
        self.keyframes = 0
        self.pixels = bytearray()

    def apply_relayed(self, data: bytes) -> str:
        """Draws one relayed frame; returns its session id."""
        if data[:4] != b"ACR2":
            raise AssertionError(f"not a relayed frame: {data[:4]!r}")
        length = data[4]
        session = data[5:5 + length].decode("utf-8")
        self.apply(data[5 + length:])
        return session

    def apply(self, frame: bytes) -> None:
        """Draws one app frame over the picture."""
        if frame[:4] != b"ACF2":
            raise AssertionError(f"not an app frame: {frame[:4]!r}")
        flags, _number, width, height, tiles = struct.unpack(">BIHHH", frame[4:15])
        keyframe = bool(flags & 1)
        if keyframe:
            self.keyframes += 1
            if (width, height) != (self.width, self.height):
                self.width, self.height = width, height
                self.pixels = bytearray(width * height * 4)
        elif (width, height) != (self.width, self.height):
            raise AssertionError("a frame that is no keyframe changed the picture's size")
        offset = 15
        for _ in range(tiles):
            x, y, w, h, encoding, size = struct.unpack(">HHHHBI", frame[offset:offset + 13])
            offset += 13
            payload = frame[offset:offset + size]
            offset += size
            if encoding == SOLID:
                self._fill(x, y, w, h, payload[:4])
            elif encoding == PNG:
                self._draw_png(x, y, w, h, payload)
            else:
                raise AssertionError(f"unknown tile encoding {encoding}")
        self.frames += 1

    def count(self, rgb: tuple[int, int, int], tolerance: int = 0) -> int:
        """Pixels whose red, green and blue each lie within `tolerance` of `rgb`."""
        red, green, blue = rgb
        found = 0
        pixels = self.pixels
        for index in range(0, len(pixels), 4):
            if abs(pixels[index] - red) <= tolerance and abs(pixels[index + 1] - green) <= tolerance \
                    and abs(pixels[index + 2] - blue) <= tolerance:
                found += 1
        return found

    def bounds(self, rgb: tuple[int, int, int], tolerance: int = 0) -> tuple[int, int, int, int] | None:
        """The box (left, top, right, bottom; right and bottom exclusive) of the pixels of
        colour `rgb`, or None when there is none."""
        red, green, blue = rgb
        pixels, width = self.pixels, self.width
        left = top = None
        right = bottom = 0
        for index in range(0, len(pixels), 4):
            if abs(pixels[index] - red) <= tolerance and abs(pixels[index + 1] - green) <= tolerance \
                    and abs(pixels[index + 2] - blue) <= tolerance:
                x, y = (index // 4) % width, (index // 4) // width
                left = x if left is None else min(left, x)
                top = y if top is None else top
                right, bottom = max(right, x + 1), y + 1
        return None if left is None else (left, top, right, bottom)

    def save_png(self, path: str) -> None:
        """Writes the picture as a PNG, for a person to look at."""
        pixbuf = GdkPixbuf.Pixbuf.new_from_bytes(
            GLib.Bytes.new(bytes(self.pixels)), GdkPixbuf.Colorspace.RGB, True, 8,
            self.width, self.height, self.width * 4)
        pixbuf.savev(path, "png", [], [])

    def _fill(self, x: int, y: int, w: int, h: int, rgba: bytes) -> None:
        row = bytes(rgba) * w
        for line in range(y, y + h):
            start = (line * self.width + x) * 4
            self.pixels[start:start + w * 4] = row

    def _draw_png(self, x: int, y: int, w: int, h: int, payload: bytes) -> None:
        loader = GdkPixbuf.PixbufLoader.new_with_type("png")
        loader.write(payload)
        loader.close()
        pixbuf = loader.get_pixbuf()
        if (pixbuf.get_width(), pixbuf.get_height()) != (w, h):
            raise AssertionError("a PNG tile is not the tile's size")
        if not pixbuf.get_has_alpha():
            pixbuf = pixbuf.add_alpha(False, 0, 0, 0)
        data = pixbuf.get_pixels()
        stride = pixbuf.get_rowstride()
        for line in range(h):
            source = line * stride
            start = ((y + line) * self.width + x) * 4
            self.pixels[start:start + w * 4] = data[source:source + w * 4]
