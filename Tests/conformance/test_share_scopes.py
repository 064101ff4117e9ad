"""Share scopes and control of a shared screen (docs/protocol.md §12.8, §12.9): what the app offers reaches the
agent in `sessionAssigned`, a request for a scope not offered is refused, and `requestControl` during a share of a
monitor goes to the app only when it offers `screenControl`; drawing there is refused either way."""

from __future__ import annotations

from peer import Peer
from support import AssistServer, assert_error_then_close, barrier, expect_error


def assigned(server: AssistServer, **hello) -> tuple[Peer, Peer, dict]:
    """A version-2 agent working on the session of a version-2 consumer whose hello adds `hello`."""
    agent = server.agent()
    agent.hello(versions=[1, 2])
    consumer = server.consumer()
    consumer.hello(destination=agent.agent_id, versions=[1, 2], **hello)
    agent.send_sequenced("acceptNext")
    assignment = agent.expect("sessionAssigned").body
    consumer.expect("agentJoined")
    return consumer, agent, assignment


def sharing_monitor(server: AssistServer, **hello) -> tuple[Peer, Peer, str]:
    """As `assigned`, with the person sharing a whole monitor."""
    consumer, agent, assignment = assigned(server, shareScopes=["window", "screen"], **hello)
    session_id = assignment["sessionId"]
    agent.send_sequenced("requestScreenShare", {"sessionId": session_id, "requestId": "share-1", "scope": "screen"})
    request = consumer.expect("screenShareRequest")
    assert request.body["scope"] == "screen"
    consumer.send_sequenced("screenShareAnswer", {"requestId": "share-1", "accepted": True, "shared": "monitor"})
    answered = agent.expect("consumerAnswered")
    assert answered.body["shared"] == "monitor"
    return consumer, agent, session_id


def test_hello_with_a_screenControl_that_is_not_a_boolean_is_refused_naming_it_then_1008(server: AssistServer):
    peer = server.consumer()
    peer.send(peer.hello_envelope(screenControl="yes"))
    assert_error_then_close(peer, "invalidMessage", 1008, message_contains="body.screenControl")


def test_sessionAssigned_carries_the_known_scopes_and_screenControl_and_leaves_out_what_was_not_offered(
        server: AssistServer):
    _, _, offering = assigned(server, shareScopes=["window", "screen", "hologram"], screenControl=True)
    assert offering["shareScopes"] == ["window", "screen"]
    assert offering["screenControl"] is True
    _, _, plain = assigned(server)
    assert "shareScopes" not in plain and "screenControl" not in plain


def test_a_request_for_the_screen_of_an_app_that_offers_only_its_window_is_refused_notAllowed(server: AssistServer):
    consumer, agent, assignment = assigned(server)
    agent.send_sequenced("requestScreenShare",
                         {"sessionId": assignment["sessionId"], "requestId": "share-1", "scope": "screen"})
    expect_error(agent, "notAllowed", ref_type="requestScreenShare")
    before, _ = barrier(consumer)
    assert not [frame for frame in before if frame.type == "screenShareRequest"]


def test_control_of_a_shared_monitor_reaches_an_app_that_offers_screenControl(server: AssistServer):
    consumer, agent, session_id = sharing_monitor(server, screenControl=True)
    agent.send_sequenced("requestControl", {"sessionId": session_id, "requestId": "control-1"})
    request = consumer.expect("controlRequest")
    assert request.body["requestId"] == "control-1"
    consumer.send_sequenced("controlAnswer", {"requestId": "control-1", "accepted": True})
    agent.expect("consumerAnswered")
    agent.send({"v": 1, "type": "input", "ack": agent.last_received,
                "body": {"sessionId": session_id, "inputId": "input-1", "event": {"kind": "click", "x": 3, "y": 4}}})
    delivered = consumer.expect("agentInput")
    assert delivered.body["event"] == {"kind": "click", "x": 3, "y": 4}
    agent.send({"v": 1, "type": "clearAnnotations", "ack": agent.last_received, "body": {"sessionId": session_id}})
    expect_error(agent, "notAllowed", ref_type="clearAnnotations")


def test_control_of_a_shared_monitor_is_refused_notAllowed_when_the_app_does_not_offer_it(server: AssistServer):
    consumer, agent, session_id = sharing_monitor(server)
    agent.send_sequenced("requestControl", {"sessionId": session_id, "requestId": "control-1"})
    expect_error(agent, "notAllowed", ref_type="requestControl")
    before, _ = barrier(consumer)
    assert not [frame for frame in before if frame.type == "controlRequest"]
