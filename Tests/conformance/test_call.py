"""The call (docs/protocol.md §13): version 3 and iceServers in welcome, the proposal and its answer, the relay
of signaling only for the accepted call and only while both parties are connected, restart from the app only,
callEnd both ways, and the implicit end with the session."""

from __future__ import annotations

import urllib.request
from typing import Any

import pytest

from peer import Frame, Peer
from support import AssistServer, barrier, expect_error

ICE_ARGUMENTS = ("--ice-server", "stun:stun.example.com:3478",
                 "--ice-server", "turn:ann:s%40cret@turn.example.com:3478?transport=udp")
EXPECTED_ICE = [{"urls": ["stun:stun.example.com:3478"]},
                {"urls": ["turn:turn.example.com:3478?transport=udp"], "username": "ann", "credential": "s@cret"}]


@pytest.fixture(scope="module")
def call_server(tmp_path_factory: pytest.TempPathFactory):
    started = AssistServer(tmp_path_factory.mktemp("call-server"),
                           extra_arguments=("--shutdown-timeout", "3") + ICE_ARGUMENTS).start()
    try:
        yield started
    finally:
        started.stop()


def v3(peer: Peer, message_type: str, body: dict[str, Any], *, sequenced: bool) -> int | None:
    """Sends a version-3 frame; returns its seq when sequenced."""
    if sequenced:
        envelope = peer.sequenced(message_type, body)
        envelope["v"] = 3
        peer.send(envelope)
        return envelope["seq"]
    peer.send({"v": 3, "type": message_type, "ack": peer.last_received, "body": body})
    return None


def session(server: AssistServer, consumer_versions=(1, 2, 3)) -> tuple[Peer, Peer, str]:
    """A version-3 agent working on the session of a consumer offering `consumer_versions`."""
    agent = server.agent()
    agent.hello(versions=[1, 2, 3])
    consumer = server.consumer()
    consumer.hello(destination=agent.agent_id, versions=list(consumer_versions))
    agent.send_sequenced("acceptNext")
    session_id = agent.expect("sessionAssigned").body["sessionId"]
    consumer.expect("agentJoined")
    return consumer, agent, session_id


def propose(consumer: Peer, agent: Peer, session_id: str, request_id: str = "call-1", media: str = "video") -> Frame:
    v3(agent, "requestCall", {"sessionId": session_id, "requestId": request_id, "media": media}, sequenced=True)
    request = consumer.expect("callRequest")
    assert request.envelope.get("v") == 3
    assert request.body == {"requestId": request_id, "agentId": agent.agent_id, "media": media}
    return request


def accepted_call(server: AssistServer) -> tuple[Peer, Peer, str]:
    consumer, agent, session_id = session(server)
    propose(consumer, agent, session_id)
    v3(consumer, "callAnswer", {"requestId": "call-1", "accepted": True}, sequenced=True)
    answered = agent.expect("consumerAnswered")
    assert answered.body == {"sessionId": session_id, "requestId": "call-1", "kind": "call", "accepted": True}
    return consumer, agent, session_id


def agent_signal(agent: Peer, session_id: str, signal: dict[str, Any], request_id: str = "call-1") -> None:
    v3(agent, "callSignal", {"sessionId": session_id, "requestId": request_id, "signal": signal}, sequenced=False)


def consumer_signal(consumer: Peer, signal: dict[str, Any], request_id: str = "call-1") -> None:
    v3(consumer, "callSignal", {"requestId": request_id, "signal": signal}, sequenced=False)


OFFER = {"kind": "offer", "negotiation": 1, "sdp": "v=0\r\no=- 1 1 IN IP4 0.0.0.0\r\n"}
ANSWER = {"kind": "answer", "negotiation": 1, "sdp": "v=0\r\no=- 2 1 IN IP4 0.0.0.0\r\n"}
CANDIDATE = {"kind": "candidate", "negotiation": 1, "sdpMLineIndex": 0,
             "candidate": "candidate:1 1 UDP 2122260223 192.0.2.1 54400 typ host"}


