"""§4 and §6.4: version negotiation, agent authentication, resume (accepted, and every documented
rejection), the older connection a resume replaces, and the end of a session (close 1000)."""

from __future__ import annotations

import pytest

from support import AssistServer, assert_error_then_close, barrier

both_endpoints = pytest.mark.parametrize("endpoint", ["consumer", "agent"])


# -- versions --------------------------------------------------------------------------------------------------------


@both_endpoints
@pytest.mark.parametrize("versions", [[4], [4, 5], [99, 1000]], ids=["4", "4-5", "99-1000"])
def test_hello_with_no_common_version_gets_unsupportedVersion_then_close_4001(server: AssistServer, endpoint, versions):
    peer = server.peer(endpoint, "before")
    peer.send(peer.hello_envelope(versions=versions))
    assert_error_then_close(peer, "unsupportedVersion", 4001)


@both_endpoints
def test_hello_gets_the_highest_common_version(server: AssistServer, endpoint):
    peer = server.peer(endpoint, "before")
    welcome = peer.hello(versions=[1, 2, 7])
    assert welcome.body.get("version") == 2
    assert "iceServers" not in welcome.body, "iceServers come only in a version-3 welcome"
    assert welcome.envelope.get("v") == 1, "welcome is a version-1 type, written with v 1 on every connection"


@both_endpoints
def test_hello_with_only_version_1_gets_version_1(server: AssistServer, endpoint):
    peer = server.peer(endpoint, "before")
    assert peer.hello(versions=[1]).body.get("version") == 1


# -- authentication ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("token", ["wrong", "x" * 4096], ids=["short", "4096-chars"])
def test_agent_hello_with_bad_token_gets_authenticationFailed_then_close_4003(server: AssistServer, token):
    peer = server.agent()
    peer.send(peer.hello_envelope(token=token))
    assert_error_then_close(peer, "authenticationFailed", 4003)


def test_agent_hello_with_another_agents_token_prefix_gets_authenticationFailed_then_close_4003(server: AssistServer):
    peer = server.agent()
    peer.send(peer.hello_envelope(token=peer.token[:-1]))
    assert_error_then_close(peer, "authenticationFailed", 4003)


# -- resume ----------------------------------------------------------------------------------------------------------


def test_consumer_resume_replays_unacknowledged_frames_after_welcome(server: AssistServer):
    first = server.peer("consumer", "after")
    token = first.welcome.body["resumeToken"]
    _, a = first.chat("a", ack=0)
    receipt_a = first.expect("chatReceipt", lambda f: f.body.get("clientMessageId") == a)
    _, b = first.chat("b", ack=0)
    receipt_b = first.expect("chatReceipt", lambda f: f.body.get("clientMessageId") == b)
    first.ws.abort()

    second = server.consumer()
    second.resume(token, receipt_a.seq)
    welcome = second.expect("welcome")
    assert welcome.body.get("sessionId") == first.welcome.body["sessionId"]
    assert welcome.body.get("lastReceivedSeq") == 2, "the server received the consumer's seq 1 and 2"
    replayed = second.expect("chatReceipt")
    assert replayed.seq == receipt_b.seq and replayed.body.get("clientMessageId") == b
    second.next_seq = 3
    barrier(second)


@both_endpoints
def test_resume_with_unknown_token_gets_resumeRejected_then_close_4002(server: AssistServer, endpoint):
    peer = server.peer(endpoint, "before")
    peer.resume("no-such-resume-token", 0)
    assert_error_then_close(peer, "resumeRejected", 4002)


def test_consumer_resume_token_on_agent_endpoint_gets_resumeRejected_then_close_4002(server: AssistServer):
    consumer = server.peer("consumer", "after")
    agent = server.agent()
    agent.resume(consumer.welcome.body["resumeToken"], 0)
    assert_error_then_close(agent, "resumeRejected", 4002)


@both_endpoints
def test_resume_with_lastReceivedSeq_above_what_the_server_ever_sent_gets_resumeRejected_then_close_4002(
        server: AssistServer, endpoint):
    first = server.peer(endpoint, "after")
    barrier(first)
    token, sent = first.welcome.body["resumeToken"], first.last_received
    first.ws.abort()
    second = server.consumer() if endpoint == "consumer" else server.agent(first.agent_id)
    second.resume(token, sent + 1)
    assert_error_then_close(second, "resumeRejected", 4002)


@both_endpoints
def test_resume_with_lastReceivedSeq_far_above_what_was_sent_gets_resumeRejected_then_close_4002(
        server: AssistServer, endpoint):
    first = server.peer(endpoint, "after")
    token = first.welcome.body["resumeToken"]
    first.ws.abort()
    second = server.consumer() if endpoint == "consumer" else server.agent(first.agent_id)
    second.resume(token, 1_000_000)
    assert_error_then_close(second, "resumeRejected", 4002)


def test_consumer_resume_below_what_it_acknowledged_gets_resumeRejected_then_close_4002(server: AssistServer):
    first = server.peer("consumer", "after")
    barrier(first)
    barrier(first)
    acknowledged = first.last_received
    assert acknowledged >= 2
    first.send_ack(acknowledged)
    barrier(first)  # this chat carries the same ack; its receipt proves the ack was handled
    token = first.welcome.body["resumeToken"]
    first.ws.abort()
    second = server.consumer()
    second.resume(token, acknowledged - 1)
    assert_error_then_close(second, "resumeRejected", 4002)


