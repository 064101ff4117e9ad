"""§11.2 and decision (e): which upgrades carry an acceptable `Origin`. The consumer endpoint accepts an
upgrade without `Origin` (native apps) and refuses a foreign one (a web page of another site); the agent
endpoint refuses a missing or foreign one. Origins compare as origins: a trailing slash or another case is
the same origin. A refused upgrade is answered with HTTP 400 and not upgraded: Hummingbird answers a refused
upgrade itself, before a route could answer 403 (§11.2)."""

from __future__ import annotations

from typing import Iterator

import pytest

from peer import Peer
from support import AssistServer, barrier
from wsraw import HandshakeRefused

ALLOWED = "https://console.example.com"
FOREIGN = "https://evil.example.net"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AssistServer]:
    started = AssistServer(tmp_path_factory.mktemp("origin"), extra_arguments=("--allow-origin", ALLOWED, "--shutdown-timeout", "3")).start()
    try:
        yield started
    finally:
        started.stop()


def assert_refused_400(server: AssistServer, endpoint: str, **options) -> None:
    try:
        ws = server.connect(endpoint, **options)
    except HandshakeRefused as refused:
        assert refused.status == 400, f"expected HTTP 400; observed HTTP {refused.status} {refused.body[:200]!r}"
        return
    ws.close()
    raise AssertionError(f"expected HTTP 400; observed the upgrade accepted (101) with {options}")


def assert_upgraded_and_usable(server: AssistServer, endpoint: str, **options) -> None:
    try:
        ws = server.connect(endpoint, **options)
    except HandshakeRefused as refused:
        raise AssertionError(f"expected the upgrade (101); observed HTTP {refused.status} "
                             f"{refused.body[:200]!r}") from None
    agent_id = server.fresh_agent() if endpoint == "agent" else None
    peer = Peer(ws, endpoint, server, token=server.tokens[agent_id] if agent_id else None)
    peer.hello()
    barrier(peer)
    peer.close()


# -- consumer ----------------------------------------------------------------------------------------------------


def test_consumer_upgrade_without_origin_is_accepted(server: AssistServer):
    assert_upgraded_and_usable(server, "consumer", origin=None)


def test_consumer_upgrade_with_the_servers_own_origin_is_accepted(server: AssistServer):
    assert_upgraded_and_usable(server, "consumer", origin=server.origin)


def test_consumer_upgrade_with_an_allowed_origin_is_accepted(server: AssistServer):
    assert_upgraded_and_usable(server, "consumer", origin=ALLOWED)


def test_consumer_upgrade_with_a_foreign_origin_is_refused_400(server: AssistServer):
    assert_refused_400(server, "consumer", origin=FOREIGN)


def test_consumer_upgrade_with_null_origin_is_refused_400(server: AssistServer):
    assert_refused_400(server, "consumer", origin="null")


def test_consumer_upgrade_with_an_allowed_and_a_foreign_origin_is_refused_400(server: AssistServer):
    assert_refused_400(server, "consumer", origins=[ALLOWED, FOREIGN])


# -- agent ---------------------------------------------------------------------------------------------------------


def test_agent_upgrade_without_origin_is_refused_400(server: AssistServer):
    assert_refused_400(server, "agent", origins=[])


def test_agent_upgrade_with_a_foreign_origin_is_refused_400(server: AssistServer):
    assert_refused_400(server, "agent", origin=FOREIGN)


def test_agent_upgrade_with_another_port_of_the_same_host_is_refused_400(server: AssistServer):
    assert_refused_400(server, "agent", origin=f"http://{server.host}:{server.port + 1}")


def test_agent_upgrade_with_an_allowed_and_a_foreign_origin_is_refused_400(server: AssistServer):
    assert_refused_400(server, "agent", origins=[server.origin, FOREIGN])


def test_agent_upgrade_with_the_servers_own_origin_is_accepted(server: AssistServer):
    assert_upgraded_and_usable(server, "agent", origin=server.origin)


def test_agent_upgrade_with_an_allowed_origin_is_accepted(server: AssistServer):
    assert_upgraded_and_usable(server, "agent", origin=ALLOWED)


def test_agent_upgrade_with_the_servers_own_origin_and_a_trailing_slash_is_accepted(server: AssistServer):
    assert_upgraded_and_usable(server, "agent", origin=server.origin + "/")


def test_agent_upgrade_with_the_servers_own_origin_in_upper_case_is_accepted(server: AssistServer):
    assert_upgraded_and_usable(server, "agent", origin=server.origin.upper())


def test_agent_upgrade_with_an_allowed_origin_in_other_case_and_trailing_slash_is_accepted(server: AssistServer):
    assert_upgraded_and_usable(server, "agent", origin="HTTPS://Console.Example.COM/")


def test_consumer_upgrade_with_an_allowed_origin_in_other_case_is_accepted(server: AssistServer):
    assert_upgraded_and_usable(server, "consumer", origin="https://CONSOLE.example.com/")
