"""§7.2 steps 7–10 and the rules around them: unknown types, bodies (`invalidMessage` / `invalidValue`, with
the member path), `seq` presence, gaps, `ack` above what was sent, what may come before `welcome`, second
handshakes, NUL in strings, and `error` frames sent to the server."""

from __future__ import annotations

from typing import Any

import pytest

from peer import OMIT, encode, unique
from peer import describe_outcome
from support import (AssistServer, assert_closed_without_error_frame, assert_error_then_close, barrier, check_error,
                     expect_error)

ENDPOINTS = ["consumer", "agent"]
both_endpoints = pytest.mark.parametrize("endpoint", ENDPOINTS)


def welcomed(server: AssistServer, endpoint: str):
    return server.peer(endpoint, "after")


def assert_no_error_frames(frames, what: str) -> None:
    errors = [str(frame) for frame in frames if frame.type == "error"]
    assert not errors, f"{what}: the server answered with {errors}"


# -- step 7: unknown type -----------------------------------------------------------------------------------------


@both_endpoints
def test_unknown_type_after_welcome_gets_unknownType_stays_open_and_consumes_its_seq(server: AssistServer, endpoint):
    peer = welcomed(server, endpoint)
    seq = peer.send_sequenced("frobnicate", {"anything": True})
    expect_error(peer, "unknownType")
    # The next seq (not the same one again) is accepted, and the server's ack covers both.
    before, barrier_seq = barrier(peer)
    assert barrier_seq == seq + 1
    assert_no_error_frames([f for f in before if f.body.get("refType") != "frobnicate"], "the frame after it")
    assert peer.highest_ack >= barrier_seq


@both_endpoints
def test_unknown_type_without_seq_after_welcome_gets_unknownType_and_stays_open(server: AssistServer, endpoint):
    peer = welcomed(server, endpoint)
    peer.send({"v": 1, "type": "frobnicate", "ack": 0})
    expect_error(peer, "unknownType")
    barrier(peer)


@both_endpoints
def test_server_to_client_type_sent_to_server_gets_unknownType(server: AssistServer, endpoint):
    peer = welcomed(server, endpoint)
    message_type = "queueUpdate" if endpoint == "consumer" else "queueSnapshot"
    peer.send({"v": 1, "type": message_type, "ack": 0, "body": {"position": 0, "entries": [], "totalWaiting": 0}})
    expect_error(peer, "unknownType")
    barrier(peer)


@both_endpoints
def test_unknown_type_before_welcome_gets_unknownType_then_close_1008(server: AssistServer, endpoint):
    peer = server.peer(endpoint, "before")
    peer.send({"v": 1, "type": "frobnicate", "body": {"versions": [1]}})
    assert_error_then_close(peer, "unknownType", 1008)


# -- step 8: bodies -----------------------------------------------------------------------------------------------


def consumer_chat(**body: Any) -> dict[str, Any]:
    content = {"clientMessageId": unique("c"), "text": "hello"}
    content.update(body)
    return {k: v for k, v in content.items() if v is not OMIT}


def agent_chat(**body: Any) -> dict[str, Any]:
    content = {"sessionId": "no-such-session", "clientMessageId": unique("c"), "text": "hello"}
    content.update(body)
    return {k: v for k, v in content.items() if v is not OMIT}


INVALID_MESSAGE_AFTER_WELCOME = {
    "consumer-chat-text-missing": ("consumer", "chat", lambda: consumer_chat(text=OMIT), "body.text"),
    "consumer-chat-text-null": ("consumer", "chat", lambda: consumer_chat(text=None), "body.text"),
    "consumer-chat-text-number": ("consumer", "chat", lambda: consumer_chat(text=5), "body.text"),
    "consumer-chat-clientMessageId-missing": ("consumer", "chat", lambda: consumer_chat(clientMessageId=OMIT),
                                              "body.clientMessageId"),
    "consumer-chat-clientMessageId-array": ("consumer", "chat", lambda: consumer_chat(clientMessageId=["c"]),
                                            "body.clientMessageId"),
    "consumer-screenShareAnswer-accepted-string": ("consumer", "screenShareAnswer",
                                                   lambda: {"requestId": "r-1", "accepted": "yes"}, "body.accepted"),
    "agent-chat-sessionId-missing": ("agent", "chat", lambda: agent_chat(sessionId=OMIT), "body.sessionId"),
    "agent-chat-text-null": ("agent", "chat", lambda: agent_chat(text=None), "body.text"),
    "agent-acceptSession-sessionId-number": ("agent", "acceptSession", lambda: {"sessionId": 7}, "body.sessionId"),
    "agent-push-content-url-missing": ("agent", "push", lambda: {"sessionId": "s", "requestId": "r",
                                                                 "content": {"kind": "url"}}, "body.content.url"),
}


