"""The person's call media for the browser tests: a GStreamer `webrtcbin` that
answers the agent console's offers (docs/protocol.md §13.3) and sends test
sources, as the app's call engine does with the camera and microphone.

Run with Debian's Python (/usr/bin/python3), which has GStreamer's
introspection bindings (python3-gi, gir1.2-gst-plugins-bad-1.0); `call_peer.py`
starts it. It talks JSON lines: on stdin

  {"op": "offer", "negotiation": N, "sdp": "..."}      answer it (the first builds the pipeline)
  {"op": "candidate", "negotiation": N, "sdpMLineIndex": I, "candidate": "..."}
  {"op": "counts"}                                       report what was received so far
  {"op": "stop"}

and on stdout

  {"event": "answer", "negotiation": N, "sdp": "..."}
  {"event": "candidate", "negotiation": N, "sdpMLineIndex": I, "candidate": "..."}
  {"event": "counts", "videoFrames": F, "audioBuffers": A, "iceState": "..."}
  {"event": "failed", "message": "..."}

Sends: `videotestsrc` as VP8 when the offer has a video m-line, `audiotestsrc`
as Opus. Receives: the agent's video decoded to an `appsink` (frames counted),
its audio decoded to a `fakesink` (buffers counted). `--local-address` adds an
address to libnice's agent: on a host whose only interface is loopback, ICE
finds no candidates otherwise. `--new-connection-per-offer` answers every
newer offer on a new pipeline, as the app does for a shared screen's video
track (§13.5), where each negotiation is a new peer connection; otherwise
later offers renegotiate the first one, as in a call.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import threading

import gi

gi.require_version("Gst", "1.0")
gi.require_version("GstSdp", "1.0")
gi.require_version("GstWebRTC", "1.0")
gi.require_version("Nice", "0.1")
from gi.repository import GLib, Gst, GstSdp, GstWebRTC, Nice  # noqa: E402

VIDEO_SOURCE = (
    "videotestsrc is-live=true pattern=smpte ! video/x-raw,width=320,height=240,framerate=15/1 ! videoconvert "
    "! queue max-size-buffers=2 leaky=downstream ! vp8enc deadline=1 cpu-used=8 target-bitrate=300000 "
    "keyframe-max-dist=30 ! rtpvp8pay pt={pt} mtu=1200 picture-id-mode=15-bit "
    "! application/x-rtp,media=video,encoding-name=VP8,payload={pt} ! webrtc. ")
AUDIO_SOURCE = (
    "audiotestsrc is-live=true wave=sine freq=440 volume=0.2 ! audioconvert ! audioresample ! queue "
    "! opusenc bitrate=32000 ! rtpopuspay pt={pt} ! application/x-rtp,media=audio,encoding-name=OPUS,payload={pt} "
    "! webrtc. ")


class Peer:
    """One call's media on the person's side."""

    def __init__(self, local_addresses: list[str], new_connection_per_offer: bool, loop: GLib.MainLoop) -> None:
        self._local_addresses = local_addresses
        self._new_connection_per_offer = new_connection_per_offer
        self._loop = loop
        self._pipeline: Gst.Pipeline | None = None
        self._webrtc: Gst.Element | None = None
        self._negotiation = 0
        self._remote_set = False
        self._early_candidates: list[tuple[int, str]] = []
        self._keep: list[object] = []  # Python wrappers of libnice objects, kept alive for the run
        self._output_lock = threading.Lock()
        self.video_frames = 0
        self.audio_buffers = 0

    def handle(self, command: dict) -> bool:
        """One command from stdin, on GLib's main loop."""
        operation = command.get("op")
        if operation == "offer":
            self._offer(command["negotiation"], command["sdp"])
        elif operation == "candidate":
            self._candidate(command["negotiation"], command["sdpMLineIndex"], command["candidate"])
        elif operation == "counts":
            self._emit({"event": "counts", "videoFrames": self.video_frames, "audioBuffers": self.audio_buffers,
                        "iceState": self._ice_state()})
        elif operation == "stop":
            self._loop.quit()
        return GLib.SOURCE_REMOVE

    def stop(self) -> None:
        if self._pipeline is not None:
            self._pipeline.set_state(Gst.State.NULL)

    def _offer(self, negotiation: int, sdp: str) -> None:
        if negotiation <= self._negotiation:
            return
        self._negotiation = negotiation
        self._remote_set = False
        self._early_candidates = []
        if self._pipeline is not None and self._new_connection_per_offer:
            self.stop()
            self._pipeline = None
        if self._pipeline is None:
            self._build(sdp)
        _, message = GstSdp.SDPMessage.new_from_text(sdp)
        offer = GstWebRTC.WebRTCSessionDescription.new(GstWebRTC.WebRTCSDPType.OFFER, message)
        promise = Gst.Promise.new_with_change_func(self._offer_applied, negotiation)
        self._webrtc.emit("set-remote-description", offer, promise)

    def _offer_applied(self, promise: Gst.Promise, negotiation: int) -> None:
        promise.wait()
        reply = promise.get_reply()
        if reply is not None and reply.has_field("error"):
            self._fail(f"the offer of negotiation {negotiation} was refused: {reply.to_string()}")
            return
        GLib.idle_add(self._create_answer, negotiation)

    def _create_answer(self, negotiation: int) -> bool:
        if negotiation == self._negotiation:
            self._remote_set = True
            for index, candidate in self._early_candidates:
                self._webrtc.emit("add-ice-candidate", index, candidate)
            self._early_candidates = []
            promise = Gst.Promise.new_with_change_func(self._answer_created, negotiation)
            self._webrtc.emit("create-answer", None, promise)
        return GLib.SOURCE_REMOVE

    def _answer_created(self, promise: Gst.Promise, negotiation: int) -> None:
        promise.wait()
        reply = promise.get_reply()
        answer = reply.get_value("answer") if reply is not None else None
        if answer is None:
            self._fail(f"no answer for negotiation {negotiation}: {reply.to_string() if reply else None}")
            return
        self._webrtc.emit("set-local-description", answer, Gst.Promise.new())
        self._emit({"event": "answer", "negotiation": negotiation, "sdp": answer.sdp.as_text()})

    def _candidate(self, negotiation: int, index: int, candidate: str) -> None:
        # An empty candidate ends an m-line's candidates; webrtcbin needs no word of it.
        if negotiation != self._negotiation or candidate == "" or self._webrtc is None:
            return
        if self._remote_set:
            self._webrtc.emit("add-ice-candidate", index, candidate)
        else:
            self._early_candidates.append((index, candidate))

    def _build(self, offer: str) -> None:
        """The pipeline for the first offer, with the offer's payload numbers so that the answer matches."""
        description = "webrtcbin name=webrtc bundle-policy=max-bundle latency=100 "
        video = re.search(r"a=rtpmap:(\d+) VP8/90000", offer)
        audio = re.search(r"a=rtpmap:(\d+) opus/48000", offer, re.IGNORECASE)
        if video and "m=video" in offer:
            description += VIDEO_SOURCE.format(pt=video.group(1))
        if audio:
            description += AUDIO_SOURCE.format(pt=audio.group(1))
        self._pipeline = Gst.parse_launch(description)
        self._webrtc = self._pipeline.get_by_name("webrtc")
        ice = self._webrtc.get_property("ice-agent")
        agent = ice.get_property("agent")
        self._keep += [ice, agent]
        for text in self._local_addresses:
            address = Nice.Address.new()
            address.set_from_string(text)
            agent.add_local_address(address)
        self._webrtc.connect("on-ice-candidate", self._local_candidate)
        self._webrtc.connect("pad-added", self._incoming)
        bus = self._pipeline.get_bus()
        bus.add_signal_watch()
        bus.connect("message::error", self._bus_error)
        self._pipeline.set_state(Gst.State.PLAYING)

    def _local_candidate(self, _webrtc: Gst.Element, index: int, candidate: str) -> None:
        self._emit({"event": "candidate", "negotiation": self._negotiation, "sdpMLineIndex": index,
                    "candidate": candidate})

    def _incoming(self, _webrtc: Gst.Element, pad: Gst.Pad) -> None:
        if pad.direction != Gst.PadDirection.SRC:
            return
        decoder = Gst.ElementFactory.make("decodebin")
        decoder.connect("pad-added", self._decoded)
        self._pipeline.add(decoder)
        decoder.sync_state_with_parent()
        pad.link(decoder.get_static_pad("sink"))

    def _decoded(self, _decoder: Gst.Element, pad: Gst.Pad) -> None:
        kind = pad.get_current_caps().get_structure(0).get_name()
        if kind.startswith("video"):
            sink = Gst.parse_bin_from_description(
                "queue ! videoconvert ! appsink name=frames emit-signals=true sync=false max-buffers=2 drop=true", True)
            sink.get_by_name("frames").connect("new-sample", self._video_frame)
        elif kind.startswith("audio"):
            sink = Gst.parse_bin_from_description("queue ! audioconvert ! fakesink name=sound sync=false", True)
            sink.get_by_name("sound").get_static_pad("sink").add_probe(Gst.PadProbeType.BUFFER, self._audio_buffer)
        else:
            return
        self._pipeline.add(sink)
        sink.sync_state_with_parent()
        pad.link(sink.get_static_pad("sink"))

    def _video_frame(self, sink: Gst.Element) -> Gst.FlowReturn:
        sink.emit("pull-sample")
        self.video_frames += 1
        return Gst.FlowReturn.OK

    def _audio_buffer(self, _pad: Gst.Pad, _info: Gst.PadProbeInfo) -> Gst.PadProbeReturn:
        self.audio_buffers += 1
        return Gst.PadProbeReturn.OK

    def _ice_state(self) -> str:
        if self._webrtc is None:
            return "new"
        return self._webrtc.get_property("ice-connection-state").value_nick

    def _bus_error(self, _bus: Gst.Bus, message: Gst.Message) -> None:
        error, debug = message.parse_error()
        self._fail(f"{message.src.get_name()}: {error.message} ({debug})")

    def _fail(self, text: str) -> None:
        self._emit({"event": "failed", "message": text})

    def _emit(self, event: dict) -> None:
        with self._output_lock:
            sys.stdout.write(json.dumps(event) + "\n")
            sys.stdout.flush()


def read_commands(peer: Peer, loop: GLib.MainLoop) -> None:
    """Hands each stdin line to the main loop; the end of stdin stops the peer."""
    for line in sys.stdin:
        if line.strip():
            GLib.idle_add(peer.handle, json.loads(line))
    GLib.idle_add(loop.quit)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--local-address", action="append", default=[])
    parser.add_argument("--new-connection-per-offer", action="store_true")
    arguments = parser.parse_args()
    Gst.init(None)
    loop = GLib.MainLoop()
    peer = Peer(arguments.local_address, arguments.new_connection_per_offer, loop)
    threading.Thread(target=read_commands, args=(peer, loop), daemon=True).start()
    try:
        loop.run()
    finally:
        peer.stop()


if __name__ == "__main__":
    main()
