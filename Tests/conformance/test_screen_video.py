"""A shared screen as a video track (docs/protocol.md §13.5): `screenVideo` reaches the agent in `sessionAssigned`;
`screenSignal` crosses both ways only during the running share of a monitor or a window of an app that offers it;
the agent's `restart`, another request, and the app's own window are refused, each naming `screenSignal`."""

from __future__ import annotations

from peer import Peer
from support import AssistServer, assert_error_then_close, barrier, expect_error

OFFER = {"kind": "offer", "negotiation": 1, "sdp": "v=0\r\n"}


def sharing(server: AssistServer, shared: str = "monitor", **hello) -> tuple[Peer, Peer, str]:
    """A version-3 agent and consumer, the person sharing `shared` under request `share-1`."""
    agent = server.agent()
    agent.hello(versions=[1, 2, 3])
    consumer = server.consumer()
    consumer.hello(destination=agent.agent_id, versions=[1, 2, 3], shareScopes=["window", "screen"], **hello)
    agent.send_sequenced("acceptNext")
    session_id = agent.expect("sessionAssigned").body["sessionId"]
    consumer.expect("agentJoined")
    scope = "window" if shared == "appWindow" else "screen"
    agent.send_sequenced("requestScreenShare", {"sessionId": session_id, "requestId": "share-1", "scope": scope})
    consumer.expect("screenShareRequest")
    consumer.send_sequenced("screenShareAnswer", {"requestId": "share-1", "accepted": True, "shared": shared})
    agent.expect("consumerAnswered")
    return consumer, agent, session_id


def agent_signal(agent: Peer, session_id: str, signal: dict, request_id: str = "share-1") -> None:
    agent.send({"v": 3, "type": "screenSignal", "ack": agent.last_received,
                "body": {"sessionId": session_id, "requestId": request_id, "signal": signal}})


def consumer_signal(consumer: Peer, signal: dict, request_id: str = "share-1") -> None:
    consumer.send({"v": 3, "type": "screenSignal", "ack": consumer.last_received,
                   "body": {"requestId": request_id, "signal": signal}})


def test_hello_with_a_screenVideo_that_is_not_a_boolean_is_refused_naming_it_then_1008(server: AssistServer):
    peer = server.consumer()
    peer.send(peer.hello_envelope(screenVideo="yes"))
    assert_error_then_close(peer, "invalidMessage", 1008, message_contains="body.screenVideo")


def test_sessionAssigned_says_screenVideo_only_when_the_app_offers_it(server: AssistServer):
    for offered in (True, False):
        agent = server.agent()
        agent.hello(versions=[1, 2, 3])
        consumer = server.consumer()
        extra = {"screenVideo": True} if offered else {}
        consumer.hello(destination=agent.agent_id, versions=[1, 2, 3], shareScopes=["window", "screen"], **extra)
        agent.send_sequenced("acceptNext")
        assignment = agent.expect("sessionAssigned").body
        assert assignment.get("screenVideo", False) is offered
        if not offered:
            assert "screenVideo" not in assignment


def test_offer_answer_candidates_and_restart_cross_during_the_share_unsequenced(server: AssistServer):
    consumer, agent, session_id = sharing(server, screenVideo=True)
    agent_signal(agent, session_id, OFFER)
    relayed = consumer.expect("screenSignal")
    assert relayed.body == {"requestId": "share-1", "signal": OFFER}
    assert relayed.seq is None
    candidate = {"kind": "candidate", "negotiation": 1, "sdpMLineIndex": 0, "candidate": ""}
    consumer_signal(consumer, {"kind": "answer", "negotiation": 1, "sdp": "v=0\r\n"})
    consumer_signal(consumer, candidate)
    consumer_signal(consumer, {"kind": "restart"})
    signals = [agent.expect("screenSignal").body for _ in range(3)]
    assert [body["signal"]["kind"] for body in signals] == ["answer", "candidate", "restart"]
    assert all(body["sessionId"] == session_id and body["requestId"] == "share-1" for body in signals)


def test_the_agents_restart_and_an_app_that_does_not_offer_the_track_are_notAllowed(server: AssistServer):
    consumer, agent, session_id = sharing(server, screenVideo=True)
    agent_signal(agent, session_id, {"kind": "restart"})
    expect_error(agent, "notAllowed", ref_type="screenSignal")
    _, plain_agent, plain_session = sharing(server)
    agent_signal(plain_agent, plain_session, OFFER)
    expect_error(plain_agent, "notAllowed", ref_type="screenSignal")
    before, _ = barrier(consumer)
    assert not [frame for frame in before if frame.type == "screenSignal"]


def test_a_share_of_the_apps_own_window_has_no_track(server: AssistServer):
    consumer, agent, session_id = sharing(server, shared="appWindow", screenVideo=True)
    agent_signal(agent, session_id, OFFER)
    expect_error(agent, "notAllowed", ref_type="screenSignal")
    consumer_signal(consumer, {"kind": "restart"})
    expect_error(consumer, "notAllowed", ref_type="screenSignal")


def test_another_request_or_an_ended_share_is_an_unknownRequest(server: AssistServer):
    consumer, agent, session_id = sharing(server, screenVideo=True)
    agent_signal(agent, session_id, OFFER, request_id="share-9")
    expect_error(agent, "unknownRequest", ref_type="screenSignal")
    consumer.send_sequenced("screenShareEnd", {"requestId": "share-1"})
    agent.expect("screenShareEnd")
    agent_signal(agent, session_id, OFFER)
    expect_error(agent, "unknownRequest", ref_type="screenSignal")
