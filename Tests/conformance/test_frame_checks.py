"""§7.2 steps 1–6: the checks on every received frame that end the connection, on /v1/consumer and
/v1/agent, before and after `welcome`. Each test breaks one thing in a frame the server would otherwise
accept (`carrier`), and expects the documented `error` frame and close code (§7.1, §7.3)."""

from __future__ import annotations

import pytest

from support import (ENDPOINT_PHASES, PHASE_IDS, PLACEHOLDER, AssistServer, assert_carrier_accepted,
                     assert_error_then_close, carrier, padded, with_bytes)
from peer import encode

endpoint_phase = pytest.mark.parametrize(("endpoint", "phase"), ENDPOINT_PHASES, ids=PHASE_IDS)

LIMIT = 65_536


# -- step 1: binary frames ----------------------------------------------------------------------------------------


@endpoint_phase
def test_binary_frame_on_version_1_connection_closes_1003_unsupportedData(server: AssistServer, endpoint, phase):
    peer = server.peer(endpoint, phase)
    peer.ws.send_binary(b"ACF2\x01 not on a version-1 connection")
    assert_error_then_close(peer, "unsupportedData", 1003)


@endpoint_phase
def test_binary_frame_holding_valid_json_closes_1003_unsupportedData(server: AssistServer, endpoint, phase):
    peer = server.peer(endpoint, phase)
    peer.ws.send_binary(encode(carrier(peer)))
    assert_error_then_close(peer, "unsupportedData", 1003)


# -- step 2: size --------------------------------------------------------------------------------------------------


@endpoint_phase
def test_text_frame_over_65536_bytes_closes_1009_frameTooLarge(server: AssistServer, endpoint, phase):
    peer = server.peer(endpoint, phase)
    peer.send_raw(padded(carrier(peer), LIMIT + 1))
    assert_error_then_close(peer, "frameTooLarge", 1009)


@endpoint_phase
def test_fragmented_text_message_over_65536_bytes_closes_1009_frameTooLarge(server: AssistServer, endpoint, phase):
    peer = server.peer(endpoint, phase)
    data = padded(carrier(peer), LIMIT + 1)
    third = len(data) // 3
    peer.ws.send_fragments([data[:third], data[third:2 * third], data[2 * third:]])
    assert_error_then_close(peer, "frameTooLarge", 1009)


@endpoint_phase
def test_text_frame_of_exactly_65536_bytes_is_accepted(server: AssistServer, endpoint, phase):
    peer = server.peer(endpoint, phase)
    envelope = carrier(peer)
    peer.send_raw(padded(envelope, LIMIT))
    assert_carrier_accepted(peer, envelope)


@endpoint_phase
def test_fragmented_text_message_of_exactly_65536_bytes_is_accepted(server: AssistServer, endpoint, phase):
    peer = server.peer(endpoint, phase)
    envelope = carrier(peer)
    data = padded(envelope, LIMIT)
    peer.ws.send_fragments([data[:30_000], data[30_000:60_000], data[60_000:]])
    assert_carrier_accepted(peer, envelope)


# -- step 3: UTF-8 -------------------------------------------------------------------------------------------------

INVALID_UTF8 = {
    "byte_FF": b"a\xffb",
    "overlong_C0_AF": b"a\xc0\xafb",
    "surrogate_ED_A0_80": b"a\xed\xa0\x80b",
    "truncated_E2_82_before_quote": b"a\xe2\x82",
}


@endpoint_phase
@pytest.mark.parametrize("sequence", list(INVALID_UTF8), ids=list(INVALID_UTF8))
def test_text_frame_with_invalid_utf8_closes_1007_malformedFrame(server: AssistServer, endpoint, phase, sequence):
    peer = server.peer(endpoint, phase)
    peer.send_raw(with_bytes(carrier(peer, PLACEHOLDER), INVALID_UTF8[sequence]))
    assert_error_then_close(peer, "malformedFrame", 1007)


@endpoint_phase
def test_valid_multibyte_character_split_across_fragments_is_accepted(server: AssistServer, endpoint, phase):
    peer = server.peer(endpoint, phase)
    envelope = carrier(peer, "price \u20ac 5")  # € is E2 82 AC
    data = encode(envelope)
    split = data.index(b"\xe2\x82\xac") + 1  # first fragment ends after E2, the second starts with 82 AC
    peer.ws.send_fragments([data[:split], data[split:]])
    assert_carrier_accepted(peer, envelope)


@endpoint_phase
def test_invalid_utf8_visible_only_after_joining_fragments_closes_1007_malformedFrame(
        server: AssistServer, endpoint, phase):
    peer = server.peer(endpoint, phase)
    # Fragment 1 ends with E2 82 (a valid start of a 3-byte character), fragment 2 starts with "(":
    # each fragment is fine on its own, the joined message holds E2 82 28, which is not UTF-8.
    data = with_bytes(carrier(peer, PLACEHOLDER), b"x\xe2\x82(y")
    split = data.index(b"\xe2\x82") + 2
    peer.ws.send_fragments([data[:split], data[split:]])
    assert_error_then_close(peer, "malformedFrame", 1007)