@pytest.mark.parametrize("case", list(INVALID_MESSAGE_AFTER_WELCOME), ids=list(INVALID_MESSAGE_AFTER_WELCOME))
def test_missing_null_or_wrong_typed_member_gets_invalidMessage_naming_it_and_seq_is_consumed(
        server: AssistServer, case):
    endpoint, message_type, body, path = INVALID_MESSAGE_AFTER_WELCOME[case]
    peer = welcomed(server, endpoint)
    seq = peer.send_sequenced(message_type, body())
    expect_error(peer, "invalidMessage", message_contains=path)
    _, barrier_seq = barrier(peer)
    assert barrier_seq == seq + 1 and peer.highest_ack >= barrier_seq


@both_endpoints
def test_sequenced_type_without_its_body_gets_invalidMessage(server: AssistServer, endpoint):
    peer = welcomed(server, endpoint)
    peer.send_sequenced("chat")
    expect_error(peer, "invalidMessage", message_contains="body")
    barrier(peer)


INVALID_VALUE_AFTER_WELCOME = {
    "consumer-chat-text-empty": ("consumer", "chat", lambda: consumer_chat(text=""), "body.text"),
    "consumer-chat-text-8001-chars": ("consumer", "chat", lambda: consumer_chat(text="x" * 8001), "body.text"),
    "consumer-chat-clientMessageId-empty": ("consumer", "chat", lambda: consumer_chat(clientMessageId=""),
                                            "body.clientMessageId"),
    "consumer-chat-clientMessageId-129-chars": ("consumer", "chat", lambda: consumer_chat(clientMessageId="c" * 129),
                                                "body.clientMessageId"),
    "agent-chat-text-empty": ("agent", "chat", lambda: agent_chat(text=""), "body.text"),
    "agent-acceptSession-sessionId-empty": ("agent", "acceptSession", lambda: {"sessionId": ""}, "body.sessionId"),
    "agent-push-ftp-url": ("agent", "push", lambda: {"sessionId": "s", "requestId": "r",
                                                     "content": {"kind": "url", "url": "ftp://example.com/x"}},
                           "body.content.url"),
    "agent-push-unknown-kind": ("agent", "push", lambda: {"sessionId": "s", "requestId": "r",
                                                          "content": {"kind": "movie", "url": "https://example.com"}},
                                "body.content.kind"),
    "agent-redeemShortCode-33-chars": ("agent", "redeemShortCode", lambda: {"code": "A" * 33}, "body.code"),
}


@pytest.mark.parametrize("case", list(INVALID_VALUE_AFTER_WELCOME), ids=list(INVALID_VALUE_AFTER_WELCOME))
def test_value_breaking_its_rule_gets_invalidValue_naming_it_and_seq_is_consumed(server: AssistServer, case):
    endpoint, message_type, body, path = INVALID_VALUE_AFTER_WELCOME[case]
    peer = welcomed(server, endpoint)
    seq = peer.send_sequenced(message_type, body())
    expect_error(peer, "invalidValue", message_contains=path)
    _, barrier_seq = barrier(peer)
    assert barrier_seq == seq + 1 and peer.highest_ack >= barrier_seq


def test_chat_text_length_is_counted_in_scalars_so_8000_emoji_are_accepted(server: AssistServer):
    peer = welcomed(server, "consumer")
    _, client_message_id = peer.chat("\U0001F600" * 8000)  # 8,000 scalars, 16,000 UTF-16 units, 32,000 bytes
    peer.expect("chatReceipt", lambda f: f.body.get("clientMessageId") == client_message_id)


