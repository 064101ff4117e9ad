"""A deliberately small RFC 6455 client over a plain socket.

Written for conformance tests: it sends exactly the bytes a test asks for
(invalid UTF-8 in a text frame, fragments split anywhere, frames over 64 KiB,
binary frames, any close code), and reports exactly what the server did (the
HTTP status of a refused upgrade, every frame, the close code and reason, or
a connection cut without a close frame, reported as 1006 as RFC 6455 says).
"""

from __future__ import annotations

import base64
import hashlib
import os
import socket
import struct
import time
from dataclasses import dataclass, field

OP_CONTINUATION = 0x0
OP_TEXT = 0x1
OP_BINARY = 0x2
OP_CLOSE = 0x8
OP_PING = 0x9
OP_PONG = 0xA

GUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"
ABNORMAL_CLOSURE = 1006  # "closed without a close frame" (never on the wire)
NO_STATUS = 1005  # a close frame without a code


class HandshakeRefused(Exception):
    """The server answered the upgrade request with something other than 101."""

    def __init__(self, status: int, headers: dict[str, str], body: bytes) -> None:
        super().__init__(f"upgrade refused with HTTP {status}")
        self.status = status
        self.headers = headers
        self.body = body


class ReadTimeout(Exception):
    """Nothing (or not enough) arrived before the deadline."""


@dataclass
class Closed:
    """How the connection ended, as seen by this client."""

    code: int
    reason: str = ""
    by_server: bool = True

    def __str__(self) -> str:
        if self.code == ABNORMAL_CLOSURE:
            return "connection cut without a close frame (1006)"
        return f"close {self.code}" + (f" {self.reason!r}" if self.reason else "")


@dataclass
class Message:
    """One complete data message (fragments joined)."""

    opcode: int
    data: bytes
    received_at: float = field(default_factory=time.monotonic)

    @property
    def is_text(self) -> bool:
        return self.opcode == OP_TEXT


