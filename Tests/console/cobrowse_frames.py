"""Co-browse app frames (`ACF2`, docs/protocol.md §12.4) built in Python for the
console tests, with PNG tiles written by hand (zlib + struct), and `Picture`,
the pixels a frame should leave on the console's canvas.

Colours are (red, green, blue, alpha) tuples, straight alpha.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass
from typing import Callable, Sequence

Colour = tuple[int, int, int, int]
PixelFunction = Callable[[int, int], Colour]

FRAME_MAGIC = b"ACF2"
RELAY_MAGIC = b"ACR2"
KEYFRAME_FLAG = 0x01
ENCODING_PNG = 1
ENCODING_SOLID = 2

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
PNG_RGBA = 6
PNG_NO_FILTER = b"\x00"


def png(width: int, height: int, pixels: bytes) -> bytes:
    """An 8-bit RGBA PNG of `width` × `height` from straight RGBA bytes, row by row."""
    stride = 4 * width
    rows = b"".join(PNG_NO_FILTER + pixels[row * stride:(row + 1) * stride] for row in range(height))
    return PNG_SIGNATURE + _header_chunk(width, height) + _chunk(b"IDAT", zlib.compress(rows)) + _chunk(b"IEND", b"")


def _header_chunk(width: int, height: int) -> bytes:
    return _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, PNG_RGBA, 0, 0, 0))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


@dataclass(frozen=True)
class Tile:
    """One rectangle of a frame: how it is encoded and, for the expectation, its RGBA pixels."""

    x: int
    y: int
    width: int
    height: int
    encoding: int
    payload: bytes
    pixels: bytes | None

    def encode(self) -> bytes:
        return struct.pack(">HHHHBI", self.x, self.y, self.width, self.height, self.encoding,
                           len(self.payload)) + self.payload


def solid(x: int, y: int, width: int, height: int, colour: Colour) -> Tile:
    """A tile of one colour."""
    return Tile(x, y, width, height, ENCODING_SOLID, bytes(colour), bytes(colour) * (width * height))


def picture(x: int, y: int, width: int, height: int, pixel: PixelFunction) -> Tile:
    """A PNG tile; `pixel(x, y)` is in the tile's own coordinates."""
    pixels = b"".join(bytes(pixel(column, row)) for row in range(height) for column in range(width))
    return Tile(x, y, width, height, ENCODING_PNG, png(width, height, pixels), pixels)


def undecodable(x: int, y: int, width: int, height: int) -> Tile:
    """A PNG tile whose header is right (signature, IHDR of the tile's size) but
    whose image data is not zlib: the layout is valid, only decoding fails."""
    payload = PNG_SIGNATURE + _header_chunk(width, height) + _chunk(b"IDAT", b"not a zlib stream") + _chunk(b"IEND", b"")
    return Tile(x, y, width, height, ENCODING_PNG, payload, None)


def app_frame(number: int, width: int, height: int, tiles: Sequence[Tile], keyframe: bool) -> bytes:
    """An app frame as the desktop app sends it on /v1/consumer."""
    head = FRAME_MAGIC + struct.pack(">BIHHH", KEYFRAME_FLAG if keyframe else 0, number, width, height, len(tiles))
    return head + b"".join(tile.encode() for tile in tiles)


def relayed_frame(session_id: str, frame: bytes) -> bytes:
    """An app frame as the server relays it to the agent on /v1/agent."""
    identifier = session_id.encode("utf-8")
    return RELAY_MAGIC + bytes([len(identifier)]) + identifier + frame


class Picture:
    """A window's pixels, straight RGBA, row by row: read back from the console's
    canvas, or painted here from tiles as the console should paint them."""

    def __init__(self, width: int, height: int, pixels: bytes | None = None) -> None:
        self.width = width
        self.height = height
        self.pixels = bytearray(pixels if pixels is not None else bytes(4 * width * height))
        assert len(self.pixels) == 4 * width * height, "pixel buffer does not match the size"

    def paint(self, tiles: Sequence[Tile]) -> Picture:
        """Draws tiles in order; each replaces its rectangle (§12.4). Returns self."""
        for tile in tiles:
            assert tile.pixels is not None, "an undecodable tile has no expected pixels"
            for row in range(tile.height):
                start = 4 * ((tile.y + row) * self.width + tile.x)
                self.pixels[start:start + 4 * tile.width] = tile.pixels[4 * row * tile.width:4 * (row + 1) * tile.width]
        return self

    def at(self, x: int, y: int) -> Colour:
        start = 4 * (y * self.width + x)
        red, green, blue, alpha = self.pixels[start:start + 4]
        return red, green, blue, alpha

    def count(self, colour: Colour) -> int:
        """How many pixels have exactly this colour."""
        wanted = bytes(colour)
        return sum(1 for start in range(0, len(self.pixels), 4) if self.pixels[start:start + 4] == wanted)

    def changed_since(self, earlier: Picture) -> set[tuple[int, int]]:
        """The (x, y) of every pixel that differs from `earlier` (same size)."""
        assert (self.width, self.height) == (earlier.width, earlier.height)
        return {((start // 4) % self.width, (start // 4) // self.width)
                for start in range(0, len(self.pixels), 4)
                if self.pixels[start:start + 4] != earlier.pixels[start:start + 4]}