def test_unknown_members_are_ignored_in_envelope_and_body(server: AssistServer):
    peer = welcomed(server, "consumer")
    envelope = peer.sequenced("chat", {**consumer_chat(), "future": {"x": [1, 2]}})
    envelope["futureEnvelopeMember"] = "ignored"
    peer.send(envelope)
    peer.expect("chatReceipt", lambda f: f.body.get("clientMessageId") == envelope["body"]["clientMessageId"])


# -- bodies before welcome: error frame, then 1008 (decision a) ----------------------------------------------------


def prechat(count: int, broken: int) -> list[dict[str, Any]]:
    answers = [{"label": f"Field {i}", "value": "v"} for i in range(count)]
    del answers[broken]["label"]
    return answers


INVALID_BEFORE_WELCOME = {
    "consumer-hello-preChat-2-label-missing": ("consumer", lambda p: p.hello_envelope(preChat=prechat(3, 2)),
                                               "invalidMessage", "body.preChat[2].label"),
    "consumer-hello-versions-missing": ("consumer", lambda p: p.hello_envelope(versions=OMIT),
                                        "invalidMessage", "body.versions"),
    "consumer-hello-versions-string": ("consumer", lambda p: p.hello_envelope(versions="1"),
                                       "invalidMessage", "body.versions"),
    "consumer-hello-versions-empty": ("consumer", lambda p: p.hello_envelope(versions=[]),
                                      "invalidValue", "body.versions"),
    "consumer-hello-versions-17-entries": ("consumer", lambda p: p.hello_envelope(versions=[1] * 17),
                                           "invalidValue", "body.versions"),
    "consumer-hello-destination-empty": ("consumer", lambda p: p.hello_envelope(destination=""),
                                         "invalidValue", "body.destination"),
    "consumer-hello-visitorName-201-chars": ("consumer", lambda p: p.hello_envelope(visitorName="n" * 201),
                                             "invalidValue", "body.visitorName"),
    "consumer-hello-uui-odd-length": ("consumer", lambda p: p.hello_envelope(uui="abc"),
                                      "invalidValue", "body.uui"),
    "consumer-hello-uui-not-hex": ("consumer", lambda p: p.hello_envelope(uui="zz"), "invalidValue", "body.uui"),
    "consumer-hello-auditName-incomplete-escape": ("consumer", lambda p: p.hello_envelope(auditName="Ann%2"),
                                                   "invalidValue", "body.auditName"),
    "consumer-resume-resumeToken-missing": ("consumer", lambda p: {"v": 1, "type": "resume",
                                                                   "body": {"lastReceivedSeq": 0}},
                                            "invalidMessage", "body.resumeToken"),
    "consumer-resume-lastReceivedSeq-string": ("consumer", lambda p: {"v": 1, "type": "resume", "body": {
        "resumeToken": "r", "lastReceivedSeq": "0"}}, "invalidMessage", "body.lastReceivedSeq"),
    "agent-hello-token-missing": ("agent", lambda p: p.hello_envelope(token=OMIT), "invalidMessage", "body.token"),
    "agent-hello-token-number": ("agent", lambda p: p.hello_envelope(token=12345), "invalidMessage", "body.token"),
    "agent-hello-token-empty": ("agent", lambda p: p.hello_envelope(token=""), "invalidValue", "body.token"),
    "agent-hello-versions-null": ("agent", lambda p: p.hello_envelope(versions=None), "invalidMessage",
                                  "body.versions"),
}


@pytest.mark.parametrize("case", list(INVALID_BEFORE_WELCOME), ids=list(INVALID_BEFORE_WELCOME))
def test_invalid_handshake_body_gets_its_error_then_close_1008(server: AssistServer, case):
    endpoint, envelope, code, path = INVALID_BEFORE_WELCOME[case]
    peer = server.peer(endpoint, "before")
    sent = envelope(peer)
    peer.send(sent)
    assert_error_then_close(peer, code, 1008, message_contains=path)