class RawWebSocket:
    """One client connection. Not thread-safe: one test thread drives it."""

    def __init__(self, sock: socket.socket, leftover: bytes = b"") -> None:
        self.sock = sock
        self._buffer = bytearray(leftover)
        self.closed: Closed | None = None
        self._sent_close = False
        self.answer_close = True  # echo the server's close frame (a well-behaved peer)
        self.answer_pings = True

    # -- opening ---------------------------------------------------------------------------------------------

    @classmethod
    def connect(cls, host: str, port: int, path: str, *, origin: str | None = None,
                origins: list[str] | None = None, extra_headers: list[tuple[str, str]] | None = None,
                timeout: float = 10.0) -> "RawWebSocket":
        """Opens a TCP connection and upgrades it. Raises `HandshakeRefused` unless the answer is 101."""
        sock = socket.create_connection((host, port), timeout=timeout)
        sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        key = base64.b64encode(os.urandom(16)).decode()
        lines = [
            f"GET {path} HTTP/1.1",
            f"Host: {host}:{port}",
            "Upgrade: websocket",
            "Connection: Upgrade",
            f"Sec-WebSocket-Key: {key}",
            "Sec-WebSocket-Version: 13",
        ]
        for value in ([origin] if origin is not None else []) + (origins or []):
            lines.append(f"Origin: {value}")
        for name, value in extra_headers or []:
            lines.append(f"{name}: {value}")
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode())
        deadline = time.monotonic() + timeout
        response = bytearray()
        while b"\r\n\r\n" not in response:
            chunk = _recv_until(sock, deadline)
            if not chunk:
                sock.close()
                raise HandshakeRefused(0, {}, bytes(response))
            response += chunk
        head, _, rest = bytes(response).partition(b"\r\n\r\n")
        status_line, *header_lines = head.decode("iso-8859-1").split("\r\n")
        status = int(status_line.split()[1])
        headers: dict[str, str] = {}
        for line in header_lines:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        if status != 101:
            body = rest
            length = int(headers.get("content-length", "0") or 0)
            while len(body) < length:
                try:
                    chunk = _recv_until(sock, time.monotonic() + 2)
                except ReadTimeout:
                    break
                if not chunk:
                    break
                body += chunk
            sock.close()
            raise HandshakeRefused(status, headers, body)
        expected = base64.b64encode(hashlib.sha1((key + GUID).encode()).digest()).decode()
        if headers.get("sec-websocket-accept") != expected:
            sock.close()
            raise AssertionError(f"bad Sec-WebSocket-Accept {headers.get('sec-websocket-accept')!r}")
        return cls(sock, rest)

    # -- sending ---------------------------------------------------------------------------------------------

    def send_frame(self, opcode: int, payload: bytes, *, fin: bool = True, rsv: int = 0) -> None:
        """Writes one masked frame exactly as given (no validation)."""
        first = (0x80 if fin else 0) | (rsv << 4) | opcode
        length = len(payload)
        if length < 126:
            header = struct.pack("!BB", first, 0x80 | length)
        elif length < 65536:
            header = struct.pack("!BBH", first, 0x80 | 126, length)
        else:
            header = struct.pack("!BBQ", first, 0x80 | 127, length)
        mask = os.urandom(4)
        self.sock.sendall(header + mask + _mask(payload, mask))

    def send_text(self, data: str | bytes) -> None:
        """One text frame; bytes are sent as they are, valid UTF-8 or not."""
        self.send_frame(OP_TEXT, data.encode() if isinstance(data, str) else data)

    def send_fragments(self, pieces: list[bytes], opcode: int = OP_TEXT) -> None:
        """One message as len(pieces) frames: `opcode` first, continuations after, FIN on the last."""
        for index, piece in enumerate(pieces):
            self.send_frame(opcode if index == 0 else OP_CONTINUATION, piece, fin=index == len(pieces) - 1)

    def send_binary(self, data: bytes) -> None:
        self.send_frame(OP_BINARY, data)

    def send_close(self, code: int | None = 1000, reason: str = "") -> None:
        payload = b"" if code is None else struct.pack("!H", code) + reason.encode()
        self._sent_close = True
        self.send_frame(OP_CLOSE, payload)

    # -- receiving -------------------------------------------------------------------------------------------

    def recv_frame(self, deadline: float) -> tuple[bool, int, bytes]:
        """One frame as (fin, opcode, payload). Raises ReadTimeout, or EOFError when the socket ends."""
        header = self._read_exactly(2, deadline)
        fin = bool(header[0] & 0x80)
        opcode = header[0] & 0x0F
        masked = bool(header[1] & 0x80)
        length = header[1] & 0x7F
        if length == 126:
            length = struct.unpack("!H", self._read_exactly(2, deadline))[0]
        elif length == 127:
            length = struct.unpack("!Q", self._read_exactly(8, deadline))[0]
        mask = self._read_exactly(4, deadline) if masked else None
        payload = self._read_exactly(length, deadline)
        if mask:
            payload = _mask(payload, mask)
        return fin, opcode, payload

    def recv(self, timeout: float) -> Message | Closed:
        """The next data message, or how the connection ended. Pings are answered; fragments joined.
        Raises ReadTimeout when nothing complete arrives in time."""
        if self.closed:
            return self.closed
        deadline = time.monotonic() + timeout
        parts: list[bytes] = []
        message_opcode: int | None = None
        while True:
            try:
                fin, opcode, payload = self.recv_frame(deadline)
            except (EOFError, ConnectionResetError, BrokenPipeError):
                self.closed = Closed(ABNORMAL_CLOSURE, "", by_server=True)
                self._close_socket()
                return self.closed
            if opcode == OP_PING:
                if self.answer_pings:
                    self._try_send(OP_PONG, payload)
                continue
            if opcode == OP_PONG:
                continue
            if opcode == OP_CLOSE:
                if len(payload) >= 2:
                    code = struct.unpack("!H", payload[:2])[0]
                    reason = payload[2:].decode("utf-8", "replace")
                else:
                    code, reason = NO_STATUS, ""
                self.closed = Closed(code, reason, by_server=True)
                if self.answer_close and not self._sent_close:
                    self._try_send(OP_CLOSE, payload[:2])
                self._close_socket()
                return self.closed
            if opcode in (OP_TEXT, OP_BINARY):
                message_opcode = opcode
                parts = [payload]
            elif opcode == OP_CONTINUATION:
                parts.append(payload)
            else:
                raise AssertionError(f"the server sent a frame with reserved opcode {opcode:#x}")
            if fin:
                assert message_opcode is not None, "a continuation frame with no message to continue"
                return Message(message_opcode, b"".join(parts))

    def close(self) -> None:
        """Closes politely if still open (1000), without waiting for the answer."""
        if self.closed is None and not self._sent_close:
            self._try_send(OP_CLOSE, struct.pack("!H", 1000))
            self._sent_close = True
        self._close_socket()

    def abort(self) -> None:
        """Cuts the TCP connection without a close frame (a network drop)."""
        try:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        except OSError:
            pass
        self._close_socket()

    # -- internals -------------------------------------------------------------------------------------------

    def _try_send(self, opcode: int, payload: bytes) -> None:
        try:
            self.send_frame(opcode, payload)
        except OSError:
            pass

    def _close_socket(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass

    def _read_exactly(self, count: int, deadline: float) -> bytes:
        while len(self._buffer) < count:
            chunk = _recv_until(self.sock, deadline)
            if not chunk:
                raise EOFError
            self._buffer += chunk
        data = bytes(self._buffer[:count])
        del self._buffer[:count]
        return data


def _recv_until(sock: socket.socket, deadline: float) -> bytes:
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        raise ReadTimeout
    sock.settimeout(remaining)
    try:
        return sock.recv(65536)
    except socket.timeout as timed_out:
        raise ReadTimeout from timed_out
    except OSError:
        if sock.fileno() == -1:
            return b""
        raise


def _mask(payload: bytes, mask: bytes) -> bytes:
    if not payload:
        return b""
    repeated = (mask * (len(payload) // 4 + 1))[: len(payload)]
    return (int.from_bytes(payload, "big") ^ int.from_bytes(repeated, "big")).to_bytes(len(payload), "big")
