"""§11.4 and decision (g): SIGTERM closes every consumer and agent connection with 1001, the process exits
with status 0 within `--shutdown-timeout`, and after a restart on the same database both peers resume with
their tokens and lose nothing that was acknowledged."""

from __future__ import annotations

import os
import struct
import threading
import time

from support import AssistServer, barrier
from wsraw import HandshakeRefused, ReadTimeout

SHUTDOWN_TIMEOUT = 4


def test_sigterm_closes_every_connection_1001_exits_0_and_sessions_resume_after_restart_losing_nothing(
        start_server):
    server: AssistServer = start_server(extra_arguments=("--shutdown-timeout", str(SHUTDOWN_TIMEOUT)))
    agent = server.agent("sam")
    agent.hello()
    consumer = server.consumer()
    consumer.hello(destination="support", visitorName="Ann")
    agent.send_sequenced("acceptNext")
    session_id = agent.expect("sessionAssigned").body["sessionId"]
    consumer.expect("agentJoined")

    # The consumer's chat: acknowledged by the server, received by the agent, which does not acknowledge it.
    consumer_seq, consumer_chat_id = consumer.chat("before the restart, from Ann")
    consumer.expect_ack_covering(consumer_seq)
    from_consumer = agent.expect("chat", lambda f: f.body.get("message", {}).get("text") == "before the restart, "
                                                                                          "from Ann")
    # The agent's chat: acknowledged by the server, received by the consumer, which does not acknowledge it.
    agent_seq, _ = agent.chat("before the restart, from Sam", session_id=session_id, ack=from_consumer.seq - 1)
    agent.expect_ack_covering(agent_seq)
    from_agent = consumer.expect("chat", lambda f: f.body.get("text") == "before the restart, from Sam")

    consumer_token, consumer_session = consumer.welcome.body["resumeToken"], consumer.welcome.body["sessionId"]
    agent_token = agent.welcome.body["resumeToken"]
    started = time.monotonic()
    server.terminate()
    observed = {}
    for name, peer in (("consumer", consumer), ("agent", agent)):
        _, closed = peer.read_until_close(timeout=SHUTDOWN_TIMEOUT + 5, after_error=None)
        observed[name] = closed.code if closed else "still open"
    status = server.wait(SHUTDOWN_TIMEOUT + 5)
    elapsed = time.monotonic() - started
    assert observed == {name: 1001 for name in observed} and status == 0 and elapsed <= SHUTDOWN_TIMEOUT + 2, \
        (f"expected close 1001 on every connection and exit status 0 within {SHUTDOWN_TIMEOUT} s; observed "
         f"closes {observed}, exit status {status} after {elapsed:.1f} s")

    restarted = start_server(database=server.database, agents=server.agent_config)
    consumer = restarted.consumer()
    consumer.next_seq = consumer_seq + 1
    consumer.resume(consumer_token, from_agent.seq - 1)
    welcome = consumer.expect("welcome")
    assert welcome.body.get("sessionId") == consumer_session and welcome.body.get("lastReceivedSeq") == consumer_seq
    replayed = consumer.expect("chat")
    assert replayed.seq == from_agent.seq and replayed.body.get("text") == "before the restart, from Sam"

    agent = restarted.agent("sam")
    agent.next_seq = agent_seq + 1
    agent.resume(agent_token, from_consumer.seq - 1)
    welcome = agent.expect("welcome")
    assert welcome.body.get("lastReceivedSeq") == agent_seq
    replayed = agent.expect("chat")
    assert replayed.seq == from_consumer.seq and replayed.body.get("sessionId") == session_id
    assert replayed.body.get("message", {}).get("text") == "before the restart, from Ann"

    # Both streams go on from where they were.
    seq, client_message_id = consumer.chat("after the restart")
    consumer.expect("chatReceipt", lambda f: f.body.get("clientMessageId") == client_message_id)
    agent.expect("chat", lambda f: f.body.get("message", {}).get("text") == "after the restart")
    assert consumer_chat_id != client_message_id


def test_sigterm_closes_1001_also_connections_that_have_not_said_hello_yet_and_idle_ones(start_server):
    server: AssistServer = start_server(extra_arguments=("--shutdown-timeout", str(SHUTDOWN_TIMEOUT)))
    peers = {f"consumer {i} before hello": server.consumer() for i in range(3)}
    peers.update({f"agent {i} before hello": server.agent() for i in range(3)})
    for i in range(2):
        consumer = server.peer("consumer", "after")
        barrier(consumer)
        peers[f"consumer {i} after welcome"] = consumer
        agent = server.peer("agent", "after")
        barrier(agent)
        peers[f"agent {i} after welcome"] = agent
    for i in range(4):  # the race: upgraded, and not yet used, when the signal comes
        peers[f"consumer {i} upgraded just before SIGTERM"] = server.consumer()
        peers[f"agent {i} upgraded just before SIGTERM"] = server.agent()
    started = time.monotonic()
    server.terminate()
    observed = {}
    for name, peer in peers.items():
        _, closed = peer.read_until_close(timeout=SHUTDOWN_TIMEOUT + 5, after_error=None)
        observed[name] = closed.code if closed else "still open"
    status = server.wait(SHUTDOWN_TIMEOUT + 5)
    elapsed = time.monotonic() - started
    wrong = {name: code for name, code in observed.items() if code != 1001}
    assert not wrong and status == 0 and elapsed <= SHUTDOWN_TIMEOUT + 2, \
        (f"expected close 1001 on all {len(observed)} connections and exit status 0 within {SHUTDOWN_TIMEOUT} s; "
         f"observed {wrong or 'all 1001'}, exit status {status} after {elapsed:.1f} s")