# -- negotiation --------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("endpoint", ["consumer", "agent"])
def test_version_3_welcome_lists_the_ice_servers_the_server_was_started_with(call_server: AssistServer, endpoint):
    peer = call_server.consumer() if endpoint == "consumer" else call_server.agent()
    welcome = peer.hello(versions=[1, 2, 3])
    assert welcome.body.get("version") == 3
    assert welcome.body.get("iceServers") == EXPECTED_ICE


def test_version_2_welcome_has_no_ice_servers(call_server: AssistServer):
    assert "iceServers" not in call_server.consumer().hello(versions=[1, 2]).body


def test_a_server_without_ice_servers_sends_an_empty_list(server: AssistServer):
    assert server.consumer().hello(versions=[1, 2, 3]).body.get("iceServers") == []


def test_requestCall_to_a_version_2_consumer_is_notAllowed(call_server: AssistServer):
    consumer, agent, session_id = session(call_server, consumer_versions=(1, 2))
    seq = v3(agent, "requestCall", {"sessionId": session_id, "requestId": "call-1", "media": "audio"}, sequenced=True)
    expect_error(agent, "notAllowed", ref_type="requestCall", ref_seq=seq, message_contains="cannot take calls")
    barrier(consumer)
    assert not [f for f in consumer.received if f.type == "callRequest"]


def test_requestCall_from_a_version_2_agent_is_notAllowed(call_server: AssistServer):
    agent = call_server.agent()
    agent.hello(versions=[1, 2])
    consumer = call_server.consumer()
    consumer.hello(destination=agent.agent_id, versions=[1, 2, 3])
    agent.send_sequenced("acceptNext")
    session_id = agent.expect("sessionAssigned").body["sessionId"]
    seq = v3(agent, "requestCall", {"sessionId": session_id, "requestId": "call-1", "media": "audio"}, sequenced=True)
    expect_error(agent, "notAllowed", ref_type="requestCall", ref_seq=seq)


# -- a whole call ------------------------------------------------------------------------------------------------


def test_a_call_is_proposed_answered_negotiated_and_ended_by_the_person(call_server: AssistServer):
    consumer, agent, session_id = accepted_call(call_server)
    agent_signal(agent, session_id, OFFER)
    relayed = consumer.expect("callSignal")
    assert relayed.envelope.get("v") == 3 and relayed.seq is None
    assert relayed.body == {"requestId": "call-1", "signal": OFFER}
    consumer_signal(consumer, ANSWER)
    assert agent.expect("callSignal").body == {"sessionId": session_id, "requestId": "call-1", "signal": ANSWER}
    agent_signal(agent, session_id, CANDIDATE)
    assert consumer.expect("callSignal").body["signal"] == CANDIDATE
    end_of_candidates = {"kind": "candidate", "negotiation": 1, "sdpMLineIndex": 0, "candidate": ""}
    consumer_signal(consumer, end_of_candidates)
    assert agent.expect("callSignal").body["signal"] == end_of_candidates
    v3(consumer, "callMediaState", {"requestId": "call-1", "microphone": False, "camera": True}, sequenced=False)
    assert agent.expect("callMediaState").body == {
        "sessionId": session_id, "requestId": "call-1", "microphone": False, "camera": True}
    v3(consumer, "callEnd", {"requestId": "call-1"}, sequenced=True)
    ended = agent.expect("callEnd")
    assert ended.body == {"sessionId": session_id, "requestId": "call-1", "reason": "consumerEnded"}
    assert ended.seq is not None, "callEnd is sequenced"
    seq = v3(consumer, "callEnd", {"requestId": "call-1"}, sequenced=True)
    expect_error(consumer, "unknownRequest", ref_type="callEnd", ref_seq=seq)


