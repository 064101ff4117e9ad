"""Fixtures: a real assist-server per test module (tests that share it use their own destinations and
agents), and a factory for tests that need a server of their own (restart, shutdown, rate)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable, Iterator

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from support import AssistServer  # noqa: E402


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AssistServer]:
    """One server for the module; every test uses fresh destinations, agents and connections."""
    started = AssistServer(tmp_path_factory.mktemp("server"), extra_arguments=("--shutdown-timeout", "3")).start()
    try:
        yield started
    finally:
        started.stop()


@pytest.fixture
def start_server(tmp_path: Path) -> Iterator[Callable[..., AssistServer]]:
    """Starts servers of the test's own; every one is stopped (SIGTERM, then SIGKILL) at the end."""
    started: list[AssistServer] = []

    def start(**options) -> AssistServer:
        folder = tmp_path / f"server-{len(started)}"
        instance = AssistServer(folder, **options)
        started.append(instance)
        return instance.start()

    yield start
    for instance in started:
        instance.stop()