def test_sigterm_closes_1001_connections_upgraded_as_it_arrives(start_server):
    """Connections keep being opened while SIGTERM arrives; each one the server upgraded gets 1001."""
    server: AssistServer = start_server(extra_arguments=("--shutdown-timeout", str(SHUTDOWN_TIMEOUT)))
    opened: list[tuple[str, object]] = []
    enough = threading.Event()
    stop = threading.Event()

    def open_connections() -> None:
        index = 0
        while not stop.is_set() and index < 400:
            endpoint = "consumer" if index % 2 == 0 else "agent"
            try:
                peer = server.consumer() if endpoint == "consumer" else server.agent(f"solo-{index // 2}")
            except (OSError, HandshakeRefused, ReadTimeout):
                return  # the server no longer upgrades: shutting down
            opened.append((f"{endpoint} {index}", peer))
            index += 1
            if index == 10:
                enough.set()

    opener = threading.Thread(target=open_connections, name="opener", daemon=True)
    opener.start()
    assert enough.wait(30), "could not open 10 connections"
    server.terminate()
    status = server.wait(SHUTDOWN_TIMEOUT + 5)
    stop.set()
    opener.join(10)
    observed = {}
    for name, peer in opened:
        _, closed = peer.read_until_close(timeout=1, after_error=None)
        observed[name] = closed.code if closed else "still open"
    wrong = {name: code for name, code in observed.items() if code != 1001}
    assert not wrong and status == 0, \
        (f"expected close 1001 on all {len(observed)} upgraded connections and exit status 0; observed "
         f"{len(wrong)} others: {dict(list(wrong.items())[:6])}, exit status {status}")


def test_sigterm_with_a_peer_that_never_answers_the_close_still_exits_0_within_shutdown_timeout(start_server):
    server: AssistServer = start_server(extra_arguments=("--shutdown-timeout", "2"))
    stalled = server.peer("consumer", "after")
    barrier(stalled)
    started = time.monotonic()
    server.terminate()
    status = server.wait(8)  # the peer reads nothing and answers nothing meanwhile
    elapsed = time.monotonic() - started
    stalled.ws.answer_close = False
    _, closed = stalled.read_until_close(timeout=2, after_error=None)  # what the server had sent
    assert closed is not None and closed.code == 1001 and status == 0 and elapsed <= 2 + 2, \
        (f"expected close 1001 and exit status 0 within 2 s although the peer never answered; observed "
         f"{closed or 'no close'}, exit status {status} after {elapsed:.1f} s")


def test_sigterm_on_an_idle_server_exits_0(start_server):
    server: AssistServer = start_server(extra_arguments=("--shutdown-timeout", "2"))
    started = time.monotonic()
    server.terminate()
    status = server.wait(10)
    assert status == 0 and time.monotonic() - started <= 4, \
        f"expected exit status 0 within 2 s; observed {status} after {time.monotonic() - started:.1f} s"


def test_sigterm_with_an_agent_that_stopped_reading_still_exits_0_within_the_shutdown_timeout(start_server):
    """An agent that stops reading while a share sends it pictures fills every buffer between the server
    and it, so even the close frame cannot be written. The server must not wait on that write for ever:
    the other connections still get 1001 and the process exits 0 within `--shutdown-timeout` (it waits
    for such a connection no longer than that, then cuts it)."""
    server: AssistServer = start_server(extra_arguments=("--shutdown-timeout", str(SHUTDOWN_TIMEOUT)))
    agent = server.agent("sam")
    agent.hello(versions=[1, 2])
    consumer = server.consumer()
    consumer.hello(versions=[1, 2], destination="support", visitorName="Ann")
    agent.send_sequenced("acceptNext")
    session_id = agent.expect("sessionAssigned").body["sessionId"]
    agent.send_sequenced("requestScreenShare", {"sessionId": session_id, "requestId": "share-1"})
    request = consumer.expect("screenShareRequest")
    consumer.send_sequenced("screenShareAnswer", {"requestId": request.body["requestId"], "accepted": True})
    agent.expect("consumerAnswered")
    # From here the agent reads nothing. Each picture carries 3 MiB, which the server relays unchecked
    # (it checks the layout, not the PNG): about 24 MiB is far more than the kernel buffers on loopback.
    payload = os.urandom(3 * 1024 * 1024)
    for number in range(1, 9):
        tile = struct.pack("!HHHHBI", 0, 0, 1, 1, 1, len(payload)) + payload
        consumer.ws.send_binary(b"ACF2" + bytes([1]) + struct.pack("!IHHH", number, 1, 1, 1) + tile)
        time.sleep(0.05)  # within the frame-rate limit
    barrier(consumer, timeout=60)  # a debug server takes its time over 3 MiB frames

    started = time.monotonic()
    server.terminate()
    _, closed = consumer.read_until_close(timeout=SHUTDOWN_TIMEOUT + 10, after_error=None)
    status = server.wait(SHUTDOWN_TIMEOUT + 10)
    elapsed = time.monotonic() - started
    assert closed is not None and closed.code == 1001 and status == 0 and elapsed <= 2 * SHUTDOWN_TIMEOUT + 2, \
        (f"expected the consumer closed with 1001 and exit status 0 within twice {SHUTDOWN_TIMEOUT} s (graceful, "
         f"then cancelled); observed close {closed.code if closed else 'still open'}, exit status {status} after "
         f"{elapsed:.1f} s; log:\n{server.log.read_text()[-3000:]}")