def test_hello_with_neither_destination_nor_sessionToken_gets_invalidMessage_naming_body_destination_then_1008(
        server: AssistServer):
    peer = server.consumer()
    peer.send(peer.hello_envelope(destination=OMIT))
    assert_error_then_close(peer, "invalidMessage", 1008, message_contains="body.destination")


def test_hello_with_null_destination_and_no_sessionToken_gets_invalidMessage_naming_body_destination_then_1008(
        server: AssistServer):
    peer = server.consumer()
    peer.send(peer.hello_envelope(destination=None))
    assert_error_then_close(peer, "invalidMessage", 1008, message_contains="body.destination")


# -- NUL in strings (decision d) -----------------------------------------------------------------------------------

NUL_AFTER_WELCOME = {
    "consumer-chat-text": ("consumer", lambda: consumer_chat(text="a\u0000b"), "body.text"),
    "consumer-chat-clientMessageId": ("consumer", lambda: consumer_chat(clientMessageId="c-\u0000"),
                                      "body.clientMessageId"),
    "agent-chat-text": ("agent", lambda: agent_chat(text="\u0000"), "body.text"),
    "agent-chat-clientMessageId": ("agent", lambda: agent_chat(clientMessageId="\u0000x"), "body.clientMessageId"),
}


@pytest.mark.parametrize("case", list(NUL_AFTER_WELCOME), ids=list(NUL_AFTER_WELCOME))
def test_nul_character_in_string_member_gets_invalidValue_naming_it(server: AssistServer, case):
    endpoint, body, path = NUL_AFTER_WELCOME[case]
    peer = welcomed(server, endpoint)
    peer.send_sequenced("chat", body())
    expect_error(peer, "invalidValue", message_contains=path)
    barrier(peer)


NUL_BEFORE_WELCOME = {
    "consumer-hello-visitorName": ("consumer", {"visitorName": "Ann\u0000"}, "body.visitorName"),
    "consumer-hello-destination": ("consumer", {"destination": "sup\u0000port"}, "body.destination"),
    "consumer-hello-preChat-value": ("consumer", {"preChat": [{"label": "Email", "value": "a\u0000"}]},
                                     "body.preChat[0].value"),
    "consumer-hello-correlationId": ("consumer", {"correlationId": "\u0000"}, "body.correlationId"),
    "agent-hello-token": ("agent", None, "body.token"),
}


@pytest.mark.parametrize("case", list(NUL_BEFORE_WELCOME), ids=list(NUL_BEFORE_WELCOME))
def test_nul_character_in_handshake_string_gets_invalidValue_naming_it_then_close_1008(server: AssistServer, case):
    endpoint, body, path = NUL_BEFORE_WELCOME[case]
    peer = server.peer(endpoint, "before")
    if body is None:
        body = {"token": peer.token + "\u0000"}
    peer.send(peer.hello_envelope(**body))
    assert_error_then_close(peer, "invalidValue", 1008, message_contains=path)


def test_nul_escape_in_consumer_chat_is_refused_as_written_on_the_wire(server: AssistServer):
    """The JSON escape `\\u0000` itself (not a raw NUL byte) is what a client writes."""
    peer = welcomed(server, "consumer")
    envelope = peer.sequenced("chat", consumer_chat(text="PLACEHOLDER"))
    data = encode(envelope).replace(b"PLACEHOLDER", b"a\\u0000b")
    peer.send_raw(data)
    expect_error(peer, "invalidValue", message_contains="body.text")
    barrier(peer)


# -- step 9: seq presence ------------------------------------------------------------------------------------------

SEQ_ON_UNSEQUENCED = {
    "consumer-typing": ("consumer", "after", {"v": 1, "type": "typing", "seq": 1, "ack": 0,
                                              "body": {"isTyping": True}}),
    "consumer-ack": ("consumer", "after", {"v": 1, "type": "ack", "seq": 1, "ack": 0}),
    "consumer-hello": ("consumer", "before", "hello"),
    "agent-typing": ("agent", "after", {"v": 1, "type": "typing", "seq": 1, "ack": 0,
                                        "body": {"sessionId": "s", "isTyping": True}}),
    "agent-ack": ("agent", "after", {"v": 1, "type": "ack", "seq": 1, "ack": 0}),
    "agent-hello": ("agent", "before", "hello"),
}