def test_agent_resume_below_what_it_acknowledged_gets_resumeRejected_then_close_4002(server: AssistServer):
    agent = server.agent()
    agent.hello()
    consumer = server.consumer()
    consumer.hello(destination=agent.agent_id)  # an agent always serves its own id
    agent.send_sequenced("acceptNext")
    agent.expect("sessionAssigned")
    acknowledged = agent.last_received
    assert acknowledged >= 1
    agent.send_ack(acknowledged)
    seq = agent.send_sequenced("acceptNext", ack=acknowledged)  # at capacity: refused with an error frame
    agent.expect("error")
    agent.expect_ack_covering(seq)  # so the bare ack before it was handled too
    token = agent.welcome.body["resumeToken"]
    agent.ws.abort()
    again = server.agent(agent.agent_id)
    again.resume(token, acknowledged - 1)
    assert_error_then_close(again, "resumeRejected", 4002)


@both_endpoints
def test_resume_with_lastReceivedSeq_equal_to_what_was_sent_is_accepted(server: AssistServer, endpoint):
    first = server.peer(endpoint, "after")
    barrier(first)
    token, sent = first.welcome.body["resumeToken"], first.last_received
    first.ws.abort()
    second = server.consumer() if endpoint == "consumer" else server.agent(first.agent_id)
    second.resume(token, sent)
    welcome = second.expect("welcome")
    assert welcome.body.get("lastReceivedSeq") == 1


# -- the older connection ------------------------------------------------------------------------------------------


@both_endpoints
def test_older_connection_replaced_by_a_resume_is_closed_1008(server: AssistServer, endpoint):
    older = server.peer(endpoint, "after")
    newer = server.consumer() if endpoint == "consumer" else server.agent(older.agent_id)
    newer.resume(older.welcome.body["resumeToken"], older.last_received)
    newer.expect("welcome")
    frames, closed = older.read_until_close()
    assert closed is not None and closed.code == 1008, \
        f"expected close 1008 on the older connection; observed {closed or 'still open'}"
    barrier(newer)


@both_endpoints
def test_newest_resume_token_replaces_the_previous_one(server: AssistServer, endpoint):
    older = server.peer(endpoint, "after")
    newer = server.consumer() if endpoint == "consumer" else server.agent(older.agent_id)
    newer.resume(older.welcome.body["resumeToken"], 0)
    welcome = newer.expect("welcome")
    newer.ws.abort()
    third = server.consumer() if endpoint == "consumer" else server.agent(older.agent_id)
    third.resume(older.welcome.body["resumeToken"], 0)
    if welcome.body.get("resumeToken") == older.welcome.body["resumeToken"]:
        third.expect("welcome")  # the server kept the token ("possibly a new resumeToken"): still the newest
    else:
        assert_error_then_close(third, "resumeRejected", 4002)


# -- the end of a session ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("message_type", "reason"), [("endSession", "consumerEnded"),
                                                       ("leaveQueue", "consumerLeftQueue")])
def test_consumer_ending_its_session_gets_sessionEnded_then_close_1000(server: AssistServer, message_type, reason):
    peer = server.peer("consumer", "after")
    peer.send_sequenced(message_type)
    ended = peer.expect("sessionEnded")
    assert ended.body.get("reason") == reason and ended.seq is not None
    frames, closed = peer.read_until_close()
    assert closed is not None and closed.code == 1000, f"expected close 1000; observed {closed or 'still open'}"
    assert not [f for f in frames if f.type == "error"], f"error frames after sessionEnded: {frames}"


def test_agent_ending_the_session_sends_sessionEnded_agentEnded_then_close_1000_to_the_consumer(
        server: AssistServer):
    agent = server.agent()
    agent.hello()
    consumer = server.consumer()
    consumer.hello(destination=agent.agent_id)
    agent.send_sequenced("acceptNext")
    session_id = agent.expect("sessionAssigned").body["sessionId"]
    agent.send_sequenced("endSession", {"sessionId": session_id, "text": "Bye"})
    ended = consumer.expect("sessionEnded")
    assert ended.body.get("reason") == "agentEnded"
    frames, closed = consumer.read_until_close()
    assert closed is not None and closed.code == 1000, f"expected close 1000; observed {closed or 'still open'}"
    agent.expect("sessionEnded", lambda f: f.body.get("sessionId") == session_id)
    barrier(agent)  # the agent's connection stays open


def test_resuming_an_ended_session_replays_sessionEnded_then_closes_1000(server: AssistServer):
    first = server.peer("consumer", "after")
    first.send_sequenced("endSession")
    ended = first.expect("sessionEnded")
    first.read_until_close()
    second = server.consumer()
    second.resume(first.welcome.body["resumeToken"], ended.seq - 1)
    second.expect("welcome")
    replayed = second.expect("sessionEnded")
    assert replayed.seq == ended.seq
    frames, closed = second.read_until_close()
    assert closed is not None and closed.code == 1000, f"expected close 1000; observed {closed or 'still open'}"
