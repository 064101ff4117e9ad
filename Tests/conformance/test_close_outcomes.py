"""§7.3's last column ("Client resumes?") and the remaining closes the server initiates: after any close
other than 1000, 4001, 4002 and 4003 the session is kept for the grace period and a `resume` picks it up;
binary frames on version-2 connections (§12.1, §12.3); a session token used twice (§10.2)."""

from __future__ import annotations

import json
import struct
import time
import urllib.request

import pytest

from peer import OMIT
from wsraw import Closed, ReadTimeout
from support import (PLACEHOLDER, AssistServer, assert_error_then_close, barrier, carrier, expect_error, padded,
                     with_bytes)


def _binary(peer):
    peer.ws.send_binary(b"not on a version-1 connection")


def _invalid_utf8(peer):
    peer.send_raw(with_bytes(carrier(peer, PLACEHOLDER), b"\xff"))


def _too_large(peer):
    peer.send_raw(padded(carrier(peer), 65_537))


def _ack_above_sent(peer):
    peer.send_ack(peer.last_received + 10)


def _gap(peer):
    peer.next_seq += 1
    peer.send(carrier(peer))


BREAKS = {
    "1003-binary": (_binary, 1003),
    "1007-invalid-utf8": (_invalid_utf8, 1007),
    "1009-too-large": (_too_large, 1009),
    "1008-ack-above-sent": (_ack_above_sent, 1008),
    "4004-gap": (_gap, 4004),
}


@pytest.mark.parametrize("endpoint", ["consumer", "agent"])
@pytest.mark.parametrize("case", list(BREAKS), ids=list(BREAKS))
def test_session_is_kept_after_the_server_closes_and_can_be_resumed(server: AssistServer, endpoint, case):
    breaking, close_code = BREAKS[case]
    first = server.peer(endpoint, "after")
    _, seq = barrier(first)
    breaking(first)
    frames, closed = first.read_until_close()
    assert closed is not None and closed.code == close_code, f"expected close {close_code}; observed {closed}"
    second = server.consumer() if endpoint == "consumer" else server.agent(first.agent_id)
    second.next_seq = seq + 1
    second.resume(first.welcome.body["resumeToken"], first.last_received)
    welcome = second.expect("welcome")
    assert welcome.body.get("lastReceivedSeq") == seq
    if endpoint == "consumer":
        assert welcome.body.get("sessionId") == first.welcome.body["sessionId"]
    barrier(second)


@pytest.mark.parametrize("endpoint", ["consumer", "agent"])
@pytest.mark.parametrize("how", ["drop-1006", "client-close-1001"])
def test_session_is_kept_after_the_client_goes_away_and_can_be_resumed(server: AssistServer, endpoint, how):
    first = server.peer(endpoint, "after")
    _, seq = barrier(first)
    if how == "drop-1006":
        first.ws.abort()
    else:
        first.ws.send_close(1001, "going away")
        first.read_until_close()
    second = server.consumer() if endpoint == "consumer" else server.agent(first.agent_id)
    second.next_seq = seq + 1
    second.resume(first.welcome.body["resumeToken"], first.last_received)
    assert second.expect("welcome").body.get("lastReceivedSeq") == seq
    barrier(second)


# -- version 2 ------------------------------------------------------------------------------------------------------


def test_binary_frame_from_an_agent_on_a_version_2_connection_closes_1003_unsupportedData(server: AssistServer):
    peer = server.agent()
    assert peer.hello(versions=[1, 2]).body.get("version") == 2
    peer.ws.send_binary(b"ACR2\x01s" + _keyframe())
    assert_error_then_close(peer, "unsupportedData", 1003)


def test_binary_frame_before_welcome_closes_1003_even_when_hello_would_offer_version_2(server: AssistServer):
    peer = server.consumer()
    peer.ws.send_binary(_keyframe())
    assert_error_then_close(peer, "unsupportedData", 1003)


def test_app_frame_on_a_version_2_consumer_connection_without_a_share_gets_notAllowed_and_stays_open(
        server: AssistServer):
    peer = server.consumer()
    assert peer.hello(versions=[1, 2]).body.get("version") == 2
    peer.ws.send_binary(_keyframe())
    expect_error(peer, "notAllowed")
    barrier(peer)


def _keyframe() -> bytes:
    """A valid 1×1 keyframe (§12.4): one solid tile."""
    tile = struct.pack("!HHHHBI", 0, 0, 1, 1, 2, 4) + bytes([10, 20, 30, 255])
    return b"ACF2" + bytes([1]) + struct.pack("!IHHH", 1, 1, 1, 1) + tile


# -- session tokens (§10.2) ----------------------------------------------------------------------------------------


