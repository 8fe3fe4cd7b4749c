"""The room server's limits on what a client may hold or send: message sizes and rates, what one connection may
hold back, half-open HTTP (slowloris) timeouts and sizes, and the open connections one address may have
(:class:`RoomHTTPServer`)."""

from __future__ import annotations

import datetime
import ipaddress
import logging
import socket
import time
from typing import Any

import tornado.gen
import tornado.httpserver
import tornado.ioloop
import tornado.iostream

log = logging.getLogger("gamekit.rooms")

MAX_MESSAGE = 2048  # bytes: larger messages get an error (tornado closes above HARD_MAX_MESSAGE)
HARD_MAX_MESSAGE = 65536
RATE = 20.0  # messages a second per connection (token bucket) …
BURST = 40.0  # … with this burst
MAX_WATCHERS = 50  # watchers per room
# what one connection may hold back: a reader this far behind is dropped (it reconnects and gets the state)
SEND_QUEUE_BYTES = 512 * 1024  # bytes handed to tornado and not yet written to the socket …
SEND_QUEUE_MESSAGES = 256  # … or messages
SEND_BUFFER = 256 * 1024  # the kernel's send buffer of each connection (SO_SNDBUF; Linux doubles it)
# half-open HTTP (slowloris): tornado's defaults hold a connection for an hour and read 100 MB bodies
IDLE_TIMEOUT = 30.0  # seconds for a request's headers to arrive, and between keep-alive requests
BODY_TIMEOUT = 30.0  # seconds for a request's body to arrive
MAX_HEADER_SIZE = 32 * 1024  # bytes of request line and headers
MAX_BODY_SIZE = 128 * 1024  # bytes of a request body (the largest we accept is a 64 KiB progress upload)
CONNECTIONS_PER_ADDRESS = 500  # open connections from one address (a school's pupils often share one)


def is_loopback(ip: str) -> bool:
    """``127.0.0.0/8``, ``::1`` and ``::ffff:127.x.x.x`` (an IPv4 peer of a dual-stack socket)."""
    try:
        address = ipaddress.ip_address(ip)
    except ValueError:
        return False
    mapped = getattr(address, "ipv4_mapped", None)
    return (mapped or address).is_loopback


class RoomHTTPServer(tornado.httpserver.HTTPServer):
    """tornado's HTTP server with at most ``per_address`` open connections (HTTP and WebSocket alike) from one
    client address — one more is answered ``503`` and closed — and a bounded kernel send buffer on each
    connection (``send_buffer`` bytes, ``SO_SNDBUF``).  With ``exempt_loopback`` (the server sits behind a
    proxy, which connects from loopback for everyone) loopback connections are not counted: the proxy's own
    per-client limit applies.  The timeouts are tornado's own options (``idle_connection_timeout``, which also
    bounds the wait for a request's headers, ``body_timeout``, ``max_header_size``, ``max_body_size``)."""

    _BODY = b"Too many connections from your address: close some and try again.\n"
    REFUSED = (
        b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n"
        b"Content-Length: %d\r\nConnection: close\r\n\r\n%s" % (len(_BODY), _BODY)
    )

    def initialize(
        self,
        *args: Any,
        per_address: int = CONNECTIONS_PER_ADDRESS,
        exempt_loopback: bool = False,
        send_buffer: int = SEND_BUFFER,
        **kwargs: Any,
    ) -> None:
        super().initialize(*args, **kwargs)
        self.per_address, self.exempt_loopback, self.send_buffer = per_address, exempt_loopback, send_buffer
        self.open_by_address: dict[str, list[tornado.iostream.IOStream]] = {}
        self.accepted = 0
        self.refused = 0
        self._last_refusal_log = 0.0

    def handle_stream(self, stream: tornado.iostream.IOStream, address: Any) -> None:
        ip = address[0] if isinstance(address, tuple) and address else ""
        if self.per_address > 0 and ip and not (self.exempt_loopback and is_loopback(ip)):
            self.accepted += 1
            if self.accepted % 256 == 0:  # forget addresses whose connections have all closed
                self.open_by_address = {
                    a: live
                    for a, streams in self.open_by_address.items()
                    if (live := [s for s in streams if not s.closed()])
                }
            live = [s for s in self.open_by_address.get(ip, ()) if not s.closed()]
            if len(live) >= self.per_address:
                self.open_by_address[ip] = live
                return self._refuse(stream)
            live.append(stream)
            self.open_by_address[ip] = live
        if self.send_buffer > 0:
            try:
                stream.socket.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.send_buffer)
            except OSError:
                pass
        super().handle_stream(stream, address)

    def _refuse(self, stream: tornado.iostream.IOStream) -> None:
        self.refused += 1
        if time.monotonic() - self._last_refusal_log > 60:  # a flood must not flood the log too
            self._last_refusal_log = time.monotonic()
            log.warning(
                "refused a connection: %d open from one address (%d refused so far)", self.per_address, self.refused
            )

        tornado.ioloop.IOLoop.current().spawn_callback(self._answer_and_close, stream)

    async def _answer_and_close(self, stream: tornado.iostream.IOStream) -> None:
        """Send the 503, end our side, and read (and drop) what the client still sends for up to 2 s before
        closing: closing with its request unread would reset the connection and lose the answer."""
        try:
            await stream.write(self.REFUSED)
            stream.socket.shutdown(socket.SHUT_WR)
            deadline = time.monotonic() + 2.0
            while time.monotonic() < deadline:
                await tornado.gen.with_timeout(
                    datetime.timedelta(seconds=deadline - time.monotonic()), stream.read_bytes(65536, partial=True)
                )
        except (tornado.iostream.StreamClosedError, tornado.gen.TimeoutError, OSError):
            pass
        finally:
            stream.close()