@pytest.mark.parametrize("case", list(SEQ_ON_UNSEQUENCED), ids=list(SEQ_ON_UNSEQUENCED))
def test_seq_on_unsequenced_type_closes_1007_malformedFrame(server: AssistServer, case):
    endpoint, phase, envelope = SEQ_ON_UNSEQUENCED[case]
    peer = server.peer(endpoint, phase)
    if envelope == "hello":
        envelope = {**peer.hello_envelope(), "seq": 1}
    peer.send(envelope)
    assert_error_then_close(peer, "malformedFrame", 1007)


SEQ_MISSING = {
    "consumer-chat": ("consumer", "chat", consumer_chat),
    "consumer-endSession": ("consumer", "endSession", lambda: None),
    "consumer-leaveQueue": ("consumer", "leaveQueue", lambda: None),
    "agent-acceptNext": ("agent", "acceptNext", lambda: None),
    "agent-chat": ("agent", "chat", agent_chat),
}


@pytest.mark.parametrize("case", list(SEQ_MISSING), ids=list(SEQ_MISSING))
def test_sequenced_type_without_seq_closes_1007_malformedFrame(server: AssistServer, case):
    endpoint, message_type, body = SEQ_MISSING[case]
    peer = welcomed(server, endpoint)
    envelope: dict[str, Any] = {"v": 1, "type": message_type, "ack": 0}
    if body() is not None:
        envelope["body"] = body()
    peer.send(envelope)
    assert_error_then_close(peer, "malformedFrame", 1007)


# -- step 10: sequencing and ack -----------------------------------------------------------------------------------


@both_endpoints
def test_seq_gap_closes_4004_sequenceGap(server: AssistServer, endpoint):
    peer = welcomed(server, endpoint)
    barrier(peer)  # seq 1 accepted
    peer.next_seq = 3  # skips 2
    envelope = peer.sequenced("chat", consumer_chat() if endpoint == "consumer" else agent_chat())
    peer.send(envelope)
    assert_error_then_close(peer, "sequenceGap", 4004)


@both_endpoints
def test_first_frame_after_welcome_with_seq_2_closes_4004_sequenceGap(server: AssistServer, endpoint):
    peer = welcomed(server, endpoint)
    peer.next_seq = 2
    peer.send(peer.sequenced("chat", consumer_chat() if endpoint == "consumer" else agent_chat()))
    assert_error_then_close(peer, "sequenceGap", 4004)


def test_duplicate_seq_is_dropped_silently_and_acknowledged_again(server: AssistServer):
    peer = welcomed(server, "consumer")
    seq, first_id = peer.chat("first")
    peer.expect("chatReceipt", lambda f: f.body.get("clientMessageId") == first_id)
    duplicate = {"v": 1, "type": "chat", "seq": seq, "ack": 0, "body": consumer_chat(text="again")}
    peer.send(duplicate)
    before, _ = barrier(peer)
    assert_no_error_frames(before, "a duplicate seq")
    receipts = [f for f in before if f.type == "chatReceipt"
                and f.body.get("clientMessageId") == duplicate["body"]["clientMessageId"]]
    assert not receipts, "the duplicate was delivered"


@both_endpoints
def test_bare_ack_above_what_the_server_sent_closes_1008_protocolViolation(server: AssistServer, endpoint):
    peer = welcomed(server, endpoint)
    before, _ = barrier(peer)  # the server has sent at most what we have seen
    peer.send_ack(peer.last_received + 5)
    assert_error_then_close(peer, "protocolViolation", 1008)


@both_endpoints
def test_ack_above_what_the_server_sent_on_a_sequenced_frame_closes_1008_protocolViolation(
        server: AssistServer, endpoint):
    peer = welcomed(server, endpoint)
    peer.send(peer.sequenced("chat", consumer_chat() if endpoint == "consumer" else agent_chat(), ack=1000))
    assert_error_then_close(peer, "protocolViolation", 1008)


