"""The agent's end of a shared screen's video track (docs/protocol.md §13.5), in this
process: a GStreamer `webrtcbin` that offers one receive-only VP8 video m-line (no
audio), takes the app's answer and candidates, and decodes what arrives into an
`appsink` as RGBA pictures.

Every decoded picture is dated when it reached the sink (`time.time()`); the newest
few are kept whole (`Picture`, bytes: Debian's Python has no numpy), and an
`observer` may look at each one as it arrives (on GStreamer's streaming thread: keep
it short). RTP packets are counted before the depayloader, like a browser's
`getStats()` `inbound-rtp` `bytesReceived` (payload bytes) and `packetsReceived`, each
dated, so a test can ask for the bytes per second over a stretch of time.

Run with Debian's /usr/bin/python3 (python3-gi, gir1.2-gst-plugins-bad-1.0,
gstreamer1.0-nice). On a host whose only interface is loopback libnice gathers no
candidate unless an address is added by hand (`local_addresses`; by default
127.0.0.1 exactly then, as the app does, Sources/AssistCall/HostAddresses.swift).

    receiver = VideoReceiver(on_candidate=lambda index, candidate: ...)
    offer = receiver.create_offer()          # SDP text, set as the local description
    receiver.set_answer(answer_sdp)
    receiver.add_candidate(0, "candidate:...")
    picture = receiver.wait_for_picture(lambda p: p.count((255, 0, 255), 24) > 1000, "magenta")
    receiver.close()                         # the webrtcbin ends, nothing is said to the app
"""

from __future__ import annotations

import collections
import fcntl
import socket
import struct
import threading
import time
from dataclasses import dataclass, field
from typing import Callable, Iterable, Optional

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstSdp", "1.0")
gi.require_version("GstWebRTC", "1.0")
gi.require_version("Nice", "0.1")
from gi.repository import Gst, GstSdp, GstWebRTC, Nice  # noqa: E402

Gst.init(None)

VP8_PAYLOAD = 96
VIDEO_CAPS = ("application/x-rtp,media=video,encoding-name=VP8,clock-rate=90000,payload=%d,"
              "rtcp-fb-nack-pli=(boolean)true,rtcp-fb-ccm-fir=(boolean)true" % VP8_PAYLOAD)
# webrtcbin's src pad -> the decoder -> RGBA; nothing is dropped, so every picture the app sent is seen.
DECODER = ("queue max-size-buffers=0 max-size-bytes=0 max-size-time=2000000000 "
           "! rtpvp8depay name=depay wait-for-keyframe=true request-keyframe={request} "
           "! vp8dec ! videoconvert ! video/x-raw,format=RGBA "
           "! appsink name=pictures emit-signals=true sync=false max-buffers=8 drop=false")
SIOCGIFFLAGS = 0x8913
IFF_UP, IFF_LOOPBACK = 0x1, 0x8


def only_loopback() -> bool:
    """Whether no interface but loopback is up (a CI job's network namespace)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for _, name in socket.if_nameindex():
            try:
                flags = struct.unpack("H", fcntl.ioctl(probe.fileno(), SIOCGIFFLAGS,
                                                       struct.pack("256s", name.encode()[:15]))[16:18])[0]
            except OSError:
                continue
            if flags & IFF_UP and not flags & IFF_LOOPBACK and has_address(name):
                return False
    return True


def has_address(interface: str) -> bool:
    """Whether `interface` has an IPv4 address or a global IPv6 one."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            fcntl.ioctl(probe.fileno(), 0x8915, struct.pack("256s", interface.encode()[:15]))  # SIOCGIFADDR
            return True
        except OSError:
            pass
    try:
        with open("/proc/net/if_inet6") as table:
            return any(line.split()[-1] == interface and line.split()[3] == "00" for line in table)
    except OSError:
        return False


def channel_table(value: int, tolerance: int) -> bytes:
    """A `bytes.translate` table: 1 for the levels within `tolerance` of `value`, else 0."""
    return bytes(1 if abs(level - value) <= tolerance else 0 for level in range(256))


_MASKS: dict[int, int] = {}


def _pixel_mask(pixels: int) -> int:
    """An integer with bit 0 of every fourth byte set, `pixels` of them (little-endian RGBA)."""
    if pixels not in _MASKS:
        _MASKS[pixels] = int.from_bytes(b"\x01\x00\x00\x00" * pixels, "little")
    return _MASKS[pixels]