def test_the_agent_ends_a_call_and_the_person_is_told_agentEnded(call_server: AssistServer):
    consumer, agent, session_id = accepted_call(call_server)
    v3(agent, "callEnd", {"sessionId": session_id, "requestId": "call-1"}, sequenced=True)
    assert consumer.expect("callEnd").body == {"requestId": "call-1", "reason": "agentEnded"}
    agent_signal(agent, session_id, OFFER)
    expect_error(agent, "unknownRequest", ref_type="callSignal")


def test_a_declined_call_is_over_and_another_may_be_proposed(call_server: AssistServer):
    consumer, agent, session_id = session(call_server)
    propose(consumer, agent, session_id)
    v3(consumer, "callAnswer", {"requestId": "call-1", "accepted": False}, sequenced=True)
    assert agent.expect("consumerAnswered").body["accepted"] is False
    agent_signal(agent, session_id, OFFER)
    expect_error(agent, "unknownRequest", ref_type="callSignal")
    propose(consumer, agent, session_id, request_id="call-2", media="audio")


def test_the_person_asks_and_the_agent_is_told(call_server: AssistServer):
    consumer, agent, session_id = session(call_server)
    v3(consumer, "askForCall", {"media": "audio"}, sequenced=True)
    asked = agent.expect("callAsked")
    assert asked.body == {"sessionId": session_id, "media": "audio"} and asked.envelope.get("v") == 3


# -- refusals ------------------------------------------------------------------------------------------------------


def test_a_second_call_while_one_is_proposed_is_notAllowed(call_server: AssistServer):
    consumer, agent, session_id = session(call_server)
    propose(consumer, agent, session_id)
    seq = v3(agent, "requestCall", {"sessionId": session_id, "requestId": "call-2", "media": "audio"}, sequenced=True)
    expect_error(agent, "notAllowed", ref_type="requestCall", ref_seq=seq)


def test_a_signal_before_the_answer_is_notAllowed(call_server: AssistServer):
    consumer, agent, session_id = session(call_server)
    propose(consumer, agent, session_id)
    agent_signal(agent, session_id, OFFER)
    expect_error(agent, "notAllowed", ref_type="callSignal")
    consumer_signal(consumer, ANSWER)
    expect_error(consumer, "notAllowed", ref_type="callSignal")


def test_a_signal_for_another_request_is_unknownRequest(call_server: AssistServer):
    consumer, agent, session_id = accepted_call(call_server)
    agent_signal(agent, session_id, OFFER, request_id="call-9")
    expect_error(agent, "unknownRequest", ref_type="callSignal")
    v3(consumer, "callMediaState", {"requestId": "call-9", "microphone": True, "camera": True}, sequenced=False)
    expect_error(consumer, "unknownRequest", ref_type="callMediaState")
    seq = v3(consumer, "callAnswer", {"requestId": "call-9", "accepted": True}, sequenced=True)
    expect_error(consumer, "unknownRequest", ref_type="callAnswer", ref_seq=seq)


def test_restart_from_the_agent_is_notAllowed_and_from_the_person_is_relayed(call_server: AssistServer):
    consumer, agent, session_id = accepted_call(call_server)
    agent_signal(agent, session_id, {"kind": "restart"})
    expect_error(agent, "notAllowed", ref_type="callSignal", message_contains="restart")
    consumer_signal(consumer, {"kind": "restart"})
    assert agent.expect("callSignal").body["signal"] == {"kind": "restart"}


# -- the parties' connections and the session -----------------------------------------------------------------------


def test_a_signal_is_dropped_silently_while_the_other_party_is_disconnected(call_server: AssistServer):
    consumer, agent, session_id = accepted_call(call_server)
    token, last = consumer.welcome.body["resumeToken"], consumer.last_received
    consumer.close()
    barrier(agent)  # the server has seen the consumer go
    agent_signal(agent, session_id, OFFER)
    frames, _ = barrier(agent)
    assert not [f for f in frames if f.type == "error"], "a signal to an absent party is dropped without an error"
    back = call_server.consumer()
    back.next_seq = consumer.next_seq
    back.resume(token, last, versions=[1, 2, 3])
    back.expect("welcome")
    frames, _ = barrier(back)
    assert not [f for f in frames if f.type == "callSignal"], "an offer sent while the app was away is not replayed"
    agent_signal(agent, session_id, {**OFFER, "negotiation": 2})
    assert back.expect("callSignal").body["signal"]["negotiation"] == 2