# -- step 4: JSON object -------------------------------------------------------------------------------------------

NOT_JSON = {
    "plain_text": b"hello",
    "truncated_object": b'{"v":1,"type":"hello"',
    "trailing_garbage": b'{"v":1,"type":"ack","ack":0} x',
    "single_quotes": b"{'v':1,'type':'ack'}",
    "empty": b"",
}


@endpoint_phase
@pytest.mark.parametrize("text", list(NOT_JSON), ids=list(NOT_JSON))
def test_text_frame_that_is_not_json_closes_1007_malformedFrame(server: AssistServer, endpoint, phase, text):
    peer = server.peer(endpoint, phase)
    peer.send_raw(NOT_JSON[text])
    assert_error_then_close(peer, "malformedFrame", 1007)


NOT_OBJECT = {"array": b'[{"v":1,"type":"ack","ack":0}]', "string": b'"hello"', "number": b"1", "null": b"null",
              "true": b"true"}


@endpoint_phase
@pytest.mark.parametrize("text", list(NOT_OBJECT), ids=list(NOT_OBJECT))
def test_json_that_is_not_an_object_closes_1007_malformedFrame(server: AssistServer, endpoint, phase, text):
    peer = server.peer(endpoint, phase)
    peer.send_raw(NOT_OBJECT[text])
    assert_error_then_close(peer, "malformedFrame", 1007)


# -- step 5: v -----------------------------------------------------------------------------------------------------

MISSING = object()
BAD_V = {"missing": MISSING, "string": "1", "fraction": 1.5, "boolean": True, "null": None, "object": {"n": 1},
         "huge": 1e300}


@endpoint_phase
@pytest.mark.parametrize("value", list(BAD_V), ids=list(BAD_V))
def test_v_missing_or_not_an_integer_closes_1007_malformedFrame(server: AssistServer, endpoint, phase, value):
    peer = server.peer(endpoint, phase)
    envelope = carrier(peer)
    if BAD_V[value] is MISSING:
        del envelope["v"]
    else:
        envelope["v"] = BAD_V[value]
    peer.send(envelope)
    assert_error_then_close(peer, "malformedFrame", 1007)


@endpoint_phase
@pytest.mark.parametrize("version", [99, 0, 4], ids=["v99", "v0", "v4"])
def test_unsupported_v_closes_4001_unsupportedVersion(server: AssistServer, endpoint, phase, version):
    peer = server.peer(endpoint, phase)
    envelope = carrier(peer)
    envelope["v"] = version
    peer.send(envelope)
    assert_error_then_close(peer, "unsupportedVersion", 4001)


@endpoint_phase
def test_v_written_as_1_point_0_is_an_integer_and_accepted(server: AssistServer, endpoint, phase):
    peer = server.peer(endpoint, phase)
    envelope = carrier(peer)
    data = encode(envelope).replace(b'"v":1,', b'"v":1.0,', 1)
    assert b'"v":1.0,' in data
    peer.send_raw(data)
    assert_carrier_accepted(peer, envelope)


# -- step 6: type, seq, ack ----------------------------------------------------------------------------------------

BAD_TYPE = {"missing": MISSING, "number": 5, "empty": "", "null": None, "array": ["hello"]}


@endpoint_phase
@pytest.mark.parametrize("value", list(BAD_TYPE), ids=list(BAD_TYPE))
def test_type_missing_not_a_string_or_empty_closes_1007_malformedFrame(server: AssistServer, endpoint, phase, value):
    peer = server.peer(endpoint, phase)
    envelope = carrier(peer)
    if BAD_TYPE[value] is MISSING:
        del envelope["type"]
    else:
        envelope["type"] = BAD_TYPE[value]
    peer.send(envelope)
    assert_error_then_close(peer, "malformedFrame", 1007)


BAD_SEQ = {"zero": 0, "negative": -1, "string": "1", "fraction": 1.5, "boolean": True, "above_2_53": 2 ** 53}


@endpoint_phase
@pytest.mark.parametrize("value", list(BAD_SEQ), ids=list(BAD_SEQ))
def test_seq_not_an_integer_of_at_least_1_closes_1007_malformedFrame(server: AssistServer, endpoint, phase, value):
    peer = server.peer(endpoint, phase)
    envelope = carrier(peer)
    envelope["seq"] = BAD_SEQ[value]
    peer.send(envelope)
    assert_error_then_close(peer, "malformedFrame", 1007)


BAD_ACK = {"negative": -1, "string": "0", "fraction": 0.5, "boolean": False, "above_2_53": 2 ** 53}


@endpoint_phase
@pytest.mark.parametrize("value", list(BAD_ACK), ids=list(BAD_ACK))
def test_ack_not_an_integer_of_at_least_0_closes_1007_malformedFrame(server: AssistServer, endpoint, phase, value):
    peer = server.peer(endpoint, phase)
    envelope = carrier(peer)
    envelope["ack"] = BAD_ACK[value]
    peer.send(envelope)
    assert_error_then_close(peer, "malformedFrame", 1007)