def count_colour(rgba: bytes, rgb: tuple[int, int, int], tolerance: int) -> int:
    """Pixels of packed RGBA bytes whose red, green and blue each lie within `tolerance` of `rgb`,
    in C's time: each channel's matches through a translate table, lined up by shifts of one
    big integer, and-ed, and the bits counted."""
    red = int.from_bytes(rgba.translate(channel_table(rgb[0], tolerance)), "little")
    green = int.from_bytes(rgba.translate(channel_table(rgb[1], tolerance)), "little") >> 8
    blue = int.from_bytes(rgba.translate(channel_table(rgb[2], tolerance)), "little") >> 16
    return (red & green & blue & _pixel_mask(len(rgba) // 4)).bit_count()


@dataclass(frozen=True)
class Picture:
    """One decoded picture: RGBA, `stride` bytes a row, dated when it reached the sink."""

    at: float
    number: int
    width: int
    height: int
    stride: int
    data: bytes

    def pixel(self, x: int, y: int) -> tuple[int, int, int]:
        index = y * self.stride + x * 4
        return self.data[index], self.data[index + 1], self.data[index + 2]

    def region(self, box: Optional[tuple[int, int, int, int]] = None) -> bytes:
        """The packed RGBA bytes of `box` (x, y, width, height), or of the whole picture."""
        if box is None:
            if self.stride == self.width * 4:
                return self.data
            box = (0, 0, self.width, self.height)
        x, y, w, h = box
        x, y = max(x, 0), max(y, 0)
        w, h = min(w, self.width - x), min(h, self.height - y)
        return b"".join(self.data[(row * self.stride + x * 4):(row * self.stride + (x + w) * 4)]
                        for row in range(y, y + h))

    def count(self, rgb: tuple[int, int, int], tolerance: int = 0,
              box: Optional[tuple[int, int, int, int]] = None) -> int:
        """Pixels (of `box`, when given) within `tolerance` of `rgb` in each channel."""
        return count_colour(self.region(box), rgb, tolerance)

    def share(self, points: Iterable[tuple[int, int]], rgb: tuple[int, int, int], tolerance: int) -> float:
        """The share of `points` within `tolerance` of `rgb`."""
        points = list(points)
        hit = 0
        for x, y in points:
            index = y * self.stride + x * 4
            if abs(self.data[index] - rgb[0]) <= tolerance and abs(self.data[index + 1] - rgb[1]) <= tolerance \
                    and abs(self.data[index + 2] - rgb[2]) <= tolerance:
                hit += 1
        return hit / len(points) if points else 0.0

    def save_png(self, path: str) -> None:
        """Writes the picture as a PNG, for a person to look at."""
        gi.require_version("GdkPixbuf", "2.0")
        from gi.repository import GdkPixbuf, GLib
        pixbuf = GdkPixbuf.Pixbuf.new_from_bytes(GLib.Bytes.new(self.data), GdkPixbuf.Colorspace.RGB, True, 8,
                                                 self.width, self.height, self.stride)
        pixbuf.savev(path, "png", [], [])


@dataclass
class Counters:
    """What arrived, as a browser's getStats() would count it."""

    packets: int = 0
    bytes: int = 0           # RTP packets whole (header and payload), after SRTP
    payload_bytes: int = 0   # RTP payload only (inbound-rtp bytesReceived)
    pictures: int = 0        # decoded pictures (framesDecoded)
    keyframes_requested: int = 0   # force-key-unit events the depayloader sent up (PLI/FIR to the app)
    keyframe_times: list = field(default_factory=list)   # the first packet of each VP8 key frame
    packet_log: list = field(default_factory=list)   # (time.time(), payload bytes) per packet
    picture_times: list = field(default_factory=list)


class VideoReceiver:
    """One receive-only peer connection for one negotiation."""

    def __init__(self, on_candidate: Callable[[int, str], None], local_addresses: Optional[list[str]] = None,
                 request_keyframes: bool = True, keep: int = 4, keepalive_checks: bool = False,
                 observer: Optional[Callable[[Picture], None]] = None, name: str = "screen-video") -> None:
        self._on_candidate = on_candidate
        self.observer = observer   # may be set or cleared at any time
        self._lock = threading.Condition()
        self._kept: collections.deque[Picture] = collections.deque(maxlen=max(keep, 1))
        self.counters = Counters()
        self._numbered = 0
        self._depay: Optional[Gst.Element] = None
        self.states: list[tuple[float, str, str]] = []   # (time, ice-connection-state, connection-state)
        self.errors: list[str] = []
        self.gathering_complete = False
        self._closed = False
        self._remote_set = False
        self._early: list[tuple[int, str]] = []
        self._keep_alive: list[object] = []   # Python wrappers of libnice objects, kept for the run
        self.pipeline = Gst.Pipeline.new(name)
        self.webrtc = Gst.ElementFactory.make("webrtcbin", "webrtc")
        self.webrtc.set_property("bundle-policy", GstWebRTC.WebRTCBundlePolicy.MAX_BUNDLE)
        self.webrtc.set_property("latency", 50)
        self.pipeline.add(self.webrtc)
        self._decoder_description = DECODER.format(request="true" if request_keyframes else "false")
        addresses = local_addresses if local_addresses is not None else (["127.0.0.1"] if only_loopback() else [])
        if addresses or keepalive_checks:
            # Kept for the receiver's life: PyGObject drops a reference too many when these wrappers go.
            ice = self.webrtc.get_property("ice-agent")
            agent = ice.get_property("agent")
            self._keep_alive += [ice, agent]
            # libnice's keepalives are indications nobody answers unless told otherwise: with checks
            # instead, a peer that vanished fails ICE (webrtcbin 1.22 has no consent freshness).
            agent.set_property("keepalive-conncheck", keepalive_checks)
            for text in addresses:
                address = Nice.Address.new()
                address.set_from_string(text)
                agent.add_local_address(address)
        self.webrtc.connect("on-ice-candidate", self._local_candidate)
        self.webrtc.connect("pad-added", self._incoming)
        self.webrtc.connect("notify::ice-connection-state", self._state_changed)
        self.webrtc.connect("notify::connection-state", self._state_changed)
        self.webrtc.connect("notify::ice-gathering-state", self._gathering_changed)
        self.pipeline.get_bus().set_sync_handler(self._bus_message)
        self.webrtc.emit("add-transceiver", GstWebRTC.WebRTCRTPTransceiverDirection.RECVONLY,
                         Gst.Caps.from_string(VIDEO_CAPS))
        if self.pipeline.set_state(Gst.State.PLAYING) == Gst.StateChangeReturn.FAILURE:
            raise RuntimeError("the receiver's pipeline did not start")

    # ------------------------------------------------------------ signalling

    def create_offer(self) -> str:
        """The offer's SDP, already the local description (candidates follow through `on_candidate`)."""
        promise = Gst.Promise.new()
        self.webrtc.emit("create-offer", None, promise)
        promise.wait()
        reply = promise.get_reply()
        offer = reply.get_value("offer") if reply is not None else None
        if offer is None:
            raise RuntimeError(f"webrtcbin made no offer: {reply.to_string() if reply else None}")
        promise = Gst.Promise.new()
        self.webrtc.emit("set-local-description", offer, promise)
        promise.wait()
        return offer.sdp.as_text()

    def set_answer(self, sdp: str) -> None:
        """The app's answer; candidates that came before it are added now."""
        result, message = GstSdp.SDPMessage.new_from_text(sdp)
        if result != GstSdp.SDPResult.OK:
            raise RuntimeError(f"the answer is no SDP: {result}")
        answer = GstWebRTC.WebRTCSessionDescription.new(GstWebRTC.WebRTCSDPType.ANSWER, message)
        promise = Gst.Promise.new()
        self.webrtc.emit("set-remote-description", answer, promise)
        promise.wait()
        reply = promise.get_reply()
        if reply is not None and reply.has_field("error"):
            raise RuntimeError(f"the answer was refused: {reply.to_string()}")
        with self._lock:
            self._remote_set = True
            early, self._early = self._early, []
        for index, candidate in early:
            self.webrtc.emit("add-ice-candidate", index, candidate)

    def add_candidate(self, index: int, candidate: str) -> None:
        """One of the app's candidates; an empty one (the end of them) needs no word to webrtcbin."""
        if not candidate or self._closed:
            return
        with self._lock:
            if not self._remote_set:
                self._early.append((index, candidate))
                return
        self.webrtc.emit("add-ice-candidate", index, candidate)

    def request_keyframe(self) -> bool:
        """Asks the app for a key frame over RTCP (PLI), as a browser's decoder does; False before
        the video's pad came."""
        depay = self._depay
        if depay is None:
            return False
        gi.require_version("GstVideo", "1.0")
        from gi.repository import GstVideo
        return depay.get_static_pad("sink").push_event(
            GstVideo.video_event_new_upstream_force_key_unit(Gst.CLOCK_TIME_NONE, True, 0))

    def close(self) -> None:
        """Ends the connection at once, with no word to the app (a browser tab that died)."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        self.pipeline.set_state(Gst.State.NULL)
        self.pipeline.get_bus().set_sync_handler(None)
        with self._lock:
            self._lock.notify_all()

    @property
    def closed(self) -> bool:
        return self._closed

    # ------------------------------------------------------------ what arrived

    @property
    def ice_state(self) -> str:
        """The ICE connection state, as webrtcbin last reported it ("new" before it did)."""
        return self.states[-1][1] if self.states else "new"

    @property
    def connection_state(self) -> str:
        """The peer connection state, as webrtcbin last reported it ("new" before it did)."""
        return self.states[-1][2] if self.states else "new"

    def newest(self) -> Optional[Picture]:
        with self._lock:
            return self._kept[-1] if self._kept else None

    def kept(self) -> list[Picture]:
        """The newest few pictures, oldest first."""
        with self._lock:
            return list(self._kept)

    def picture_count(self) -> int:
        with self._lock:
            return self.counters.pictures

    def picture_times(self) -> list[float]:
        with self._lock:
            return list(self.counters.picture_times)

    def traffic(self, start: float, end: float) -> tuple[float, float, float]:
        """RTP payload bytes, packets and decoded pictures per second that arrived in [start, end)."""
        with self._lock:
            packets = [size for at, size in self.counters.packet_log if start <= at < end]
            pictures = sum(1 for at in self.counters.picture_times if start <= at < end)
        seconds = max(end - start, 1e-9)
        return sum(packets) / seconds, len(packets) / seconds, pictures / seconds

    def wait_for_picture(self, condition: Callable[[Picture], bool], what: str, timeout: float = 30.0,
                         after: float = 0.0) -> Picture:
        """The first kept picture dated after `after` that `condition` accepts, waiting for new ones."""
        deadline = time.monotonic() + timeout
        seen = -1
        while True:
            with self._lock:
                candidates = [p for p in self._kept if p.number > seen and p.at >= after]
                if not candidates:
                    remaining = deadline - time.monotonic()
                    if remaining <= 0:
                        raise AssertionError(f"the video never showed {what} ({self.counters.pictures} pictures, "
                                             f"ICE {self.ice_state}, {self.counters.packets} packets)")
                    if self._closed:
                        raise AssertionError(f"the receiver closed before the video showed {what}")
                    self._lock.wait(min(remaining, 0.5))
                    continue
            for picture in candidates:
                seen = picture.number
                if condition(picture):
                    return picture

    def wait_for_state(self, states: Iterable[str], timeout: float = 30.0) -> str:
        """Waits until the ICE or the peer connection state is one of `states`; returns it."""
        wanted = set(states)
        deadline = time.monotonic() + timeout
        with self._lock:
            while True:
                for state in (self.ice_state, self.connection_state):
                    if state in wanted:
                        return state
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise AssertionError(f"the connection never became {sorted(wanted)}: {self.states[-6:]}")
                self._lock.wait(min(remaining, 0.5))

    # ------------------------------------------------------------ webrtcbin's threads

    def _local_candidate(self, _webrtc, index: int, candidate: str) -> None:
        if not self._closed:
            self._on_candidate(index, candidate)

    def _gathering_changed(self, webrtc, _spec) -> None:
        if webrtc.get_property("ice-gathering-state") == GstWebRTC.WebRTCICEGatheringState.COMPLETE \
                and not self.gathering_complete:
            self.gathering_complete = True
            if not self._closed:
                self._on_candidate(0, "")

    def _state_changed(self, webrtc, _spec) -> None:
        # Read here, on the thread that notifies: the test's threads never ask webrtcbin under the lock.
        ice = webrtc.get_property("ice-connection-state").value_nick
        peer = webrtc.get_property("connection-state").value_nick
        with self._lock:
            if not self.states or self.states[-1][1:] != (ice, peer):
                self.states.append((time.time(), ice, peer))
            self._lock.notify_all()

    def _bus_message(self, _bus, message: Gst.Message) -> Gst.BusSyncReply:
        if message.type == Gst.MessageType.ERROR:
            error, debug = message.parse_error()
            with self._lock:
                self.errors.append(f"{message.src.get_name()}: {error.message} ({debug})")
        return Gst.BusSyncReply.DROP

    def _incoming(self, _webrtc, pad: Gst.Pad) -> None:
        if pad.direction != Gst.PadDirection.SRC:
            return
        decoder = Gst.parse_bin_from_description(self._decoder_description, True)
        sink = decoder.get_by_name("pictures")
        sink.connect("new-sample", self._picture)
        depay = decoder.get_by_name("depay")
        self._depay = depay
        depay.get_static_pad("sink").add_probe(Gst.PadProbeType.EVENT_UPSTREAM, self._upstream_event)
        self.pipeline.add(decoder)
        decoder.sync_state_with_parent()
        pad.add_probe(Gst.PadProbeType.BUFFER | Gst.PadProbeType.BUFFER_LIST, self._packet)
        pad.link(decoder.get_static_pad("sink"))

    def _upstream_event(self, _pad, info: Gst.PadProbeInfo) -> Gst.PadProbeReturn:
        event = info.get_event()
        if event is not None and event.get_structure() is not None \
                and event.get_structure().get_name() == "GstForceKeyUnit":
            with self._lock:
                self.counters.keyframes_requested += 1
        return Gst.PadProbeReturn.OK

    def _packet(self, _pad, info: Gst.PadProbeInfo) -> Gst.PadProbeReturn:
        buffers = []
        if info.type & Gst.PadProbeType.BUFFER:
            buffers.append(info.get_buffer())
        else:
            listed = info.get_buffer_list()
            buffers += [listed.get(i) for i in range(listed.length())]
        now = time.time()
        with self._lock:
            for buffer in buffers:
                size = buffer.get_size()
                offset, payload = rtp_payload(buffer, size)
                if starts_vp8_keyframe(buffer.extract_dup(offset, min(payload, 8))):
                    self.counters.keyframe_times.append(now)
                self.counters.packets += 1
                self.counters.bytes += size
                self.counters.payload_bytes += payload
                self.counters.packet_log.append((now, payload))
        return Gst.PadProbeReturn.OK

    def _picture(self, sink) -> Gst.FlowReturn:
        sample = sink.emit("pull-sample")
        if sample is None:
            return Gst.FlowReturn.OK
        arrived = time.time()
        structure = sample.get_caps().get_structure(0)
        width, height = structure.get_value("width"), structure.get_value("height")
        buffer = sample.get_buffer()
        data = buffer.extract_dup(0, buffer.get_size())
        stride = len(data) // height if height else width * 4
        with self._lock:
            self._numbered += 1
            picture = Picture(arrived, self._numbered, width, height, stride, data)
        # The observer sees each picture before anyone else can: a count of pictures is of observed ones.
        observer = self.observer
        if observer is not None:
            observer(picture)
        with self._lock:
            self.counters.pictures += 1
            self.counters.picture_times.append(arrived)
            self._kept.append(picture)
            self._lock.notify_all()
        return Gst.FlowReturn.OK


def rtp_payload(buffer: Gst.Buffer, size: int) -> tuple[int, int]:
    """An RTP packet's payload: its offset and its size (less the fixed header, CSRCs, the header
    extension and padding)."""
    head = buffer.extract_dup(0, min(size, 16))
    if len(head) < 12:
        return 0, 0
    first = head[0]
    header = 12 + 4 * (first & 0x0F)
    if first & 0x10 and size >= header + 4:
        extension = buffer.extract_dup(header, 4)
        header += 4 + 4 * int.from_bytes(extension[2:4], "big")
    padding = buffer.extract_dup(size - 1, 1)[0] if first & 0x20 else 0
    return header, max(size - header - padding, 0)


def starts_vp8_keyframe(payload: bytes) -> bool:
    """Whether an RTP VP8 payload (RFC 7741) starts a key frame: the descriptor's S bit with
    partition 0, then the VP8 frame tag's inverse key frame bit clear."""
    if len(payload) < 2:
        return False
    descriptor = payload[0]
    if not descriptor & 0x10 or descriptor & 0x07:
        return False
    offset = 1
    if descriptor & 0x80:
        extension = payload[1]
        offset = 2
        if extension & 0x80:
            offset += 2 if len(payload) > offset and payload[offset] & 0x80 else 1
        if extension & 0x40:
            offset += 1
        if extension & 0x30:
            offset += 1
    return len(payload) > offset and not payload[offset] & 0x01