def _http(server: AssistServer, method: str, path: str) -> dict:
    request = urllib.request.Request(server.url + path, method=method)
    with urllib.request.urlopen(request, timeout=10) as answer:
        return json.loads(answer.read())


def test_second_hello_with_the_same_session_token_gets_notAllowed_then_close_1008(server: AssistServer):
    code = _http(server, "PUT", "/assistserver/shortcode/create")["shortCode"]
    redeemed = _http(server, "GET", f"/assistserver/shortcode/consumer?appkey={code}")
    token, correlation = redeemed["session-token"], redeemed["cid"]
    first = server.consumer()
    first.hello(destination=OMIT, sessionToken=token, correlationId=correlation)
    second = server.consumer()
    second.send(second.hello_envelope(destination=OMIT, sessionToken=token, correlationId=correlation))
    assert_error_then_close(second, "notAllowed", 1008)
    barrier(first)



# -- too many unacknowledged frames (§6.2, §7.1 protocolViolation, §7.3 1008) ------------------------------------


def test_consumer_that_never_acknowledges_is_closed_1008_protocolViolation_beyond_1000_unacknowledged_frames(
        start_server):
    """A consumer that acknowledges nothing makes the server keep every receipt it sends. Chats go in
    bursts of 55 (under the rate limit), each burst on a new connection that resumes with lastReceivedSeq 0,
    so nothing is ever acknowledged; the receipt that would be the 1,001st unacknowledged frame is refused
    and the connection closed with 1008."""
    server: AssistServer = start_server()
    peer = server.peer("consumer", "after")
    token = peer.welcome.body["resumeToken"]
    limit, burst = 1000, 55
    receipts_sent = 0
    while receipts_sent + burst <= limit:
        ids = [f"c-{peer.next_seq + i}" for i in range(burst)]
        for client_message_id in ids:
            peer.send(peer.sequenced("chat", {"clientMessageId": client_message_id, "text": "x"}, ack=0))
        for client_message_id in ids:
            peer.expect("chatReceipt", lambda f, i=client_message_id: f.body.get("clientMessageId") == i)
        receipts_sent += burst
        peer.ws.abort()
        resumed = server.consumer()
        resumed.next_seq = peer.next_seq
        resumed.resume(token, 0)
        token = resumed.expect("welcome").body.get("resumeToken", token)
        peer = resumed
    # The replay (every receipt so far, none acknowledged) is on its way; the next burst goes past 1,000.
    for i in range(burst):
        peer.send(peer.sequenced("chat", {"clientMessageId": f"c-over-{i}", "text": "x"}, ack=0))
    frames, closed = peer.read_until_close(timeout=5, after_error=3)
    receipts = max((f.seq for f in frames if f.type == "chatReceipt"), default=0)
    errors = [str(f) for f in frames if f.type == "error"]
    assert closed is not None and closed.code == 1008 and [f.body.get("code") for f in frames
                                                           if f.type == "error"] == ["protocolViolation"], \
        (f"expected error protocolViolation then close 1008 beyond {limit} unacknowledged frames; observed "
         f"receipts up to seq {receipts}, error frames {errors or 'none'}, {closed or 'connection still open'}")


def test_agent_that_never_acknowledges_is_closed_1008_protocolViolation_beyond_1000_unacknowledged_frames(
        start_server):
    """19 consumers (each under its own rate limit) send 55 chats each to one agent that acknowledges
    nothing: the frame that would be the agent's 1,001st unacknowledged one closes its connection with 1008."""
    server: AssistServer = start_server()
    agent = server.agent("sam")  # capacity 50, serves "support"
    agent.hello()
    consumers = []
    for _ in range(19):
        consumer = server.consumer()
        consumer.hello(destination="support")
        consumers.append(consumer)
    for _ in consumers:
        agent.send_sequenced("acceptNext", ack=0)
        agent.expect("sessionAssigned")
    for consumer in consumers:
        for i in range(55):
            consumer.send(consumer.sequenced("chat", {"clientMessageId": f"c-{i}", "text": "x"}, ack=0))
    frames: list = []
    closed = None
    deadline = time.monotonic() + 30
    while closed is None and time.monotonic() < deadline:
        try:
            got = agent.read(max(deadline - time.monotonic(), 0.001))
        except ReadTimeout:
            break
        if isinstance(got, Closed):
            closed = got
            break
        frames.append(got)
        if agent.last_received >= 1000 or got.type == "error":
            deadline = min(deadline, time.monotonic() + 3)  # the close is due now
    errors = [f.body.get("code") for f in frames if f.type == "error"]
    assert closed is not None and closed.code == 1008 and errors == ["protocolViolation"], \
        (f"expected error protocolViolation then close 1008 beyond 1000 unacknowledged frames; observed frames "
         f"up to seq {agent.last_received}, error frames {errors or 'none'}, {closed or 'connection still open'}")