def test_ack_below_an_earlier_ack_is_ignored(server: AssistServer):
    peer = welcomed(server, "consumer")
    barrier(peer)
    barrier(peer)  # the server has sent two receipts (seq 1, 2)
    assert peer.last_received >= 2
    peer.send_ack(peer.last_received)
    peer.send_ack(1)
    before, _ = barrier(peer)
    assert_no_error_frames(before, "an ack below an earlier one")


# -- before welcome: only hello and resume -------------------------------------------------------------------------

BEFORE_WELCOME = {
    "consumer-chat": ("consumer", lambda: {"v": 1, "type": "chat", "seq": 1, "ack": 0, "body": consumer_chat()}),
    "consumer-ack": ("consumer", lambda: {"v": 1, "type": "ack", "ack": 0}),
    "consumer-typing": ("consumer", lambda: {"v": 1, "type": "typing", "body": {"isTyping": True}}),
    "consumer-endSession": ("consumer", lambda: {"v": 1, "type": "endSession", "seq": 1, "ack": 0}),
    "consumer-leaveQueue": ("consumer", lambda: {"v": 1, "type": "leaveQueue", "seq": 1, "ack": 0}),
    "agent-acceptNext": ("agent", lambda: {"v": 1, "type": "acceptNext", "seq": 1, "ack": 0}),
    "agent-ack": ("agent", lambda: {"v": 1, "type": "ack", "ack": 0}),
    "agent-chat": ("agent", lambda: {"v": 1, "type": "chat", "seq": 1, "ack": 0, "body": agent_chat()}),
    "agent-typing": ("agent", lambda: {"v": 1, "type": "typing", "body": {"sessionId": "s", "isTyping": False}}),
}


@pytest.mark.parametrize("case", list(BEFORE_WELCOME), ids=list(BEFORE_WELCOME))
def test_frame_before_welcome_other_than_hello_or_resume_gets_notAllowed_then_close_1008(server: AssistServer, case):
    endpoint, envelope = BEFORE_WELCOME[case]
    peer = server.peer(endpoint, "before")
    sent = envelope()
    peer.send(sent)
    assert_error_then_close(peer, "notAllowed", 1008)


# -- second handshake after welcome (decision c) --------------------------------------------------------------------


@both_endpoints
def test_second_hello_after_welcome_gets_notAllowed_with_refType_hello_and_stays_open(server: AssistServer, endpoint):
    peer = welcomed(server, endpoint)
    peer.send(peer.hello_envelope())
    expect_error(peer, "notAllowed", ref_type="hello")
    barrier(peer)


@both_endpoints
def test_resume_after_welcome_gets_notAllowed_with_refType_resume_and_stays_open(server: AssistServer, endpoint):
    peer = welcomed(server, endpoint)
    peer.resume(peer.welcome.body["resumeToken"], 0)
    expect_error(peer, "notAllowed", ref_type="resume")
    barrier(peer)


# -- error frames are never answered with error frames ------------------------------------------------------------

ERROR_FRAMES = {
    "well-formed": {"v": 1, "type": "error", "ack": 0, "body": {"code": "internalError", "message": "oops"}},
    "with-refType-and-refSeq": {"v": 1, "type": "error", "ack": 0,
                                "body": {"code": "invalidValue", "message": "x", "refType": "chat", "refSeq": 1}},
    "unknown-code": {"v": 1, "type": "error", "ack": 0, "body": {"code": "somethingNew", "message": ""}},
    "body-missing": {"v": 1, "type": "error", "ack": 0},
    "body-null": {"v": 1, "type": "error", "ack": 0, "body": None},
    "body-not-an-object": {"v": 1, "type": "error", "ack": 0, "body": "boom"},
    "code-missing": {"v": 1, "type": "error", "ack": 0, "body": {"message": "no code"}},
    "code-number": {"v": 1, "type": "error", "ack": 0, "body": {"code": 42, "message": "x"}},
    "code-empty": {"v": 1, "type": "error", "ack": 0, "body": {"code": "", "message": "x"}},
    "message-too-long": {"v": 1, "type": "error", "ack": 0, "body": {"code": "x", "message": "m" * 1001}},
    "refSeq-zero": {"v": 1, "type": "error", "ack": 0, "body": {"code": "x", "message": "", "refSeq": 0}},
}