def test_the_session_ending_ends_the_call_for_both(call_server: AssistServer):
    consumer, agent, session_id = accepted_call(call_server)
    agent.send_sequenced("endSession", {"sessionId": session_id})
    assert consumer.expect("callEnd").body == {"requestId": "call-1", "reason": "sessionEnded"}
    consumer.expect("sessionEnded")
    assert agent.expect("callEnd").body == {"sessionId": session_id, "requestId": "call-1", "reason": "sessionEnded"}
    agent.expect("sessionEnded")


def test_the_person_ending_the_session_ends_a_proposed_call(call_server: AssistServer):
    consumer, agent, session_id = session(call_server)
    propose(consumer, agent, session_id)
    consumer.send_sequenced("endSession")
    assert agent.expect("callEnd").body["reason"] == "sessionEnded"
    agent.expect("sessionEnded")


def test_call_metrics_count_requests_answers_and_ends(call_server: AssistServer):
    consumer, agent, session_id = accepted_call(call_server)
    v3(agent, "callEnd", {"sessionId": session_id, "requestId": "call-1"}, sequenced=True)
    consumer.expect("callEnd")
    with urllib.request.urlopen(f"{call_server.url}/metrics", timeout=5) as response:
        text = response.read().decode()
    for name in ("assist_calls_requested_total", "assist_calls_accepted_total", "assist_calls_active",
                 "assist_call_signals_relayed_total"):
        assert name in text, f"{name} missing from /metrics"
    assert 'assist_calls_ended_total{reason="agentEnded"}' in text


# -- a server restart ---------------------------------------------------------------------------------------------


def test_after_a_restart_an_accepted_call_is_relayed_again_and_a_proposed_one_can_still_be_answered(start_server):
    server: AssistServer = start_server(extra_arguments=("--shutdown-timeout", "3") + ICE_ARGUMENTS)
    consumer, agent, session_id = accepted_call(server)
    agent_signal(agent, session_id, OFFER)
    consumer.expect("callSignal")
    other_consumer, other_agent, other_session = session(server)
    propose(other_consumer, other_agent, other_session, request_id="call-7", media="audio")
    tokens = [(peer, peer.welcome.body["resumeToken"]) for peer in (consumer, agent, other_consumer, other_agent)]
    server.terminate()
    assert server.wait(10) == 0

    restarted = start_server(database=server.database, agents=server.agent_config,
                             extra_arguments=("--shutdown-timeout", "3") + ICE_ARGUMENTS)
    resumed = []
    for old, token in tokens:
        peer = restarted.consumer() if old.endpoint == "consumer" else restarted.agent(old.agent_id)
        peer.next_seq = old.next_seq
        peer.last_received = old.last_received
        peer.resume(token, old.last_received, versions=[1, 2, 3])
        welcome = peer.expect("welcome")
        assert welcome.body.get("iceServers") == EXPECTED_ICE
        resumed.append(peer)
    consumer, agent, other_consumer, other_agent = resumed

    # The accepted call: media went peer to peer; the app's media stopped, so it asks for a restart,
    # and the agent's new offer reaches it.
    consumer_signal(consumer, {"kind": "restart"})
    assert agent.expect("callSignal").body["signal"] == {"kind": "restart"}
    agent_signal(agent, session_id, {**OFFER, "negotiation": 2})
    assert consumer.expect("callSignal").body["signal"]["negotiation"] == 2

    # The proposed call: its request was kept, so the answer is still taken.
    v3(other_consumer, "callAnswer", {"requestId": "call-7", "accepted": True}, sequenced=True)
    assert other_agent.expect("consumerAnswered").body == {
        "sessionId": other_session, "requestId": "call-7", "kind": "call", "accepted": True}
