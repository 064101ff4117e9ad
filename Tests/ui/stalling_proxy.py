"""A TCP relay between the app and assist-server that a test can stall and cut,
to leave a message the app sent in no one's hands.

`stall()` stops passing bytes in both directions: what either side writes
during the stall is read and thrown away, so it never arrives (the sender's
socket took it, so the sender cannot tell). `cut()` then ends every connection
with a TCP reset, and `restore()` relays new connections normally again.
"""

from __future__ import annotations

import selectors
import socket
import struct
import threading


class StallingProxy:
    """Relays 127.0.0.1:(its port) to 127.0.0.1:`upstream_port`."""

    def __init__(self, upstream_port: int) -> None:
        self.upstream_port = upstream_port
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self._listener.getsockname()[1]}"
        self._lock = threading.Lock()
        self._stalled = False
        self._pairs: list[tuple[socket.socket, socket.socket]] = []
        self._accepted = 0
        self._closed = False
        threading.Thread(target=self._accept_forever, name="stalling-proxy", daemon=True).start()

    def stall(self) -> None:
        """From now on nothing is passed on, either way, on any connection."""
        with self._lock:
            self._stalled = True

    def cut(self) -> None:
        """Resets every connection, dropping what the stall held."""
        with self._lock:
            pairs, self._pairs = self._pairs, []
        for pair in pairs:
            for end in pair:
                _reset(end)

    @property
    def accepted(self) -> int:
        """How many connections the relay has taken so far."""
        with self._lock:
            return self._accepted

    def restore(self) -> None:
        """New connections are relayed normally."""
        with self._lock:
            self._stalled = False

    def close(self) -> None:
        self._closed = True
        self.cut()
        self._listener.close()

    def _accept_forever(self) -> None:
        while not self._closed:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            try:
                server = socket.create_connection(("127.0.0.1", self.upstream_port), timeout=5)
            except OSError:
                _reset(client)
                continue
            server.settimeout(None)
            with self._lock:
                self._pairs.append((client, server))
                self._accepted += 1
            threading.Thread(target=self._pump, args=(client, server), name="stalling-proxy-pump",
                             daemon=True).start()

    def _pump(self, client: socket.socket, server: socket.socket) -> None:
        """Passes bytes both ways; an end of stream is passed on as one (FIN), so
        a close frame followed by the end of the connection arrives whole."""
        selector = selectors.DefaultSelector()
        selector.register(client, selectors.EVENT_READ, server)
        selector.register(server, selectors.EVENT_READ, client)
        open_directions = 2
        try:
            while open_directions:
                for key, _ in selector.select(timeout=0.1):
                    source: socket.socket = key.fileobj  # type: ignore[assignment]
                    target: socket.socket = key.data
                    data = source.recv(65536)
                    if not data:
                        selector.unregister(source)
                        target.shutdown(socket.SHUT_WR)
                        open_directions -= 1
                        continue
                    with self._lock:
                        stalled = self._stalled
                    if not stalled:
                        target.sendall(data)
        except (OSError, ValueError):  # ValueError: `cut()` closed a socket the selector watched
            for end in (client, server):
                _reset(end)
            return
        finally:
            selector.close()
        for end in (client, server):
            end.close()


def _reset(end: socket.socket) -> None:
    """Closes with a TCP reset: the peer sees the connection lost, nothing flushed."""
    try:
        end.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    except OSError:
        pass
    try:
        end.close()
    except OSError:
        pass