@both_endpoints
@pytest.mark.parametrize("case", list(ERROR_FRAMES), ids=list(ERROR_FRAMES))
def test_error_frame_sent_to_server_is_never_answered_with_an_error_frame(server: AssistServer, endpoint, case):
    peer = welcomed(server, endpoint)
    peer.send(ERROR_FRAMES[case])
    before, _ = barrier(peer)
    assert_no_error_frames(before, f"an error frame ({case})")


@both_endpoints
def test_error_frame_before_welcome_is_not_answered_with_an_error_frame_and_closes_1008(
        server: AssistServer, endpoint):
    peer = server.peer(endpoint, "before")
    peer.send(ERROR_FRAMES["well-formed"])
    assert_closed_without_error_frame(peer, 1008)


# -- after a refused frame the ack still covers its seq ------------------------------------------------------------


def test_refused_frame_seq_is_covered_by_the_next_ack_the_server_sends(server: AssistServer):
    peer = welcomed(server, "consumer")
    seq = peer.send_sequenced("chat", consumer_chat(text=""))
    expect_error(peer, "invalidValue")
    peer.expect_ack_covering(seq)



# -- refType / refSeq: "name the frame that caused the error, when known" (§3 ErrorReport) -------------------------


def _after(endpoint):
    return lambda server: server.peer(endpoint, "after")


REFERENCED = {
    # case: (endpoint, phase, envelope(peer) -> dict, expected code)
    "consumer-unknownType": ("consumer", "after", lambda p: p.sequenced("frobnicate"), "unknownType"),
    "consumer-invalidMessage-chat": ("consumer", "after", lambda p: p.sequenced("chat", consumer_chat(text=None)),
                                     "invalidMessage"),
    "consumer-invalidValue-chat": ("consumer", "after", lambda p: p.sequenced("chat", consumer_chat(text="")),
                                   "invalidValue"),
    "consumer-unknownRequest-screenShareAnswer": ("consumer", "after", lambda p: p.sequenced(
        "screenShareAnswer", {"requestId": "no-such-request", "accepted": True}), "unknownRequest"),
    "agent-queueEmpty-acceptNext": ("agent", "after", lambda p: p.sequenced("acceptNext"), "queueEmpty"),
    "agent-unknownSession-acceptSession": ("agent", "after", lambda p: p.sequenced(
        "acceptSession", {"sessionId": "no-such-session"}), "unknownSession"),
    "agent-unknownSession-chat": ("agent", "after", lambda p: p.sequenced("chat", agent_chat()), "unknownSession"),
    "agent-unknownType": ("agent", "after", lambda p: p.sequenced("frobnicate"), "unknownType"),
    "consumer-notAllowed-chat-before-welcome": ("consumer", "before", lambda p: {
        "v": 1, "type": "chat", "seq": 1, "ack": 0, "body": consumer_chat()}, "notAllowed"),
    "consumer-invalidValue-hello": ("consumer", "before", lambda p: p.hello_envelope(destination=""), "invalidValue"),
    "consumer-resumeRejected-resume": ("consumer", "before", lambda p: {
        "v": 1, "type": "resume", "body": {"resumeToken": "no-such-token", "lastReceivedSeq": 0}}, "resumeRejected"),
    "agent-authenticationFailed-hello": ("agent", "before", lambda p: p.hello_envelope(token="wrong"),
                                         "authenticationFailed"),
}


@pytest.mark.parametrize("case", list(REFERENCED), ids=list(REFERENCED))
def test_error_frame_names_the_frame_that_caused_it_with_refType_and_refSeq(server: AssistServer, case):
    endpoint, phase, envelope, code = REFERENCED[case]
    peer = server.peer(endpoint, phase)
    sent = envelope(peer)
    peer.send(sent)
    frames, closed = peer.read_until_close(timeout=3, after_error=0.2)
    errors = [f for f in frames if f.type == "error"]
    assert errors, f"expected an error {code}; observed {describe_outcome(frames, closed)}"
    check_error(errors[0], code, ref_type=sent["type"], ref_seq=sent.get("seq"))
